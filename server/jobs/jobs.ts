import { randomInt } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { Logger } from '../lib/logger.ts';
import { PGBOSS_SCHEMA } from '../../migrations/20261123090000_create_pgboss.ts';

/**
 * Scheduled and background work (docs/operations.md, "Jobs"), on pg-boss over the app's own database:
 * PostgreSQL through the app's pool, or the embedded PGlite through its one connection. Jobs live in
 * tables (schema `pgboss`), so they survive restarts; pg-boss fetches with `FOR UPDATE SKIP LOCKED`, so two
 * workers never run one job at once, and a job runs again only if its worker failed or died before
 * finishing it (handlers are written to be safe to run twice).
 *
 * Modules declare their jobs in their manifest (`jobs: [defineJob(…)]`); the app builds one `Jobs` from
 * the list. It always enqueues (`send`); it works jobs and fires schedules only once started, which the
 * server does unless `JOB_WORKERS=separate` (then `npm run worker` does).
 */
/**
 * A queue by name, for senders (`jobs.send`): a module whose services enqueue work their own job handlers
 * do (notifications) declares its queues apart from the handlers, so services and handlers need not
 * import each other. The data type `T` rides along for `send`'s check.
 */
export interface JobQueue<T extends object = object> {
  /** `<module>.<what>`: the queue name. */
  readonly name: string;
  /** Never set: carries the data type. */
  __data?(data: T): void;
}

/** Declares a queue whose job (`defineJob({ ...queue, handler })`) is defined elsewhere. */
export function defineQueue<T extends object>(name: string): JobQueue<T> {
  return { name };
}

export interface JobDefinition<T extends object = object> extends JobQueue<T> {
  /** Runs inside the app's runtime. Throw to fail the attempt (retried as `retry` says). */
  handler(data: T, job: { id: string; retryCount: number }): Promise<void>;
  /** Fires on this cron in Asia/Kolkata (at most once per minute across all workers). */
  readonly cron?: string;
  /** Data for the scheduled runs. */
  readonly cronData?: T;
  /** Enqueue one run with this data whenever workers start (once, however many start together). */
  readonly atStart?: T;
  readonly retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run that takes longer is failed (and retried). Default 15 minutes. */
  readonly expireInSeconds?: number;
  /** How often an idle worker looks for work. Default 2 s. */
  readonly pollingIntervalSeconds?: number;
  /** Jobs a worker takes at once (each handled one after another). Default 1. */
  readonly batchSize?: number;
}

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if it commits. */
  trx?: Knex.Transaction;
  /** At most one queued job with this key (a later send returns null). */
  singletonKey?: string;
  /** With `singletonKey`: at most one per this many seconds. */
  singletonSeconds?: number;
  /** Not before. */
  startAfter?: Date;
}

export interface Jobs {
  send<T extends object>(queue: JobQueue<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Creates the queues and, when `work`, starts the workers and the schedules. */
  start(options: { work: boolean }): Promise<void>;
  /** Stops taking work and waits (up to `timeoutMs`) for running handlers. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Runs each queued job of `definition` now, in this process (tests, and the worker's drain on start). */
  drain<T extends object>(definition: JobDefinition<T>): Promise<number>;
  readonly definitions: readonly JobDefinition[];
}

/** pg-boss's SQL goes through the app's Knex connections (so a send can join a transaction). */
function executorOf(db: Knex): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const connection = (await db.client.acquireConnection()) as DriverConnection;
      try {
        if ((!values || values.length === 0) && typeof connection.exec === 'function') {
          // pg-boss sends some scripts of several statements; PGlite runs those only through exec().
          const results = await connection.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        }
        return await connection.query(text, values);
      } finally {
        await db.client.releaseConnection(connection);
      }
    },
  };
}

