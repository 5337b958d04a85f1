import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Extension, type QueryOptions, type Results } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  EMBEDDED_PARSERS,
  type EmbeddedQueryOptions,
  type EmbeddedReply,
  type EmbeddedRequest,
  type EmbeddedWorkerData,
  type SerializedDbError,
} from './embedded-protocol.ts';

/**
 * The embedded database's thread (server/db/embedded.ts starts it): one PGlite instance, answering
 * the main thread's messages one at a time. PGlite runs each statement synchronously on its thread, so
 * here a slow or stuck statement holds only this thread; the main thread keeps serving requests and
 * ends this thread when a statement passes its deadline.
 */
const port = parentPort;
if (!port) throw new Error('embedded-worker.ts runs only as a worker thread');
const data = workerData as EmbeddedWorkerData;

function errorOf(error: unknown): SerializedDbError {
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    const out: SerializedDbError = { message: String(e.message ?? error), name: String(e.name ?? 'Error') };
    for (const key of ['code', 'detail', 'hint', 'position', 'schema', 'table', 'column', 'dataType', 'constraint', 'severity', 'where', 'routine'] as const) {
      if (typeof e[key] === 'string') out[key] = e[key];
    }
    // A WebAssembly trap (RuntimeError) leaves PGlite's backend in an unknown state: the thread must go.
    if (error instanceof WebAssembly.RuntimeError || e.name === 'ExitStatus') out.fatal = true;
    return out;
  }
  return { message: String(error), name: 'Error' };
}

/**
 * PGlite 0.5 instantiates every extension's shared library (.so, a WebAssembly side module) at start,
 * all at once and asynchronously. About one start in eight on a busy machine then leaves a function
 * pointer of one of them broken: the first nearest-first (GiST KNN) scan over `ll_to_earth(…) <-> …`
 * traps with "null function or function signature mismatch", and PGlite's protocol loop swallows the
 * trap and spins forever (electric-sql/pglite#1058). This pseudo-extension, set before the others,
 * turns the start-up instantiation off (emscripten's `noWasmDecoding`): each library is then loaded
 * synchronously, one at a time, when PostgreSQL first calls into it. docs/operations.md, "The
 * embedded database", has the measurements and the reproducer.
 */
const loadLibrariesOnFirstUse: Extension = {
  name: 'load-libraries-on-first-use',
  setup: async (_pg, emscriptenOpts: Record<string, unknown>) => ({ emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true } }),
};

async function open(): Promise<PGlite> {
  const loadDataDir = data.loadDataDirPath ? new Blob([fs.readFileSync(data.loadDataDirPath)]) : undefined;
  if (data.dataDir) fs.mkdirSync(data.dataDir, { recursive: true });
  const db = new PGlite({
    dataDir: data.dataDir,
    loadDataDir,
    extensions: { loadLibrariesOnFirstUse, cube, earthdistance, pg_trgm },
    parsers: EMBEDDED_PARSERS,
    relaxedDurability: false,
  });
  await db.waitReady;
  return db;
}

const ready = open();
ready.then(
  () => port.postMessage({ kind: 'ready' } satisfies EmbeddedReply),
  (error: unknown) => port.postMessage({ kind: 'failed', error: errorOf(error) } satisfies EmbeddedReply),
);

/** Only what structured cloning carries and PGlite reads: the row mode and the parameter types. */
function optionsOf(options: EmbeddedQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const out: QueryOptions = {};
  if (options.rowMode) out.rowMode = options.rowMode;
  if (options.paramTypes) out.paramTypes = options.paramTypes;
  return out;
}

port.on('message', async (request: EmbeddedRequest) => {
  let db: PGlite;
  try {
    db = await ready;
  } catch (error) {
    port.postMessage({ kind: 'reply', id: request.id, ok: false, error: errorOf(error) } satisfies EmbeddedReply);
    return;
  }
  try {
    let result: Results | Results[] | Uint8Array | null;
    switch (request.kind) {
      case 'query':
        result = await db.query(request.sql, request.params, optionsOf(request.options));
        break;
      case 'exec':
        result = await db.exec(request.sql);
        break;
      case 'dump': {
        const blob = await db.dumpDataDir(request.compression);
        result = new Uint8Array(await blob.arrayBuffer());
        break;
      }
      case 'close':
        await db.close();
        result = null;
        break;
    }
    port.postMessage({ kind: 'reply', id: request.id, ok: true, result } satisfies EmbeddedReply);
  } catch (error) {
    port.postMessage({ kind: 'reply', id: request.id, ok: false, error: errorOf(error) } satisfies EmbeddedReply);
  }
});
