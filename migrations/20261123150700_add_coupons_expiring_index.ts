import type { Knex } from 'knex';

// The expiring-coupon reminders (docs/notifications.md) scan every 5 minutes for unused live coupons that
// lapse within the hour: a partial index on valid_until over exactly those keeps the scan small however
// many coupons were ever issued.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX coupons_expiring_index ON coupons (valid_until) WHERE redeemed_at IS NULL AND is_live');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX coupons_expiring_index');
}
