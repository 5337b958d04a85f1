import type { Knex } from 'knex';

// An outlet owner's (or sub-account's) language for the business console (docs/i18n.md): `en` or `hi`.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE business_owners ADD COLUMN language text NOT NULL DEFAULT 'en'`);
  await knex.raw(`ALTER TABLE business_owners ADD CONSTRAINT business_owners_language_check CHECK (language IN ('en', 'hi'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE business_owners DROP COLUMN language');
}
