import type { Knex } from 'knex';

// Dashboards (docs/business.md, "Dashboards"): an outlet's coupon list pages in constant time at any
// depth and shows its total without counting rows. A BEFORE INSERT trigger on coupons bumps the
// outlet's counter and stamps the coupon with its number at that outlet (1, 2, 3 … in insert order),
// so page N of the newest-first list is a range of `outlet_seq` on a unique index and the total is one
// primary-key read. Coupons are never deleted (redemptions and the Golden Key ledger refer to them),
// so the numbers have no gaps.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outlet_coupon_counters', (t) => {
    t.bigInteger('outlet_id').primary().references('id').inTable('outlets').onDelete('CASCADE');
    t.bigInteger('coupons_count').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE outlet_coupon_counters ADD CONSTRAINT outlet_coupon_counters_coupons_count_check CHECK (coupons_count >= 0)');
  await knex.raw('ALTER TABLE coupons ADD COLUMN outlet_seq bigint NULL');
  await knex.raw(`
    UPDATE coupons c SET outlet_seq = n.seq
      FROM (SELECT id, row_number() OVER (PARTITION BY outlet_id ORDER BY created_at, id) AS seq FROM coupons) n
     WHERE n.id = c.id`);
  await knex.raw(`
    INSERT INTO outlet_coupon_counters (outlet_id, coupons_count)
    SELECT outlet_id, count(*) FROM coupons GROUP BY outlet_id`);
  await knex.raw('CREATE UNIQUE INDEX coupons_outlet_id_outlet_seq_unique ON coupons (outlet_id, outlet_seq)');
  await knex.raw(`
    CREATE FUNCTION number_outlet_coupon() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO outlet_coupon_counters AS c (outlet_id, coupons_count, updated_at)
      VALUES (NEW.outlet_id, 1, now())
      ON CONFLICT (outlet_id) DO UPDATE SET coupons_count = c.coupons_count + 1, updated_at = now()
      RETURNING c.coupons_count INTO NEW.outlet_seq;
      RETURN NEW;
    END;
    $$`);
  await knex.raw(`
    CREATE TRIGGER coupons_number_outlet_coupon BEFORE INSERT ON coupons
    FOR EACH ROW EXECUTE FUNCTION number_outlet_coupon()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS coupons_number_outlet_coupon ON coupons');
  await knex.raw('DROP FUNCTION IF EXISTS number_outlet_coupon()');
  await knex.raw('DROP INDEX IF EXISTS coupons_outlet_id_outlet_seq_unique');
  await knex.raw('ALTER TABLE coupons DROP COLUMN IF EXISTS outlet_seq');
  await knex.schema.dropTableIfExists('outlet_coupon_counters');
}
