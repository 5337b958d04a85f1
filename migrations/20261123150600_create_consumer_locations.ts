import type { Knex } from 'knex';

// Where a signed-in shopper last browsed from (the nearby list's coordinates, or the city chosen without
// location): the digest, the deal of the day and nearby-offer pushes are aimed with it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consumer_locations', (t) => {
    t.bigInteger('consumer_id').primary().references('id').inTable('consumers').onDelete('CASCADE');
    t.double('latitude').nullable();
    t.double('longitude').nullable();
    t.bigInteger('city_id').nullable().references('id').inTable('cities').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['city_id'], 'consumer_locations_city_id_index');
    t.check('(latitude IS NULL) = (longitude IS NULL)', [], 'consumer_locations_point_check');
    t.check('latitude IS NULL OR (latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180)', [], 'consumer_locations_range_check');
    t.check('latitude IS NOT NULL OR city_id IS NOT NULL', [], 'consumer_locations_something_check');
  });
  // Shoppers within a radius of an outlet (nearby offers, flash sales): earth_box on this index.
  await knex.raw(
    'CREATE INDEX consumer_locations_earth_idx ON consumer_locations USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consumer_locations');
}
