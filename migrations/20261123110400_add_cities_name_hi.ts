import type { Knex } from 'knex';

// A city's Hindi name (docs/i18n.md): the shopper app shows it to Hindi readers (English when empty).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE cities ADD COLUMN name_hi text NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE cities DROP COLUMN name_hi');
}
