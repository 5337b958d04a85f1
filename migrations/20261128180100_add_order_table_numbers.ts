import type { Knex } from 'knex';

// Scan to pay (issue 30): a payment made through a table's QR (`/p/{code}?t=7`) carries the table, shown
// on the counter, the receipt check and the payments list. Null: paid at the counter, or no table.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders ADD COLUMN table_number smallint');
  await knex.raw('ALTER TABLE orders ADD CONSTRAINT orders_table_number_check CHECK (table_number BETWEEN 1 AND 50)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP COLUMN IF EXISTS table_number');
}
