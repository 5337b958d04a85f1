/**
 * What the main thread and the embedded database's thread (embedded-worker.ts) say to each other, and
 * the value parsers both sides agree on. No imports: the worker loads it before anything else.
 */

// Whole numbers and counts come back as JS numbers (money is integer paise, far below 2^53),
// `numeric` percentages as numbers, and `date` columns as 'YYYY-MM-DD' strings (no time zone games).
// The same parsers are set on node-postgres in knexfile.ts.
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;
export const EMBEDDED_PARSERS = {
  [INT8_OID]: (v: string) => Number(v),
  [NUMERIC_OID]: (v: string) => Number(v),
  [DATE_OID]: (v: string) => v,
};

export interface EmbeddedWorkerData {
  /** Directory of a persistent database; absent: in memory. */
  dataDir?: string;
  /** A dumped data directory (tarball) to start from (tests start from a migrated snapshot). */
  loadDataDirPath?: string;
}

export interface EmbeddedQueryOptions {
  rowMode?: 'object' | 'array';
  paramTypes?: number[];
}

export type EmbeddedRequest =
  | { kind: 'query'; id: number; sql: string; params?: unknown[]; options?: EmbeddedQueryOptions }
  | { kind: 'exec'; id: number; sql: string }
  | { kind: 'dump'; id: number; compression?: 'none' | 'gzip' | 'auto' }
  | { kind: 'close'; id: number };

/** A database error as it crosses threads: PostgreSQL's fields (SQLSTATE `code`, `constraint`, …). */
export interface SerializedDbError {
  message: string;
  name: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  severity?: string;
  where?: string;
  routine?: string;
  /** The backend is in an unknown state (a WebAssembly trap, an exit): the thread must be replaced. */
  fatal?: boolean;
}

export type EmbeddedReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedDbError }
  | { kind: 'reply'; id: number; ok: true; result: unknown }
  | { kind: 'reply'; id: number; ok: false; error: SerializedDbError };