interface DriverConnection {
  exec?: (sql: string) => Promise<{ rows: unknown[] }[]>;
  query: (sql: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}

export interface CreateJobsOptions {
  db: Knex;
  logger: Logger;
  definitions: readonly JobDefinition[];
  /** Runs a handler in the app's runtime (request-less scope). */
  runInApp: <R>(fn: () => Promise<R>) => Promise<R>;
  /** Told of every run's outcome (the job metrics). */
  onRun?: (queue: string, outcome: 'done' | 'failed') => void;
}

export function createJobs({ db, logger, definitions, runInApp, onRun }: CreateJobsOptions): Jobs {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  if (byName.size !== definitions.length) throw new Error('Two jobs share a name');
  const boss = new PgBoss({
    db: executorOf(db),
    schema: PGBOSS_SCHEMA,
    // The schema comes from the migrations; pg-boss still checks its version on start.
    migrate: true,
    supervise: true,
    schedule: true,
  });
  boss.on('error', (err) => logger.error({ err }, 'job runner error'));

  let queuesReady: Promise<void> | null = null;
  const ensureQueues = () =>
    (queuesReady ??= (async () => {
      for (const d of definitions) {
        // Processes starting together on a fresh database create the same queues at once; PostgreSQL
        // may pick one of them as a deadlock victim (pg-boss's create_queue locks the queue table and
        // adds a partition). The victim's statement rolled back: it looks again and finds the queue.
        for (let attempt = 0; ; attempt++) {
          try {
            if (!(await boss.getQueue(d.name))) await boss.createQueue(d.name, queueOptions(d));
            break;
          } catch (error) {
            const code = (error as { code?: unknown }).code;
            if ((code !== '40P01' && code !== '23505') || attempt >= 5) throw error;
            await new Promise((r) => setTimeout(r, 50 + randomInt(200)));
          }
        }
        known.add(d.name);
      }
    })().catch((error: unknown) => {
      queuesReady = null;
      throw error;
    }));

  const known = new Set<string>();
  const queueOptions = (d: JobDefinition) => ({
    name: d.name,
    retryLimit: d.retry?.limit ?? 3,
    retryDelay: d.retry?.delaySeconds ?? 30,
    retryBackoff: d.retry?.backoff ?? true,
    expireInSeconds: d.expireInSeconds ?? 15 * 60,
  });
  const ensureQueueWithin = async (trx: Knex.Transaction, d: JobDefinition) => {
    if (known.has(d.name)) return;
    const within = new PgBoss({ db: executorOf(trx), schema: PGBOSS_SCHEMA });
    // A queue found exists for good; one made here exists only if the transaction commits.
    if (await within.getQueue(d.name)) known.add(d.name);
    else await within.createQueue(d.name, queueOptions(d));
  };

  const run = async <T extends object>(d: JobDefinition<T>, job: PgBoss.JobWithMetadata<T>) => {
    const started = Date.now();
    try {
      await runInApp(() => d.handler(job.data, { id: job.id, retryCount: job.retryCount }));
      logger.debug({ job: d.name, jobId: job.id, ms: Date.now() - started }, 'job done');
      onRun?.(d.name, 'done');
    } catch (err) {
      logger.error({ err, job: d.name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
      onRun?.(d.name, 'failed');
      throw err;
    }
  };

  let started = false;
  return {
    definitions,
    async send(queue, data, options = {}) {
      const definition = byName.get(queue.name);
      if (!definition) throw new Error(`Unknown job ${queue.name}`);
      // Inside a transaction the queue is made through that transaction: on PGlite's one connection the
      // runner's own connection would wait for the transaction, which waits for the send.
      if (options.trx) await ensureQueueWithin(options.trx, definition);
      else await ensureQueues();
      return boss.send(definition.name, data, {
        ...(options.trx ? { db: executorOf(options.trx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async start({ work }) {
      await ensureQueues();
      if (!work || started) return;
      started = true;
      await boss.start();
      for (const d of definitions) {
        await boss.work<object>(
          d.name,
          { includeMetadata: true, batchSize: d.batchSize ?? 1, pollingIntervalSeconds: d.pollingIntervalSeconds ?? 2 },
          async (jobs) => {
            for (const job of jobs) await run(d, job);
          },
        );
        if (d.cron) await boss.schedule(d.name, d.cron, d.cronData ?? {}, { tz: 'Asia/Kolkata' });
        else await boss.unschedule(d.name);
        if (d.atStart) await boss.send(d.name, d.atStart, { singletonKey: 'at-start', singletonSeconds: 60 });
      }
    },
    async stop({ timeoutMs = 5_000 } = {}) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
    async drain<T extends object>(definition: JobDefinition<T>) {
      await ensureQueues();
      let count = 0;
      for (;;) {
        const jobs = await boss.fetch<T>(definition.name, { includeMetadata: true, batchSize: 10 });
        if (jobs.length === 0) return count;
        for (const job of jobs) {
          try {
            await run(definition, job);
            await boss.complete(definition.name, job.id);
          } catch (err) {
            await boss.fail(definition.name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
          count++;
        }
      }
    },
  };
}

/**
 * Jobs waiting or running, by queue and state (`created`, `retry`, `active`): the queue-depth metric.
 * One grouped read of pg-boss's job table (its states are an enum ordered created < retry < active <
 * completed …); empty before the migrations have made the schema.
 */
export async function jobQueueDepth(db: Knex): Promise<{ queue: string; state: string; count: number }[]> {
  try {
    const { rows } = (await db.raw(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${PGBOSS_SCHEMA}.job WHERE state < 'completed' GROUP BY 1, 2`,
    )) as { rows: { queue: string; state: string; count: number }[] };
    return rows;
  } catch (error) {
    if ((error as { code?: unknown }).code === '42P01') return [];
    throw error;
  }
}
