import type { Knex } from 'knex';

// A shopper's favourite outlets (issue 16): the heart on cards and outlet pages, the list in the profile
// area. outlet_id is indexed for favouritedBy(outletId), which the nearby-offers notifications will read.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('favourites', (t) => {
    t.bigInteger('consumer_id').notNullable().references('id').inTable('consumers').onDelete('CASCADE');
    t.bigInteger('outlet_id').notNullable().references('id').inTable('outlets').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['consumer_id', 'outlet_id'], { constraintName: 'favourites_pkey' });
    t.index(['outlet_id'], 'favourites_outlet_id_index');
  });
  // The profile list: newest first.
  await knex.raw('CREATE INDEX favourites_consumer_id_created_at_index ON favourites (consumer_id, created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('favourites');
}
