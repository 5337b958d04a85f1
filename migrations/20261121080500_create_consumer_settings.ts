import type { Knex } from 'knex';

// One row per shopper. ENABLE_ALL is derived (all seven flags true), never stored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consumer_settings', (t) => {
    t.bigInteger('consumer_id').notNullable().references('id').inTable('consumers').onDelete('CASCADE');
    t.boolean('email_new_coupon_alerts').notNullable().defaultTo(true);
    t.boolean('email_expiring_coupons').notNullable().defaultTo(true);
    t.boolean('email_weekly_deals_digest').notNullable().defaultTo(true);
    t.boolean('push_daily_deal_notifications').notNullable().defaultTo(true);
    t.boolean('push_nearby_offers').notNullable().defaultTo(true);
    t.boolean('push_last_minute_flash_sales').notNullable().defaultTo(true);
    t.boolean('sms_alerts').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['consumer_id'], { constraintName: 'consumer_settings_pkey' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consumer_settings');
}
