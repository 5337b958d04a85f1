import type { Knex } from 'knex';

/**
 * Writes to `otp_challenges` (owned by auth: the OTP flow itself is in service.ts) that other modules
 * ask for. Apart from service.ts so that users, which auth's service reads accounts from, can call it.
 */

/** Forgets the shopper's OTP challenges, pending or not, by account and by phone (users, when the account is deleted). */
export async function forgetOtpChallenges(trx: Knex.Transaction, consumer: { id: number; phoneNumber: string | null }): Promise<void> {
  await trx('otpChallenges').where({ consumerId: consumer.id }).delete();
  if (consumer.phoneNumber) await trx('otpChallenges').where({ phoneNumber: consumer.phoneNumber }).delete();
}
