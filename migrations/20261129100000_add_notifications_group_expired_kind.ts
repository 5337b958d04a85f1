import type { Knex } from 'knex';
import { NOTIFICATION_KINDS } from './20261123150000_create_notifications.ts';

// Group pay (issue 32): the `group_expired` kind, told to a group bill's host and to whoever started
// paying a share but did not when the group closes unpaid. The kinds' CHECK is rewritten with it.
const BEFORE = [...NOTIFICATION_KINDS, 'payment_alert'] as const;
const WITH_GROUP = [...BEFORE, 'group_expired'] as const;

const check = (kinds: readonly string[]) => `CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check ${check(WITH_GROUP)}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM notifications WHERE kind = 'group_expired'`);
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check ${check(BEFORE)}`);
}
