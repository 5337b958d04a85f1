import type { Knex } from 'knex';

// The counter's live feed (docs/payments.md, "The counter"): every change a payments screen must show
// (a bill paid, a refund asked for or settled) is one row here, numbered per outlet 1, 2, 3 … by the
// outlet's counter row, in the transaction that made the change. The counter row is locked until that
// transaction commits, so at one outlet the numbers commit in order: a stream that has sent number N
// has seen every change up to N, and a reconnect with `Last-Event-ID: N` replays exactly what came after.
// Rows older than a few days are pruned by a job (a screen that was away longer reloads its list).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outlet_event_counters', (t) => {
    t.bigInteger('outlet_id').primary().references('id').inTable('outlets').onDelete('CASCADE');
    t.bigInteger('last_seq').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('last_seq >= 0', [], 'outlet_event_counters_last_seq_check');
  });
  await knex.schema.createTable('outlet_events', (t) => {
    t.bigInteger('outlet_id').notNullable().references('id').inTable('outlets').onDelete('CASCADE');
    t.bigInteger('seq').notNullable();
    t.text('kind').notNullable();
    t.bigInteger('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.bigInteger('refund_id').nullable().references('id').inTable('refunds').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Also serves the outlet_id foreign key; replay is a range of it.
    t.primary(['outlet_id', 'seq'], { constraintName: 'outlet_events_pkey' });
    t.index(['order_id'], 'outlet_events_order_id_index');
    t.index(['refund_id'], 'outlet_events_refund_id_index');
    t.index(['created_at'], 'outlet_events_created_at_index');
    t.check(`kind IN ('payment', 'refund')`, [], 'outlet_events_kind_check');
    t.check('seq > 0', [], 'outlet_events_seq_check');
  });
  // The counter's list: an outlet's paid bills, newest first.
  await knex.raw(`CREATE INDEX orders_outlet_id_paid_at_index ON orders (outlet_id, paid_at DESC, id DESC) WHERE status = 'paid'`);
  // "Check a receipt" by the 6-digit code.
  await knex.raw(`CREATE INDEX orders_outlet_id_verification_code_index ON orders (outlet_id, verification_code) WHERE status = 'paid'`);
  await knex.raw(`CREATE INDEX orders_outlet_id_receipt_code_index ON orders (outlet_id, receipt_code) WHERE status = 'paid'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_outlet_id_receipt_code_index');
  await knex.raw('DROP INDEX orders_outlet_id_verification_code_index');
  await knex.raw('DROP INDEX orders_outlet_id_paid_at_index');
  await knex.schema.dropTable('outlet_events');
  await knex.schema.dropTable('outlet_event_counters');
}
