import type { Knex } from 'knex';

// Pushes a shopper was sent per IST day (PUSH_DAILY_CAP): a notification takes one slot, whatever the
// number of devices, by an `INSERT … ON CONFLICT DO UPDATE … WHERE count < cap`, so the cap holds across
// workers.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_daily_counts', (t) => {
    t.bigInteger('consumer_id').notNullable().references('id').inTable('consumers').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['consumer_id', 'day']);
    t.check('count >= 0', [], 'push_daily_counts_count_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('push_daily_counts');
}
