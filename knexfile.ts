import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import ClientPgLite from 'knex-pglite';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';

/**
 * One place that decides how we talk to PostgreSQL.
 * - `databaseUrl` set: the `pg` driver with a pool.
 * - otherwise: embedded PGlite (PostgreSQL in WebAssembly), persisted under `dataDir`
 *   (`memory` keeps it in memory; `loadDataDir` starts from a dumped snapshot).
 * Both get the same migrations, the same SQL and the same column mapping.
 */
export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database files, or 'memory'. */
  dataDir?: string;
  /** Start the embedded database from a dumped data directory (tests use a migrated snapshot). */
  loadDataDir?: Blob;
  poolMax?: number;
}

const ROOT = path.dirname(new URL(import.meta.url).pathname);

// Whole numbers and counts come back as JS numbers (money is integer paise, far below 2^53),
// `numeric` percentages as numbers, and `date` columns as 'YYYY-MM-DD' strings (no time zone games).
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const parsers = {
  [INT8]: (v: string) => Number(v),
  [NUMERIC]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};
pg.types.setTypeParser(INT8, parsers[INT8]);
pg.types.setTypeParser(NUMERIC, parsers[NUMERIC]);
pg.types.setTypeParser(DATE, parsers[DATE]);

export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm };

export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): PGlite {
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return new PGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
    parsers,
    relaxedDurability: false,
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

export function knexConfig(options: DatabaseOptions = {}): Knex.Config {
  if (options.databaseUrl) {
    return {
      ...common,
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
    };
  }
  const pglite = createPglite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return {
    ...common,
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: () => ({ pglite }) as unknown as Knex.ConnectionConfig,
  };
}

/** For the knex CLI: built lazily so that importing this file opens nothing. */
export default function config(): Knex.Config {
  const dataDir = path.join(process.env.DATA_DIR || '.data', 'pgdata');
  if (!process.env.DATABASE_URL) fs.mkdirSync(dataDir, { recursive: true });
  return knexConfig({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
}
