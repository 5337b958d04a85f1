import type { Knex } from 'knex';
import PgBoss from 'pg-boss';

/**
 * The job runner's own tables (pg-boss, schema `pgboss`: server/jobs/). pg-boss would create them on its
 * first start; creating them here puts them in every migrated database (the test snapshot and template
 * too), so an app that enqueues a job never waits for a schema install. pg-boss wraps its plan in its
 * own BEGIN … advisory lock … COMMIT; a migration already runs in a transaction, so that wrapper is
 * dropped and the statements between run as they are. Later pg-boss versions migrate from here themselves.
 */
export const PGBOSS_SCHEMA = 'pgboss';

export async function up(knex: Knex): Promise<void> {
  const plan = PgBoss.getConstructionPlans(PGBOSS_SCHEMA);
  const body = plan
    .replace(/^\s*BEGIN;[\s\S]*?pg_advisory_xact_lock\([\s\S]*?\);/, '')
    .replace(/COMMIT;\s*$/, '');
  if (body.includes('pg_advisory_xact_lock') || /\bCOMMIT;\s*$/.test(body)) {
    throw new Error('pg-boss construction plan has an unexpected shape');
  }
  // Many statements in one script: PGlite runs those with exec(), pg's simple protocol with query().
  const connection = (await knex.client.acquireConnection()) as ScriptConnection;
  try {
    if (typeof connection.exec === 'function') await connection.exec(body);
    else await connection.query(body);
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

interface ScriptConnection {
  exec?: (sql: string) => Promise<unknown>;
  query: (sql: string) => Promise<unknown>;
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP SCHEMA ${PGBOSS_SCHEMA} CASCADE`);
}
