import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outlet_overviews', (t) => {
    t.bigInteger('outlet_id').notNullable().references('id').inTable('outlets').onDelete('CASCADE');
    t.text('about').notNullable();
    t.bigInteger('cost_for_two_paise').nullable();
    t.jsonb('highlights').notNullable().defaultTo(knex.raw(`'[]'::jsonb`)); // amenities, cuisines…
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['outlet_id'], { constraintName: 'outlet_overviews_pkey' });
    t.check('cost_for_two_paise >= 0', [], 'outlet_overviews_cost_for_two_paise_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outlet_overviews');
}
