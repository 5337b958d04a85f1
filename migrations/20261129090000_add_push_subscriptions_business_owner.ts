import type { Knex } from 'knex';

// Owners' payment alerts (issue 30): a browser's web push subscription belongs to a shopper OR to a
// business account (a master or a sub-account), never both and never neither. The endpoint stays unique
// across both: a browser's subscription belongs to whoever subscribed last (docs/notifications.md).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE push_subscriptions ALTER COLUMN consumer_id DROP NOT NULL');
  await knex.raw(
    'ALTER TABLE push_subscriptions ADD COLUMN business_owner_id bigint REFERENCES business_owners (id) ON DELETE CASCADE',
  );
  await knex.raw('CREATE INDEX push_subscriptions_business_owner_id_index ON push_subscriptions (business_owner_id)');
  await knex.raw(
    `ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_one_owner_check
       CHECK ((consumer_id IS NOT NULL) <> (business_owner_id IS NOT NULL))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM push_subscriptions WHERE consumer_id IS NULL');
  await knex.raw('ALTER TABLE push_subscriptions DROP CONSTRAINT IF EXISTS push_subscriptions_one_owner_check');
  await knex.raw('DROP INDEX IF EXISTS push_subscriptions_business_owner_id_index');
  await knex.raw('ALTER TABLE push_subscriptions DROP COLUMN IF EXISTS business_owner_id');
  await knex.raw('ALTER TABLE push_subscriptions ALTER COLUMN consumer_id SET NOT NULL');
}
