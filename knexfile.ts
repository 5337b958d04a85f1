import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ClientPgLite from 'knex-pglite';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { EmbeddedDatabase, type EmbeddedEvent } from './server/db/embedded.ts';
import { DATE_OID, EMBEDDED_PARSERS, INT8_OID, NUMERIC_OID } from './server/db/embedded-protocol.ts';

/**
 * One place that decides how we talk to PostgreSQL.
 * - `databaseUrl` set: the `pg` driver with a pool.
 * - otherwise: embedded PGlite (PostgreSQL in WebAssembly) on a thread of its own
 *   (server/db/embedded.ts), persisted under `dataDir` (`memory` keeps it in memory;
 *   `loadDataDirPath` starts from a dumped snapshot).
 * Both get the same migrations, the same SQL, the same column mapping and the same statement deadline.
 */
export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database files, or 'memory'. */
  dataDir?: string;
  /** Start the embedded database from a dumped data directory on disk (tests use a migrated snapshot). */
  loadDataDirPath?: string;
  poolMax?: number;
  /**
   * Every statement's deadline in milliseconds (0: none). PostgreSQL: each pool connection's
   * `statement_timeout`; embedded: the thread's deadline (server/db/embedded.ts). Default none.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: each pool connection's `idle_in_transaction_session_timeout` (0: none). */
  idleInTransactionTimeoutMs?: number;
  /** How long a query waits for a free connection before it fails (Knex's acquireConnectionTimeout). */
  acquireTimeoutMs?: number;
  /** The embedded database's deadline and restart events (for the log). */
  onEmbeddedEvent?: (event: EmbeddedEvent) => void;
}

const ROOT = path.dirname(new URL(import.meta.url).pathname);

// The embedded database's value parsers, on node-postgres too (server/db/embedded-protocol.ts).
pg.types.setTypeParser(INT8_OID, EMBEDDED_PARSERS[INT8_OID]);
pg.types.setTypeParser(NUMERIC_OID, EMBEDDED_PARSERS[NUMERIC_OID]);
pg.types.setTypeParser(DATE_OID, EMBEDDED_PARSERS[DATE_OID]);

/** The embedded database (PGlite on its own thread). */
export function createEmbedded(
  options: Pick<DatabaseOptions, 'dataDir' | 'loadDataDirPath' | 'statementTimeoutMs' | 'onEmbeddedEvent'> = {},
): EmbeddedDatabase {
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return new EmbeddedDatabase({
    dataDir,
    loadDataDirPath: options.loadDataDirPath,
    statementTimeoutMs: options.statementTimeoutMs,
    onEvent: options.onEmbeddedEvent,
  });
}

const MIGRATIONS_DIR = path.join(ROOT, 'migrations');

/**
 * Lists `migrations/*.ts` and loads each with our own `import()`, so whatever runs this code (tsx at
 * start, Vite's module runner in tests) also compiles the migrations; Knex's own loader cannot load .ts.
 */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
  },
  getMigrationName(migration) {
    return migration;
  },
  async getMigration(migration) {
    return (await import(pathToFileURL(path.join(MIGRATIONS_DIR, migration)).href)) as Knex.Migration;
  },
};

const common: Knex.Config = {
  migrations: {
    migrationSource,
    tableName: 'knex_migrations',
  },
  ...knexSnakeCaseMappers(),
};

/** The session settings every PostgreSQL pool connection starts with (SET, so PgBouncer passes them). */
export function sessionSettingsSql(options: Pick<DatabaseOptions, 'statementTimeoutMs' | 'idleInTransactionTimeoutMs'>): string | null {
  const sets: string[] = [];
  if (options.statementTimeoutMs !== undefined) sets.push(`SET statement_timeout = ${Math.max(0, Math.floor(options.statementTimeoutMs))}`);
  if (options.idleInTransactionTimeoutMs !== undefined) {
    sets.push(`SET idle_in_transaction_session_timeout = ${Math.max(0, Math.floor(options.idleInTransactionTimeoutMs))}`);
  }
  return sets.length ? sets.join('; ') : null;
}

export function knexConfig(options: DatabaseOptions = {}): Knex.Config {
  const acquire = options.acquireTimeoutMs !== undefined ? { acquireConnectionTimeout: options.acquireTimeoutMs } : {};
  if (options.databaseUrl) {
    const settings = sessionSettingsSql(options);
    return {
      ...common,
      ...acquire,
      client: 'pg',
      connection: options.databaseUrl,
      pool: {
        min: 0,
        max: options.poolMax ?? 10,
        ...(settings
          ? {
              afterCreate(connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) {
                connection.query(settings, (error: Error | null) => done(error, connection));
              },
            }
          : {}),
      },
    };
  }
  const pglite = createEmbedded(options);
  return {
    ...common,
    ...acquire,
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    // Knex would ask the server (`select version()`) while making the pool's connection, counting the
    // database's start against the acquire timeout; PGlite 0.5 is PostgreSQL 18.
    version: '18.0',
    connection: () => ({ pglite }) as unknown as Knex.ConnectionConfig,
  };
}

/** The embedded database behind a Knex made by `knexConfig` (null on PostgreSQL). */
export function embeddedOf(db: Knex): EmbeddedDatabase | null {
  const pglite = (db.client as { pglite?: unknown }).pglite;
  return pglite instanceof EmbeddedDatabase ? pglite : null;
}

/** For the knex CLI: built lazily so that importing this file opens nothing. */
export default function config(): Knex.Config {
  const dataDir = path.join(process.env.DATA_DIR || '.data', 'pgdata');
  if (!process.env.DATABASE_URL) fs.mkdirSync(dataDir, { recursive: true });
  return knexConfig({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
}
