import type { Knex } from 'knex';

/**
 * Issue 27: the server posts web pushes only to the browsers' push services over https
 * (server/providers/push-endpoints.ts, PUSH_ENDPOINT_HOSTS). Subscriptions saved before that rule may
 * point anywhere (any named host, plain http in tests); they are deleted here. The hosts are the
 * defaults of PUSH_ENDPOINT_HOSTS when this landed (fcm.googleapis.com, updates.push.services.mozilla.com,
 * web.push.apple.com, *.notify.windows.com), with no port and no credentials: exactly what the rule
 * accepts then. A subscription the configured rule refuses later is deleted when a push is sent to it.
 * Their browsers subscribe again from /settings.
 */
export const PUSH_SERVICE_ENDPOINT_SQL = String.raw`^https://(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|web\.push\.apple\.com|[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com)/`;

export async function up(knex: Knex): Promise<void> {
  // Deliveries planned to them find the subscription gone and are not sent.
  await knex.raw(`DELETE FROM push_subscriptions WHERE endpoint !~* '${PUSH_SERVICE_ENDPOINT_SQL}'`);
}

export async function down(): Promise<void> {
  // Deleted subscriptions are not restored (their browsers subscribe again).
}
