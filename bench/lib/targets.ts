import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import knexFactory, { type Knex } from 'knex';
import { parseEnv, type Env } from '../../server/env.ts';
import { openDatabase } from '../../server/db/knex.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';
import { createApp } from '../../server/app.ts';
import { createLogger, type Logger } from '../../server/lib/logger.ts';
import { createLocalStorage } from '../../server/providers/storage.ts';
import { ensureGeneratedOutlets } from '../data/generate.ts';
import { plainSql, type PlainSql } from './plain-sql.ts';
import { startAppProcess } from './process.ts';

export const BENCH_SECRET = 'bench-secret-0123456789abcdef0123456789';

/**
 * One data set the bench measures: its generated outlets, the bench's own Knex on it (for setting up
 * and for the service functions suites call directly), the plain-driver reference, and the app serving
 * it over HTTP in the configuration `npm start` runs (NODE_ENV unset, info-level request logging).
 *
 * - Embedded PGlite (the default): one data set, 100,000 outlets; the app runs in this process (PGlite
 *   lives in the process that opened it), its log lines written to /dev/null.
 * - PostgreSQL (BENCH_DATABASE_URL=…/<db>): each data set is a database of that server (`<db>_100k`,
 *   and `<db>` itself for 1,000,000), migrated, seeded and generated once and kept for later runs; the
 *   app runs as its own process, started as `npm start` starts its server.
 */
export interface Target {
  label: string;
  outlets: number;
  db: Knex;
  sql: PlainSql;
  baseUrl: string;
  /** PostgreSQL only: a connection string reaching this data set's database. */
  connectionString: string | null;
  /** Whether the app serving `baseUrl` is a process of its own. */
  appProcess: boolean;
  stop(): Promise<void>;
}

/** The npm-start logger: info level, JSON lines, written where `npm start`'s stdout would go (here /dev/null). */
function npmStartLogger(): Logger {
  return createLogger({ level: 'info' }, fs.createWriteStream('/dev/null'));
}

/**
 * What the bench changes from npm start's defaults: the counter suite holds 1,000 streams on one outlet
 * from one account and one address (the fan-out a chain's many counters would make), past the
 * per-account and per-address stream caps (20 and 100 by default, docs/operations.md "Live streams").
 */
const BENCH_APP_ENV = { LIVE_STREAMS_PER_ACCOUNT: '100000', LIVE_STREAMS_PER_IP: '100000' };

function npmStartEnv(overrides: Record<string, string>): Env {
  return parseEnv({ APP_SECRET: BENCH_SECRET, ...BENCH_APP_ENV, ...overrides });
}

/** The database a connection string names. */
export function databaseOf(connectionString: string): string {
  const name = decodeURIComponent(new URL(connectionString).pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a database (lower-case letters, digits, _): got "${name}"`);
  return name;
}

/** The same server and credentials, another database. */
export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The data sets' databases for BENCH_DATABASE_URL's database `<db>`: the large one (1,000,000 outlets)
 * is `<db>` itself, the 100,000-outlet one `<db>_100k`.
 */
export function datasetUrls(connectionString: string): { small: string; large: string } {
  const db = databaseOf(connectionString);
  return { small: withDatabase(connectionString, `${db}_100k`), large: connectionString };
}

export const labelOf = (n: number) => n.toLocaleString('en-US');

/** The embedded data set: PGlite in a temp dir, the app in this process. */
export async function embeddedTarget(outlets: number, print: (s: string) => void): Promise<Target & { env: Env; logger: Logger }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-bench-'));
  const env = npmStartEnv({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const logger = npmStartLogger();
  const db = openDatabase(env);
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  await prepareDatabase(db, { storage, demo: true, logger, secret: BENCH_SECRET });
  print(`generating ${labelOf(outlets)} outlets (deterministic)…`);
  await ensureGeneratedOutlets(db, outlets, print);
  const app = createApp({ env, db, logger, storage, distDir: path.join(dataDir, 'dist') });
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    label: labelOf(outlets),
    outlets,
    db,
    env,
    logger,
    sql: plainSql(db),
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connectionString: null,
    appProcess: false,
    async stop() {
      await new Promise<void>((r) => server.close(() => r()));
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL data set in a database of its own (created when missing): migrated and seeded on first
 * use, generated outlets added by COPY until `outlets` are there, then the app started as its own
 * process. (A database each, not a schema each: the job runner's `pgboss` schema is one per database.)
 * `inProcess` also builds the app here (not listening), so suites can call services and create
 * sessions in the same runtime.
 */
export async function postgresTarget(
  connectionString: string,
  outlets: number,
  print: (s: string) => void,
  options: { inProcess: boolean },
): Promise<Target & { env: Env; logger: Logger }> {
  const database = databaseOf(connectionString);
  const server = new URL(connectionString);
  server.pathname = '/postgres';
  const admin = knexFactory({ client: 'pg', connection: server.toString(), pool: { min: 0, max: 1 } });
  try {
    const exists = await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [database]);
    if (!exists.rows.length) await admin.raw('CREATE DATABASE ??', [database]);
  } finally {
    await admin.destroy();
  }
  const owner = knexFactory({ client: 'pg', connection: connectionString, pool: { min: 0, max: 1 } });
  try {
    for (const ext of ['cube', 'earthdistance', 'pg_trgm']) await owner.raw(`CREATE EXTENSION IF NOT EXISTS ${ext} SCHEMA public`);
  } finally {
    await owner.destroy();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-bench-'));
  const env = npmStartEnv({ DATA_DIR: dataDir, DATABASE_URL: connectionString });
  const logger = npmStartLogger();
  const db = openDatabase(env);
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  await prepareDatabase(db, { storage, demo: true, logger, secret: BENCH_SECRET });
  const started = Date.now();
  await ensureGeneratedOutlets(db, outlets, print, { copy: { connectionString } });
  if (Date.now() - started > 2_000) print(`  ${database}: data set ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (options.inProcess) createApp({ env, db, logger, storage, distDir: path.join(dataDir, 'dist') });
  const app = await startAppProcess({ databaseUrl: connectionString, secret: BENCH_SECRET, env: BENCH_APP_ENV });
  return {
    label: labelOf(outlets),
    outlets,
    db,
    env,
    logger,
    sql: plainSql(db, { connectionString }),
    baseUrl: app.baseUrl,
    connectionString,
    appProcess: true,
    async stop() {
      await app.stop();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
