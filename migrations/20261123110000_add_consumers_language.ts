import type { Knex } from 'knex';

// A shopper's language (docs/i18n.md): what the app shows them after they sign in on any device, and
// what server-initiated messages use. `en` (the default, and every existing account) or `hi`.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE consumers ADD COLUMN language text NOT NULL DEFAULT 'en'`);
  await knex.raw(`ALTER TABLE consumers ADD CONSTRAINT consumers_language_check CHECK (language IN ('en', 'hi'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE consumers DROP COLUMN language');
}
