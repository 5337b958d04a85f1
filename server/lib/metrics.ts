import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics (prom-client), one registry per app (so two apps in one process, as in the tests,
 * never count each other's work) plus the process's own (CPU, memory, event-loop lag, GC), scraped at
 * `/metrics` (http/metrics.ts). Names, labels and the alert rules an operator sets on them are in
 * docs/operations.md, "Metrics". Every label takes a bounded set of values: a route is its pattern
 * (`/api/outlet/details`, `/trpc/outlets.nearby`), never a raw path.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly statementDuration: Histogram<'database' | 'kind'>;
  readonly statementErrors: Counter<'database' | 'code'>;
  readonly poolWait: Histogram<'database'>;
  readonly jobRuns: Counter<'queue' | 'outcome'>;
  readonly sseStreams: Gauge;
  readonly payments: Counter<'outcome'>;
  readonly refunds: Counter<'kind' | 'outcome'>;
  readonly notificationSends: Counter<'channel' | 'outcome'>;
  readonly replicaReads: Counter<'target'>;
  /**
   * Times the app's statements and pool waits on `db`, labelled `database` (`primary`, `replica`). A
   * handle is listened to once: the newest app to watch it gets its timings.
   */
  watchDatabase(db: Knex, database: string): void;
  /** The job queues' depth by state, read from pg-boss's table when scraped. */
  watchQueues(read: () => Promise<{ queue: string; state: string; count: number }[]>): void;
  /** The whole exposition: this app's metrics and the process's. */
  text(): Promise<string>;
}

let processRegistry: Registry | null = null;

/** The process's default metrics, collected once however many apps the process builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Statement kinds: the first keyword of the SQL, from a fixed list. */
const KINDS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'savepoint', 'release']);
export function statementKind(sql: string): string {
  const word = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? '';
  return KINDS.has(word) ? word : 'other';
}

/** Seconds, for latency histograms: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  max: number;
  on(event: 'acquireRequest', fn: (eventId: number) => void): void;
  on(event: 'acquireSuccess' | 'acquireFail', fn: (eventId: number) => void): void;
}

/** Where one database handle's timings go: the metrics of the app that watched it last. */
interface DatabaseSink {
  database: string;
  statementDuration: Metrics['statementDuration'];
  statementErrors: Metrics['statementErrors'];
  poolWait: Metrics['poolWait'];
}

const watched = new WeakMap<Knex, { sink: DatabaseSink | null }>();

/**
 * Listens to a database handle's statements and pool once, however many apps are built on it (tests
 * build several on one handle; listeners added per app would pile up on it for good).
 */
