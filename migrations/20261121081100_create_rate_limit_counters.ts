import type { Knex } from 'knex';

// Counting lives in the database so limits hold across processes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_counters', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['key', 'window_start'], { constraintName: 'rate_limit_counters_pkey' });
    t.index(['expires_at'], 'rate_limit_counters_expires_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_counters');
}
