import type { Knex } from 'knex';

// Orders expire (docs/payments.md, "Expiry"): `expires_at` is 15 minutes after creation
// (ORDER_TTL_MS in server/modules/orders/schema.ts). While an open order is unexpired it holds its coupon;
// a capture that arrives after it is refunded. `expired` joins the states, and `failure_code` says why an
// order failed or expired (the shopper's page and history read it).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders ADD COLUMN expires_at timestamptz NULL');
  await knex.raw(`UPDATE orders SET expires_at = created_at + interval '15 minutes'`);
  await knex.raw('ALTER TABLE orders ALTER COLUMN expires_at SET NOT NULL');
  // The service always sets it from its clock (createOrder); the default, the same 15 minutes, only
  // covers rows written by hand (fixtures, the back office).
  await knex.raw(`ALTER TABLE orders ALTER COLUMN expires_at SET DEFAULT now() + interval '15 minutes'`);
  await knex.raw('ALTER TABLE orders ADD COLUMN failure_code text NULL');
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_failure_code_check ` +
      `CHECK (failure_code IN ('declined', 'coupon_used', 'coupon_expired', 'order_expired'))`,
  );
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_status_check');
  await knex.raw(`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('created', 'paid', 'failed', 'expired', 'cancelled'))`);
  // The coupon hold: "is an open, unexpired order holding this coupon?" is one index probe.
  await knex.raw(`CREATE INDEX orders_coupon_id_open_index ON orders (coupon_id, expires_at) WHERE status = 'created'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_coupon_id_open_index');
  await knex.raw(`UPDATE orders SET status = 'failed' WHERE status = 'expired'`);
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_status_check');
  await knex.raw(`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('created', 'paid', 'failed', 'cancelled'))`);
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_failure_code_check');
  await knex.raw('ALTER TABLE orders DROP COLUMN failure_code');
  await knex.raw('ALTER TABLE orders DROP COLUMN expires_at');
}
