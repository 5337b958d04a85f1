import type { Knex } from 'knex';

// Read-your-writes with a read replica (server/db/read-replica.ts, docs/operations.md "Read replica"):
// the primary's WAL position after the principal's last write, kept on their sessions, so whichever
// instance serves their next request sends their discovery reads to the replica only once it has
// replayed that far. Null: no write since a replica was configured (read anywhere).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sessions ADD COLUMN write_lsn pg_lsn');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sessions DROP COLUMN write_lsn');
}
