import type { Knex } from 'knex';

// Settlement statements become daily, per outlet (docs/business.md, "Settlement"), made by the job
// `settlements.create-statements` and reconciled from the provider's transfer and settlement webhooks.
// Statuses move pending → on_hold → settled: existing rows keep their data (`processing` becomes
// `on_hold`, `paid` becomes `settled`), `reference` is the UTR and `paid_at` the settlement time.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE settlements DROP CONSTRAINT settlements_status_check');
  await knex.raw(`UPDATE settlements SET status = CASE status WHEN 'processing' THEN 'on_hold' WHEN 'paid' THEN 'settled' ELSE status END`);
  await knex.raw(`ALTER TABLE settlements ADD CONSTRAINT settlements_status_check CHECK (status IN ('pending', 'on_hold', 'settled'))`);
  await knex.raw('ALTER TABLE settlements RENAME COLUMN reference TO utr');
  await knex.raw('ALTER TABLE settlements RENAME COLUMN paid_at TO settled_at');
  await knex.raw(`UPDATE settlements SET settled_at = updated_at WHERE status = 'settled' AND settled_at IS NULL`);
  await knex.raw(`ALTER TABLE settlements ADD CONSTRAINT settlements_settled_check CHECK (status <> 'settled' OR settled_at IS NOT NULL)`);
  await knex.raw('ALTER TABLE settlements ADD COLUMN orders_count integer NOT NULL DEFAULT 0');
  // GST on the platform fee, withheld with it (the monthly tax invoice lists both).
  await knex.raw('ALTER TABLE settlements ADD COLUMN fee_gst_paise bigint NOT NULL DEFAULT 0');
  // The outlet's share of the refunds of the day's payments.
  await knex.raw('ALTER TABLE settlements ADD COLUMN refund_paise bigint NOT NULL DEFAULT 0');
  // What reaches the outlet: net − GST on the fee − refunds.
  await knex.raw('ALTER TABLE settlements ADD COLUMN payout_paise bigint NULL');
  await knex.raw('UPDATE settlements SET payout_paise = net_paise');
  await knex.raw('ALTER TABLE settlements ALTER COLUMN payout_paise SET NOT NULL');
  // Of the payout, what went through Route transfers; the rest the platform pays itself (payout_utr).
  await knex.raw('ALTER TABLE settlements ADD COLUMN routed_paise bigint NOT NULL DEFAULT 0');
  await knex.raw('ALTER TABLE settlements ADD COLUMN transfers_count integer NOT NULL DEFAULT 0');
  await knex.raw('ALTER TABLE settlements ADD COLUMN payout_utr text NULL');
  await knex.raw('ALTER TABLE settlements ADD COLUMN payout_recorded_by bigint NULL REFERENCES sales_staff (id) ON DELETE SET NULL');
  await knex.raw('CREATE INDEX settlements_payout_recorded_by_index ON settlements (payout_recorded_by)');
  await knex.raw('ALTER TABLE settlements ADD COLUMN on_hold_at timestamptz NULL');
  await knex.raw(
    'ALTER TABLE settlements ADD CONSTRAINT settlements_counts_check CHECK (orders_count >= 0 AND transfers_count >= 0 AND ' +
      'fee_gst_paise >= 0 AND refund_paise >= 0 AND payout_paise >= 0 AND routed_paise >= 0)',
  );
  await knex.raw(`ALTER TABLE settlements ADD CONSTRAINT settlements_payout_utr_check CHECK (payout_utr ~ '^[A-Z0-9]{12,22}$')`);
  // The statements still open, for the jobs that refresh them.
  await knex.raw(`CREATE INDEX settlements_open_index ON settlements (period_start) WHERE status <> 'settled'`);
  // A settled statement books its payout in the ledger once.
  await knex.raw(`CREATE UNIQUE INDEX ledger_entries_settlement_id_payout_unique ON ledger_entries (settlement_id) WHERE entry_type = 'payout'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX ledger_entries_settlement_id_payout_unique');
  await knex.raw('DROP INDEX settlements_open_index');
  await knex.raw('ALTER TABLE settlements DROP CONSTRAINT settlements_payout_utr_check');
  await knex.raw('ALTER TABLE settlements DROP CONSTRAINT settlements_counts_check');
  for (const c of ['on_hold_at', 'payout_recorded_by', 'payout_utr', 'transfers_count', 'routed_paise', 'payout_paise', 'refund_paise', 'fee_gst_paise', 'orders_count']) {
    await knex.raw(`ALTER TABLE settlements DROP COLUMN ${c}`);
  }
  await knex.raw('ALTER TABLE settlements DROP CONSTRAINT settlements_settled_check');
  await knex.raw('ALTER TABLE settlements RENAME COLUMN settled_at TO paid_at');
  await knex.raw('ALTER TABLE settlements RENAME COLUMN utr TO reference');
  await knex.raw('ALTER TABLE settlements DROP CONSTRAINT settlements_status_check');
  await knex.raw(`UPDATE settlements SET status = CASE status WHEN 'on_hold' THEN 'processing' WHEN 'settled' THEN 'paid' ELSE status END`);
  await knex.raw(`ALTER TABLE settlements ADD CONSTRAINT settlements_status_check CHECK (status IN ('pending', 'processing', 'paid'))`);
}
