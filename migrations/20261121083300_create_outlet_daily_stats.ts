import type { Knex } from 'knex';

// Kept up to date in the capture transaction so dashboards never count millions of rows.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outlet_daily_stats', (t) => {
    t.bigInteger('outlet_id').notNullable().references('id').inTable('outlets').onDelete('CASCADE');
    t.date('day').notNullable(); // IST calendar day
    t.integer('orders_count').notNullable().defaultTo(0);
    t.integer('coupons_count').notNullable().defaultTo(0);
    t.bigInteger('bill_paise').notNullable().defaultTo(0);
    t.bigInteger('discount_paise').notNullable().defaultTo(0);
    t.bigInteger('fee_paise').notNullable().defaultTo(0);
    t.bigInteger('net_paise').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Also serves the outlet_id foreign key.
    t.primary(['outlet_id', 'day'], { constraintName: 'outlet_daily_stats_pkey' });
    t.check('orders_count >= 0', [], 'outlet_daily_stats_orders_count_check');
    t.check('coupons_count >= 0', [], 'outlet_daily_stats_coupons_count_check');
    t.check('bill_paise >= 0', [], 'outlet_daily_stats_bill_paise_check');
    t.check('discount_paise >= 0', [], 'outlet_daily_stats_discount_paise_check');
    t.check('fee_paise >= 0', [], 'outlet_daily_stats_fee_paise_check');
    t.check('net_paise >= 0', [], 'outlet_daily_stats_net_paise_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outlet_daily_stats');
}
