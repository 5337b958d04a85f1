import type { Knex } from 'knex';

// Discovery: the global search matches promotion titles with pg_trgm (GIN, like outlets.name), and the
// no-location list pages a city's live outlets by name, id.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX promotions_title_trgm_idx ON promotions USING gin (title gin_trgm_ops)');
  await knex.raw('CREATE INDEX outlets_city_id_name_id_live_index ON outlets (city_id, name, id) WHERE is_live');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS outlets_city_id_name_id_live_index');
  await knex.raw('DROP INDEX IF EXISTS promotions_title_trgm_idx');
}
