import type { Knex } from 'knex';
import { NOTIFICATION_KINDS } from './20261123150000_create_notifications.ts';

// Owners' payment alerts (issue 30): the `payment_alert` kind, a web push to every business account that
// may use the outlet ("₹450.00 received on Bachat"). The kinds' CHECK is rewritten with it.
const WITH_ALERT = [...NOTIFICATION_KINDS, 'payment_alert'] as const;

const check = (kinds: readonly string[]) => `CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check ${check(WITH_ALERT)}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM notifications WHERE kind = 'payment_alert'`);
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check ${check(NOTIFICATION_KINDS)}`);
}