function listenTo(db: Knex): { sink: DatabaseSink | null } {
  const known = watched.get(db);
  if (known) return known;
  const target: { sink: DatabaseSink | null } = { sink: null };
  watched.set(db, target);
  const started = new Map<string, { at: number; kind: string }>();
  db.on('query', (q: { __knexQueryUid?: string; sql?: string }) => {
    if (q.__knexQueryUid) started.set(q.__knexQueryUid, { at: performance.now(), kind: statementKind(q.sql ?? '') });
  });
  const end = (q: { __knexQueryUid?: string }, error?: { code?: unknown }) => {
    const s = q.__knexQueryUid ? started.get(q.__knexQueryUid) : undefined;
    if (!s) return;
    started.delete(q.__knexQueryUid!);
    const sink = target.sink;
    if (!sink) return;
    sink.statementDuration.observe({ database: sink.database, kind: s.kind }, (performance.now() - s.at) / 1000);
    if (error) sink.statementErrors.inc({ database: sink.database, code: typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code.slice(0, 2) : 'other' });
  };
  db.on('query-response', (_response: unknown, q: { __knexQueryUid?: string }) => end(q));
  db.on('query-error', (error: { code?: unknown }, q: { __knexQueryUid?: string }) => end(q, error ?? {}));
  const pool = (db.client as { pool?: TarnPool }).pool;
  if (pool && typeof pool.numUsed === 'function') {
    const waiting = new Map<number, number>();
    pool.on('acquireRequest', (id) => waiting.set(id, performance.now()));
    const acquired = (id: number) => {
      const at = waiting.get(id);
      if (at === undefined) return;
      waiting.delete(id);
      if (target.sink) target.sink.poolWait.observe({ database: target.sink.database }, (performance.now() - at) / 1000);
    };
    pool.on('acquireSuccess', acquired);
    pool.on('acquireFail', acquired);
  }
  return target;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status (event streams excluded)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const statementDuration = new Histogram({
    name: 'bachat_db_statement_duration_seconds',
    help: "The app's SQL statements by database (primary, replica) and kind (select, insert, …)",
    labelNames: ['database', 'kind'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const statementErrors = new Counter({
    name: 'bachat_db_statement_errors_total',
    help: 'Statements that failed, by database and SQLSTATE class (23 constraint, 40 serialization, 57 cancelled / timeout, 08 connection)',
    labelNames: ['database', 'code'] as const,
    registers,
  });
  const poolWait = new Histogram({
    name: 'bachat_db_pool_wait_seconds',
    help: 'Time a statement waited for a pool connection',
    labelNames: ['database'] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers,
  });
  const jobRuns = new Counter({
    name: 'bachat_job_runs_total',
    help: 'Background job runs in this process by queue and outcome (done, failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const sseStreams = new Gauge({ name: 'bachat_sse_streams_open', help: "Open Server-Sent Event streams (the counter's live payments)", registers });
  const payments = new Counter({
    name: 'bachat_payments_total',
    help: 'Payment events applied, by the order outcome they left (paid, failed, expired, created) or duplicate',
    labelNames: ['outcome'] as const,
    registers,
  });
  const refunds = new Counter({
    name: 'bachat_refunds_total',
    help: 'Refunds settled, by kind (owner, auto) and outcome (processed, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const notificationSends = new Counter({
    name: 'bachat_notification_sends_total',
    help: 'Notification deliveries by channel (email, sms, web_push, app_push) and outcome (sent, retry, failed)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  const replicaReads = new Counter({
    name: 'bachat_read_routing_total',
    help: 'Discovery reads by where they went: replica, or primary (no replica, a recent writer, or the replica lagging)',
    labelNames: ['target'] as const,
    registers,
  });

  const pools: { database: string; pool: TarnPool }[] = [];
  const poolGauge = (name: string, help: string, read: (p: TarnPool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['database'] as const,
      registers,
      collect() {
        this.reset();
        for (const { database, pool } of pools) this.set({ database }, read(pool));
      },
    });
  poolGauge('bachat_db_pool_connections_used', 'Pool connections running a statement or a transaction', (p) => p.numUsed());
  poolGauge('bachat_db_pool_connections_free', 'Idle pool connections', (p) => p.numFree());
  poolGauge('bachat_db_pool_connections_max', 'The pool size (DATABASE_POOL_MAX)', (p) => p.max);
  poolGauge('bachat_db_pool_waiting', 'Statements waiting for a pool connection now', (p) => p.numPendingAcquires());

  let readQueues: (() => Promise<{ queue: string; state: string; count: number }[]>) | null = null;
  new Gauge({
    name: 'bachat_job_queue_depth',
    help: 'Jobs in the queue tables by queue and state (created, retry, active)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      if (!readQueues) return;
      for (const row of await readQueues()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });

  return {
    registry,
    httpDuration,
    statementDuration,
    statementErrors,
    poolWait,
    jobRuns,
    sseStreams,
    payments,
    refunds,
    notificationSends,
    replicaReads,
    watchDatabase(db, database) {
      const pool = (db.client as { pool?: TarnPool }).pool;
      if (pool && typeof pool.numUsed === 'function') pools.push({ database, pool });
      listenTo(db).sink = { database, statementDuration, statementErrors, poolWait };
    },
    watchQueues(read) {
      readQueues = read;
    },
    async text() {
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}
