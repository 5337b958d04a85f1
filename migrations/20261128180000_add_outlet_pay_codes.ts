import type { Knex } from 'knex';

// Scan to pay (issue 30, docs/payments.md "Pay links and QR codes"): every outlet has a short, stable
// code for its pay link `/p/{code}`, printed on its QR standee for typing. Random, not derived from the
// id, so codes cannot be walked in sequence: 7 characters of an alphabet without look-alikes (no 0/O,
// 1/I/L, U), drawn from gen_random_uuid()'s strong random bytes. The column default draws again until
// the code is free, so every insert path (sales, the back office, seeds, tests) gets one; the unique
// index is the last word on a race.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION outlet_pay_code() RETURNS text
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      alphabet constant text := '23456789ABCDEFGHJKMNPQRSTVWXYZ';
      bytes bytea;
      code text;
    BEGIN
      LOOP
        bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
        code := '';
        FOR i IN 0..6 LOOP
          code := code || substr(alphabet, 1 + (get_byte(bytes, i) % 30), 1);
        END LOOP;
        EXIT WHEN NOT EXISTS (SELECT 1 FROM outlets WHERE pay_code = code);
      END LOOP;
      RETURN code;
    END;
    $$`);
  await knex.raw('ALTER TABLE outlets ADD COLUMN pay_code text');
  // One statement per outlet, so each draw sees the codes given before it.
  await knex.raw(`
    DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT id FROM outlets WHERE pay_code IS NULL ORDER BY id LOOP
        UPDATE outlets SET pay_code = outlet_pay_code() WHERE id = r.id;
      END LOOP;
    END;
    $$`);
  await knex.raw('ALTER TABLE outlets ALTER COLUMN pay_code SET DEFAULT outlet_pay_code()');
  await knex.raw('ALTER TABLE outlets ALTER COLUMN pay_code SET NOT NULL');
  await knex.raw(`ALTER TABLE outlets ADD CONSTRAINT outlets_pay_code_check CHECK (pay_code ~ '^[2-9A-HJKMNP-TV-Z]{7}$')`);
  await knex.raw('CREATE UNIQUE INDEX outlets_pay_code_unique ON outlets (pay_code)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS outlets_pay_code_unique');
  await knex.raw('ALTER TABLE outlets DROP COLUMN IF EXISTS pay_code');
  await knex.raw('DROP FUNCTION IF EXISTS outlet_pay_code()');
}
