import type { Knex } from 'knex';
import { clientKey, hitLimits } from '../../lib/rate-limit.ts';
import { runtime } from '../../lib/runtime.ts';
import { PROMOTER_MESSAGES, type CreatePromoterApplicationInput, type PromoterApplication } from './schema.ts';
import { single } from '../../db/rows.ts';

/**
 * Stores a /become-promoter interest form. Anyone may send it, so each client IP may send at most
 * `PROMOTER_APPLICATIONS_PER_IP_PER_HOUR` an hour (counted in the database, across processes). The
 * count is taken in the same transaction as the insert: a form that fails to store counts nothing.
 */
export async function createPromoterApplication(
  input: CreatePromoterApplicationInput,
  meta: { ip?: string | null } = {},
): Promise<PromoterApplication> {
  const { db, now, env } = runtime();
  return db.transaction(async (trx) => {
    await hitLimits(
      [{ key: clientKey('promoter-application', meta.ip), max: env.PROMOTER_APPLICATIONS_PER_IP_PER_HOUR, windowSeconds: 3600, message: PROMOTER_MESSAGES.tooMany }],
      trx,
    );
    return insertApplication(trx, input, now());
  });
}

async function insertApplication(db: Knex.Transaction, input: CreatePromoterApplicationInput, at: Date): Promise<PromoterApplication> {
  return single(
    await db('promoterApplications')
      .insert({
        name: input.name,
        phoneNumber: input.phoneNumber,
        email: input.email ?? null,
        city: input.city,
        message: input.message ?? null,
        createdAt: at,
      })
      .returning(['id', 'createdAt']),
  );
}
