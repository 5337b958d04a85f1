import type { Knex } from 'knex';

// A bill refunded in full gives back what it spent (issue 29, docs/payments.md "Refunds give back"):
// its coupon is no longer redeemed (live again while still valid) and the Golden Key that bought it is
// returned, as a `refund_return` row of the key ledger. A coupon may so be redeemed again on a new bill:
// one redemption per coupon is no longer a rule (the coupon row, locked at the capture, is the guard).
const REASONS = ['referral_bonus', 'referral_welcome', 'shuffle_purchase', 'adjustment'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE golden_key_ledger DROP CONSTRAINT golden_key_ledger_reason_check');
  await knex.raw(`ALTER TABLE golden_key_ledger ADD CONSTRAINT golden_key_ledger_reason_check CHECK (reason IN (${list([...REASONS, 'refund_return'])}))`);
  // One key back per coupon, however often the coupon is refunded.
  await knex.raw(`CREATE UNIQUE INDEX golden_key_ledger_refund_return_unique ON golden_key_ledger (coupon_id) WHERE reason = 'refund_return'`);
  await knex.raw('ALTER TABLE redemptions DROP CONSTRAINT redemptions_coupon_id_unique');
  await knex.raw('CREATE INDEX redemptions_coupon_id_index ON redemptions (coupon_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX redemptions_coupon_id_index');
  await knex.raw('ALTER TABLE redemptions ADD CONSTRAINT redemptions_coupon_id_unique UNIQUE (coupon_id)');
  await knex.raw('DROP INDEX golden_key_ledger_refund_return_unique');
  await knex.raw('ALTER TABLE golden_key_ledger DROP CONSTRAINT golden_key_ledger_reason_check');
  await knex.raw(`ALTER TABLE golden_key_ledger ADD CONSTRAINT golden_key_ledger_reason_check CHECK (reason IN (${list(REASONS)}))`);
}
