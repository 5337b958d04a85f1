import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Logger } from '../lib/logger.ts';
import { requestContext } from '../lib/logger.ts';
import { runtime, type ReadRouting } from '../lib/runtime.ts';
import { statementKind } from '../lib/metrics.ts';

/**
 * Discovery reads (nearby, search, outlet pages) on a streaming replica (READ_DATABASE_URL), everything
 * else on the primary, with read-your-writes for whoever just wrote (docs/operations.md, "Read replica").
 *
 * How a writer reads their own write, whichever instance serves them next: a request of a signed-in
 * principal that wrote on the primary records the primary's WAL position after it (`pg_current_wal_lsn()`)
 * on that principal's sessions (sessions/service.ts, `markSessionsWrote`), before its response goes out.
 * Their later requests carry that position (the auth middleware reads it with the session), and a
 * discovery read goes to the replica only once the replica has replayed at least that far. The
 * replica's replay position is polled a few times a second by each instance (a stale value only sends
 * more reads to the primary, never a stale read to a writer). Anyone else reads the replica whenever it
 * answers; a replica that stops answering sends every read to the primary until it is back.
 */
export type { ReadRouting };

/** `16/B374D848` → a comparable number. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

/** How often each instance asks the replica how far it has replayed. */
export const REPLAY_POLL_MS = 100;

export function createReadRouting(replica: Knex, logger: Logger, pollMs = REPLAY_POLL_MS): ReadRouting {
  let lsn: bigint | null = null;
  let healthy = true;
  let closed = false;
  const poll = async () => {
    try {
      const { rows } = (await replica.raw('SELECT pg_last_wal_replay_lsn()::text AS lsn')) as { rows: { lsn: string | null }[] };
      // A server that is not in recovery (a promoted replica, or a primary named by mistake) replays
      // nothing: its own position is as current as it gets.
      const replayed = parseLsn(rows[0]?.lsn) ?? parseLsn(((await replica.raw('SELECT pg_current_wal_lsn()::text AS lsn')) as { rows: { lsn: string }[] }).rows[0]?.lsn);
      lsn = replayed;
      if (!healthy) logger.info('read replica answering again: discovery reads go to it');
      healthy = true;
    } catch (err) {
      lsn = null;
      if (healthy) logger.warn({ err }, 'read replica not answering: discovery reads go to the primary');
      healthy = false;
    }
  };
  let timer: NodeJS.Timeout | null = null;
  const loop = async () => {
    await poll();
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  };
  void loop();
  return {
    replica,
    replayLsn: () => lsn,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await replica.destroy();
    },
  };
}

/**
 * The database a discovery read runs on: the replica when there is one, it answers, and it has
 * replayed the caller's own last write; the primary otherwise.
 */
export function discoveryDb(): Knex {
  const rt = runtime();
  const reads = rt.reads;
  if (!reads) return rt.db;
  const replayed = reads.replayLsn();
  const mustSee = requestContext.getStore()?.readAfterLsn;
  const target = replayed === null || (mustSee !== undefined && replayed < mustSee) ? 'primary' : 'replica';
  rt.metrics.replicaReads.inc({ target });
  return target === 'replica' ? reads.replica : rt.db;
}

/** Statement kinds that change nothing (a request that ran only these did not write). */
const READ_ONLY_KINDS = new Set(['select', 'begin', 'commit', 'rollback', 'savepoint', 'release']);

/** Marks the current request as a writer when `db` runs a statement that may write. */
export function watchWrites(db: Knex): void {
  db.on('query', (q: { sql?: string }) => {
    const store = requestContext.getStore();
    if (store && !store.wrote && !READ_ONLY_KINDS.has(statementKind(q.sql ?? ''))) store.wrote = true;
  });
}

/**
 * After the auth middleware, with a replica only: the principal's last write position goes with the
 * request (for `discoveryDb`), and a request that wrote records the new one before it answers.
 */
export function readYourWrites<P extends { writeLsn?: string }>(mark: (principal: P) => Promise<void>): Middleware {
  return async (ctx, next) => {
    const store = requestContext.getStore();
    const principal = ctx.state.principal as P | null | undefined;
    const after = parseLsn(principal?.writeLsn);
    if (store && after !== null) store.readAfterLsn = after;
    await next();
    if (store?.wrote && principal) await mark(principal);
  };
}
