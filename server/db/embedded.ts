import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { EmbeddedQueryOptions, EmbeddedReply, EmbeddedRequest, EmbeddedWorkerData, SerializedDbError } from './embedded-protocol.ts';

/**
 * The embedded database (PGlite, PostgreSQL compiled to WebAssembly) on a thread of its own.
 *
 * PGlite runs a statement synchronously on the thread that owns it, so on the HTTP server's thread a
 * slow statement stalls every request, and a stuck one (PGlite 0.5's protocol loop swallows a
 * WebAssembly trap and spins: docs/operations.md, "The embedded database") freezes the process for good,
 * deaf to timers and signals. Here PGlite lives in a worker thread (server/db/embedded-worker.ts) and
 * this object stands in for it: knex-pglite and pg-boss call `query` / `exec` as they would on PGlite.
 *
 * Every statement has a deadline (`statementTimeoutMs`; PostgreSQL's own `statement_timeout` cannot fire
 * inside WebAssembly). A statement past it is failed with SQLSTATE 57014, as PostgreSQL fails one, and
 * the thread is ended and started again on the same data directory (an in-memory database starts again
 * from its snapshot, empty of what was written since). So is a thread whose backend trapped.
 */
export interface EmbeddedDatabaseOptions {
  /** Directory of a persistent database; absent: in memory. */
  dataDir?: string;
  /** Start from this dumped data directory (a tarball on disk). */
  loadDataDirPath?: string;
  /** A statement's deadline in milliseconds; 0: none. */
  statementTimeoutMs?: number;
  /** Told when a statement passes its deadline or the database's thread is replaced. */
  onEvent?: (event: EmbeddedEvent) => void;
}

export type EmbeddedEvent =
  | { kind: 'deadline'; statement: string; ms: number }
  | { kind: 'restart'; reason: string }
  | { kind: 'crash'; statement: string; error: string };

/** A database error from the embedded thread, with PostgreSQL's fields (`code` is the SQLSTATE). */
export class EmbeddedDbError extends Error {
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

  constructor(error: SerializedDbError) {
    super(error.message);
    this.name = error.name === 'Error' ? 'DatabaseError' : error.name;
    const { message: _m, name: _n, fatal: _f, ...fields } = error;
    Object.assign(this, fields);
  }
}

/** SQLSTATE 57014 query_canceled, as PostgreSQL's statement_timeout raises it. */
export const QUERY_CANCELED = '57014';
/** SQLSTATE 57P01 admin_shutdown: the connection ended under a statement. */
const ADMIN_SHUTDOWN = '57P01';

/** The first line or so of a statement, for logs and errors (never its parameters). */
export function statementHead(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | null;
  statement: string;
}

/**
 * The worker's bootstrap: it loads embedded-worker.ts through tsx's API, whatever runs this process
 * (tsx under `npm start`, Vitest's module runner in tests). Node 20 does not apply a loader given by
 * `--import` in a worker's execArgv to the worker's own entry, so the entry is a few lines of
 * JavaScript that import the TypeScript file themselves.
 */
function workerBootstrap(): string {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./embedded-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
}

export class EmbeddedDatabase {
  readonly #options: EmbeddedDatabaseOptions;
  #statementTimeoutMs: number;
  #worker: Worker | null = null;
  #ready: Promise<void> = Promise.resolve();
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  /** Set while a replaced thread stops; the next one starts after it (they may share a directory). */
  #restarting: Promise<void> | null = null;

  constructor(options: EmbeddedDatabaseOptions = {}) {
    this.#options = options;
    this.#statementTimeoutMs = options.statementTimeoutMs ?? 0;
    this.#start();
  }

  /**
   * knex-pglite awaits this when its pool makes the one connection. It resolves at once: statements
   * wait for the thread to start in `#call`, so a slow start (a large database, a busy machine) is not
   * counted against the pool's acquire timeout, which is about waiting for a busy connection.
   */
  readonly waitReady: Promise<void> = Promise.resolve();

  /** Resolves once the database's thread has started (rejects when it could not). */
  get ready(): Promise<void> {
    return this.#ready;
  }

  get statementTimeoutMs(): number {
    return this.#statementTimeoutMs;
  }

