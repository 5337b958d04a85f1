import type { Knex } from 'knex';

// Razorpay Route (docs/payments.md, "Money reaches the outlet"): the outlet's linked account (`acc_…`,
// 14 characters after the prefix) and its state as Razorpay reports it. Sales staff set both in the back
// office; `product.route.*` webhooks move the state. Only an `activated` account gets transfers; an
// outlet without one is paid by the platform against its daily statement.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE outlets ADD COLUMN route_account_id text NULL');
  await knex.raw('ALTER TABLE outlets ADD COLUMN route_account_status text NULL');
  await knex.raw(
    `ALTER TABLE outlets ADD CONSTRAINT outlets_route_account_id_check CHECK (route_account_id ~ '^acc_[A-Za-z0-9]{14}$')`,
  );
  await knex.raw(
    `ALTER TABLE outlets ADD CONSTRAINT outlets_route_account_status_check ` +
      `CHECK (route_account_status IN ('created', 'under_review', 'needs_clarification', 'activated', 'suspended'))`,
  );
  // An account has a state and a state belongs to an account.
  await knex.raw(
    'ALTER TABLE outlets ADD CONSTRAINT outlets_route_account_pair_check CHECK ((route_account_id IS NULL) = (route_account_status IS NULL))',
  );
  // One linked account pays one outlet.
  await knex.raw('CREATE UNIQUE INDEX outlets_route_account_id_unique ON outlets (route_account_id) WHERE route_account_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX outlets_route_account_id_unique');
  await knex.raw('ALTER TABLE outlets DROP CONSTRAINT outlets_route_account_pair_check');
  await knex.raw('ALTER TABLE outlets DROP CONSTRAINT outlets_route_account_status_check');
  await knex.raw('ALTER TABLE outlets DROP CONSTRAINT outlets_route_account_id_check');
  await knex.raw('ALTER TABLE outlets DROP COLUMN route_account_status');
  await knex.raw('ALTER TABLE outlets DROP COLUMN route_account_id');
}
