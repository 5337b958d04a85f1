import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { inject } from 'vitest';
import { knexConfig, type DatabaseOptions } from '../../knexfile.ts';

/**
 * Each test file gets its own database, migrated (see global-setup.ts): a copy of the template database
 * on PostgreSQL, or its own embedded instance booted from the migrated snapshot.
 */
let current: { db: Knex; drop: () => Promise<void> } | null = null;

/**
 * A statement in a test has 20 s (TEST_STATEMENT_TIMEOUT_MS), less than a test's 30 s: one that hangs
 * fails its test with the statement in the message instead of holding the run (issue 26).
 */
const TEST_DEADLINES = {
  statementTimeoutMs: Number(process.env.TEST_STATEMENT_TIMEOUT_MS ?? 20_000),
  idleInTransactionTimeoutMs: 60_000,
};

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function openTestDatabase(): Promise<Knex> {
  if (current) return current.db;
  current = await openDatabaseCopy();
  return current.db;
}

/**
 * Another migrated database besides the file's own (for tests of two apps on two databases in one
 * process); the caller drops it.
 */
export async function openDatabaseCopy(options: Pick<DatabaseOptions, 'acquireTimeoutMs' | 'poolMax' | 'statementTimeoutMs'> = {}): Promise<{ db: Knex; drop: () => Promise<void> }> {
  const info = inject('testDatabase');
  if (info.mode === 'pg') {
    const name = `bachat_t_${info.template.replace('bachat_tpl_', '')}_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: info.adminUrl, pool: { min: 0, max: 1 } });
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
        break;
      } catch (e) {
        // Two files copying the template at the same instant can collide; wait and retry.
        if (attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
    const db = knexFactory(knexConfig({ databaseUrl: withDatabase(info.adminUrl, name), poolMax: 10, ...TEST_DEADLINES, ...options }));
    return {
      db,
      drop: async () => {
        await db.destroy();
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const db = knexFactory(knexConfig({ loadDataDirPath: info.snapshot, dataDir: 'memory', ...TEST_DEADLINES, ...options }));
  return { db, drop: () => db.destroy() };
}

export function testDb(): Knex {
  if (!current) throw new Error('The test database is not open yet (server/test/setup.ts opens it in beforeAll)');
  return current.db;
}

export async function closeTestDatabase(): Promise<void> {
  const c = current;
  current = null;
  await c?.drop();
}

let tables: { name: string; identity: boolean }[] | null = null;

/**
 * Empties every table that has rows and restarts its ids, so each test arranges exactly the data it
 * needs. Deleting only the dirty tables (found by one cheap query) with triggers off is far faster than
 * a cascading TRUNCATE, which rewrites the files of every related table on each test.
 */
export async function resetDatabase(db: Knex = testDb()): Promise<void> {
  tables ??= (
    await db.raw(
      `SELECT t.tablename AS name,
              EXISTS (SELECT 1 FROM information_schema.columns c
                      WHERE c.table_schema = current_schema() AND c.table_name = t.tablename
                        AND c.column_name = 'id' AND c.is_identity = 'YES') AS identity
         FROM pg_tables t
        WHERE t.schemaname = current_schema() AND t.tablename NOT LIKE 'knex_migrations%'`,
    )
  ).rows as { name: string; identity: boolean }[];
  if (!tables.length) return;
  const probe = tables.map((t) => `SELECT '${t.name}' AS t WHERE EXISTS (SELECT 1 FROM "${t.name}")`).join(' UNION ALL ');
  const dirty = new Set(((await db.raw(probe)).rows as { t: string }[]).map((r) => r.t));
  if (!dirty.size) return;
  await db.transaction(async (trx) => {
    // Replica mode skips triggers, including foreign-key checks and the append-only ledgers' guards.
    await trx.raw('SET LOCAL session_replication_role = replica');
    for (const t of tables!) {
      if (!dirty.has(t.name)) continue;
      await trx.raw(`DELETE FROM "${t.name}"`);
      if (t.identity) await trx.raw(`ALTER TABLE "${t.name}" ALTER COLUMN id RESTART WITH 1`);
    }
  });
}

/** Call after a test changed the schema (e.g. migrations rolled back) so the table list is read again. */
export function forgetTables(): void {
  tables = null;
}
