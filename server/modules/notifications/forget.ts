import type { Knex } from 'knex';

/**
 * users (account deletion): forgets the shopper's devices, location and inbox. A file of its own: the
 * notifications service calls the users service (unsubscribe links), so this keeps the two from
 * importing each other.
 */
export async function forgetConsumer(consumerId: number, trx: Knex.Transaction): Promise<void> {
  await trx('pushSubscriptions').where({ consumerId }).delete();
  await trx('fcmTokens').where({ consumerId }).delete();
  await trx('consumerLocations').where({ consumerId }).delete();
  await trx('notifications').where({ consumerId }).delete();
  await trx('pushDailyCounts').where({ consumerId }).delete();
}
