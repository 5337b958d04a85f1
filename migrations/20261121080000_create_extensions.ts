import type { Knex } from 'knex';

// cube + earthdistance: nearby outlets through a GiST index on ll_to_earth(latitude, longitude).
// pg_trgm: typo-tolerant search on names. All three ship with PGlite and PostgreSQL contrib.
// One statement a call: the embedded driver runs a single statement per query.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS cube');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS earthdistance');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP EXTENSION IF EXISTS pg_trgm');
  await knex.raw('DROP EXTENSION IF EXISTS earthdistance');
  await knex.raw('DROP EXTENSION IF EXISTS cube');
}
