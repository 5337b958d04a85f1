import type { Knex } from 'knex';

// Owner refunds reverse what a paid bill booked (docs/payments.md, "Owner refunds"). The ledger stays
// append-only with amounts ≥ 0: a refund adds entries of its own types, tied to the refund
// (`refund_id`), one of each type per refund:
//   refund                   what the shopper gets back (= the four below)
//   refund_net_to_outlet     reverses net_to_outlet (the outlet's share of the refunded goods)
//   refund_platform_fee      reverses platform_fee on the refunded goods
//   refund_convenience_fee   returns convenience fee (only when more than the goods is refunded)
//   refund_gst               returns GST on that fee
// A bill's own entries keep their rule of one of each type per order.
const TYPES = ['bill', 'instant_discount', 'shuffle_discount', 'convenience_fee', 'gst', 'platform_fee', 'net_to_outlet', 'payout'];
const REFUND_TYPES = ['refund', 'refund_net_to_outlet', 'refund_platform_fee', 'refund_convenience_fee', 'refund_gst'];
const list = (types: string[]) => types.map((t) => `'${t}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ledger_entries ADD COLUMN refund_id bigint NULL REFERENCES refunds (id) ON DELETE RESTRICT');
  await knex.raw('ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_entry_type_check');
  await knex.raw(`ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_entry_type_check CHECK (entry_type IN (${list([...TYPES, ...REFUND_TYPES])}))`);
  // A refund's entries carry their refund (and its order); nothing else does.
  await knex.raw(
    `ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_refund_id_check CHECK ((entry_type IN (${list(REFUND_TYPES)})) = (refund_id IS NOT NULL AND order_id IS NOT NULL))`,
  );
  await knex.raw('DROP INDEX ledger_entries_order_id_entry_type_unique');
  await knex.raw(
    'CREATE UNIQUE INDEX ledger_entries_order_id_entry_type_unique ON ledger_entries (order_id, entry_type) WHERE order_id IS NOT NULL AND refund_id IS NULL',
  );
  // Also serves the refund_id foreign key.
  await knex.raw('CREATE UNIQUE INDEX ledger_entries_refund_id_entry_type_unique ON ledger_entries (refund_id, entry_type) WHERE refund_id IS NOT NULL');
  // The order's own entries are still found by order_id alone (refund entries included).
  await knex.raw('CREATE INDEX ledger_entries_order_id_index ON ledger_entries (order_id) WHERE order_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX ledger_entries_order_id_index');
  await knex.raw('DROP INDEX ledger_entries_refund_id_entry_type_unique');
  await knex.raw('DROP INDEX ledger_entries_order_id_entry_type_unique');
  await knex.raw(
    'CREATE UNIQUE INDEX ledger_entries_order_id_entry_type_unique ON ledger_entries (order_id, entry_type) WHERE order_id IS NOT NULL',
  );
  await knex.raw('ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_refund_id_check');
  await knex.raw('ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_entry_type_check');
  // Refund entries cannot be kept under the old types (the ledger is append-only: roll back only an unused schema).
  await knex.raw(`ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_entry_type_check CHECK (entry_type IN (${list(TYPES)}))`);
  await knex.raw('ALTER TABLE ledger_entries DROP COLUMN refund_id');
}