  /** Changes the deadline of statements sent from now on (0: none), e.g. lifted while migrating. */
  setStatementTimeout(ms: number): void {
    this.#statementTimeoutMs = ms;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<T>> {
    const plain: EmbeddedQueryOptions | undefined = options
      ? { ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}) }
      : undefined;
    return this.#call({ kind: 'query', sql, params, options: plain }, sql) as Promise<Results<T>>;
  }

  /** Runs a script of several statements (pg-boss sends some); its deadline covers the whole script. */
  exec(sql: string): Promise<Results[]> {
    return this.#call({ kind: 'exec', sql }, sql) as Promise<Results[]>;
  }

  /** Runs `fn` inside one transaction (the bench's plain-SQL reference uses PGlite's `transaction`). */
  async transaction<T>(fn: (tx: { query: EmbeddedDatabase['query'] }) => Promise<T>): Promise<T> {
    await this.query('BEGIN');
    try {
      const result = await fn({ query: (sql, params, options) => this.query(sql, params, options) });
      await this.query('COMMIT');
      return result;
    } catch (error) {
      await this.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** The data directory as a tarball (the test suite's migrated snapshot). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    const bytes = (await this.#call({ kind: 'dump', compression }, 'dump data directory', 0)) as Uint8Array<ArrayBuffer>;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#restarting) await this.#restarting;
    const worker = this.#worker;
    if (!worker) return;
    try {
      await this.#send({ kind: 'close', id: this.#nextId++ }, 'close', 10_000);
    } catch {
      // A thread that cannot close cleanly is ended below.
    }
    this.#worker = null;
    await worker.terminate();
  }

  #start(): void {
    const data: EmbeddedWorkerData = { dataDir: this.#options.dataDir, loadDataDirPath: this.#options.loadDataDirPath };
    const worker = new Worker(workerBootstrap(), {
      eval: true,
      workerData: data,
      execArgv: [],
      // The thread's own output goes to this process's (PGlite prints its warnings there).
      stdout: false,
      stderr: false,
    });
    this.#worker = worker;
    // An idle database does not keep the process alive; a statement in flight does (see #call).
    worker.unref();
    this.#ready = new Promise<void>((resolve, reject) => {
      const onMessage = (reply: EmbeddedReply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'failed') reject(new EmbeddedDbError(reply.error));
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
      let failure: Error | null = null;
      worker.once('error', (error) => (failure = error));
      worker.once('exit', (code) =>
        reject(new Error(`The embedded database stopped while starting (exit code ${code})${failure ? `: ${failure.message}` : ''}`, { cause: failure })),
      );
    });
    // A start that fails is reported to each caller by #call; nobody may be waiting yet.
    this.#ready.catch(() => undefined);
    worker.on('message', (reply: EmbeddedReply) => {
      if (reply.kind !== 'reply') return;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#settle(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else {
        pending.reject(new EmbeddedDbError(reply.error));
        if (reply.error.fatal && this.#worker === worker) {
          this.#options.onEvent?.({ kind: 'crash', statement: pending.statement, error: reply.error.message });
          void this.#replace(worker, `the database's backend failed (${reply.error.message})`);
        }
      }
    });
    worker.on('error', (error) => {
      if (this.#worker === worker) void this.#replace(worker, `the database's thread failed: ${error.message}`);
    });
    worker.on('exit', (code) => {
      if (this.#worker !== worker || this.#closed) return;
      this.#worker = null;
      this.#failAll(`The embedded database's thread stopped (exit code ${code}).`, ADMIN_SHUTDOWN);
    });
  }

  /**
   * Ends `worker` (if it is still the current one), fails what it was doing and starts a new one once
   * it has stopped (two PGlite instances must never open one directory at once).
   */
  #replace(worker: Worker, reason: string): Promise<void> {
    if (this.#worker !== worker) return this.#restarting ?? Promise.resolve();
    this.#worker = null;
    this.#failAll(`The embedded database was restarted: ${reason}.`, ADMIN_SHUTDOWN);
    this.#options.onEvent?.({ kind: 'restart', reason });
    const restarting = worker
      .terminate()
      .catch(() => undefined)
      .then(() => {
        if (this.#restarting === restarting) this.#restarting = null;
        if (!this.#closed && !this.#worker) this.#start();
      });
    this.#restarting = restarting;
    return restarting;
  }

  #failAll(message: string, code: string): void {
    for (const [id, pending] of [...this.#pending]) {
      this.#settle(id);
      pending.reject(new EmbeddedDbError({ name: 'DatabaseError', message, code }));
    }
  }

  #settle(id: number): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    if (pending.timer) clearTimeout(pending.timer);
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
  }

  async #call(request: DistributiveOmit<EmbeddedRequest, 'id'>, sql: string, timeoutMs = this.#statementTimeoutMs): Promise<unknown> {
    if (this.#closed) throw new EmbeddedDbError({ name: 'DatabaseError', message: 'The embedded database is closed.', code: ADMIN_SHUTDOWN });
    if (this.#restarting) await this.#restarting;
    if (!this.#worker) this.#start();
    await this.#ready;
    return this.#send({ ...request, id: this.#nextId++ } as EmbeddedRequest, statementHead(sql), timeoutMs);
  }

  #send(request: EmbeddedRequest, statement: string, timeoutMs: number): Promise<unknown> {
    const worker = this.#worker;
    if (!worker) return Promise.reject(new EmbeddedDbError({ name: 'DatabaseError', message: 'The embedded database is not running.', code: ADMIN_SHUTDOWN }));
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject, timer: null, statement };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this.#settle(request.id);
          this.#options.onEvent?.({ kind: 'deadline', statement, ms: timeoutMs });
          reject(
            new EmbeddedDbError({
              name: 'DatabaseError',
              code: QUERY_CANCELED,
              message: `canceling statement due to statement timeout (${timeoutMs} ms): ${statement}`,
            }),
          );
          void this.#replace(worker, `a statement passed its ${timeoutMs} ms deadline`);
        }, timeoutMs);
      }
      this.#pending.set(request.id, pending);
      worker.ref();
      worker.postMessage(request);
    });
  }
}
