import type { Knex } from 'knex';

// The language an OTP flow's texts go out in (docs/i18n.md): the one the shopper was using when they
// asked for the code, kept so a resend (which may come without it) says the same.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE otp_challenges ADD COLUMN language text NOT NULL DEFAULT 'en'`);
  await knex.raw(`ALTER TABLE otp_challenges ADD CONSTRAINT otp_challenges_language_check CHECK (language IN ('en', 'hi'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE otp_challenges DROP COLUMN language');
}
