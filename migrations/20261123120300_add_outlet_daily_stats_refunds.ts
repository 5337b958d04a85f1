import type { Knex } from 'knex';

// Revenue and settlement figures net of owner refunds (docs/business.md, "Dashboards"). A processed
// refund counts against the IST day of the bill it returns (that day's money is still held for the
// refund window): refunds_count + 1, refund_paise + the goods part returned, and fee_paise / net_paise
// lowered by the platform fee and the outlet's share it reverses. So, per day,
//   net_paise = bill_paise − discount_paise − fee_paise − refund_paise.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outlet_daily_stats', (t) => {
    t.integer('refunds_count').notNullable().defaultTo(0);
    t.bigInteger('refund_paise').notNullable().defaultTo(0);
    t.check('refunds_count >= 0', [], 'outlet_daily_stats_refunds_count_check');
    t.check('refund_paise >= 0', [], 'outlet_daily_stats_refund_paise_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outlet_daily_stats', (t) => {
    t.dropChecks(['outlet_daily_stats_refunds_count_check', 'outlet_daily_stats_refund_paise_check']);
    t.dropColumn('refunds_count');
    t.dropColumn('refund_paise');
  });
}
