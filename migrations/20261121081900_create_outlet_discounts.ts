import type { Knex } from 'knex';

// The "discount button": the outlet's base live discount.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outlet_discounts', (t) => {
    t.bigInteger('outlet_id').notNullable().references('id').inTable('outlets').onDelete('CASCADE');
    t.decimal('discount_percent', 5, 2).notNullable();
    t.boolean('is_live').notNullable().defaultTo(false);
    t.bigInteger('updated_by_id').nullable().references('id').inTable('business_owners').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['outlet_id'], { constraintName: 'outlet_discounts_pkey' });
    t.index(['updated_by_id'], 'outlet_discounts_updated_by_id_index');
    t.check('discount_percent BETWEEN 0 AND 100', [], 'outlet_discounts_discount_percent_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outlet_discounts');
}
