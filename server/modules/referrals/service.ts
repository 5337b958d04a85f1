import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { unauthorized } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { REFERRAL_REWARDS, referralSharePath, type MyReferrals } from './schema.ts';
import { single } from '../../db/rows.ts';

/** Refer and earn (docs/referrals.md). The Golden Key ledger is append-only; a balance is its sum. */

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: easy to read out and type

/** A fresh referral code: `ME` + 8 characters from the CSPRNG (32^8 ≈ 10^12 codes). */
export function newReferralCode(): string {
  let code = 'ME';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The active shopper who owns `code`, if any. */
export async function findReferrerByCode(code: string, trx?: Knex.Transaction): Promise<{ id: number } | null> {
  const row = await (trx ?? runtime().db)('consumers')
    .where({ referralCode: code.toUpperCase() })
    .whereNull('deletedAt')
    .first('id');
  return row ?? null;
}

/**
 * Credits a referral for a shopper whose account was just created (never for a phone that had one
 * before: users calls this only for a brand-new `consumers` row, and records the referrer it returns
 * in `referred_by_id`). Runs inside the sign-up's transaction; `referrals_referee_id_unique` makes it
 * happen at most once per shopper. Null when the code names no other active shopper.
 */
export async function creditReferral(trx: Knex.Transaction, code: string, refereeId: number): Promise<number | null> {
  const referrer = await findReferrerByCode(code, trx);
  if (!referrer || referrer.id === refereeId) return null;
  const referral = single(
    await trx('referrals').insert({ referrerId: referrer.id, refereeId, code: code.toUpperCase() }).returning('id'),
  );
  await trx('goldenKeyLedger').insert([
    { consumerId: referrer.id, delta: REFERRAL_REWARDS.referrerKeys, reason: 'referral_bonus', referralId: referral.id },
    { consumerId: refereeId, delta: REFERRAL_REWARDS.welcomeKeys, reason: 'referral_welcome', referralId: referral.id },
  ]);
  return referrer.id;
}

/** A shopper's Golden Key balance: the sum of their ledger rows. */
export async function goldenKeyBalance(consumerId: number, trx?: Knex.Transaction): Promise<number> {
  const row = await (trx ?? runtime().db)('goldenKeyLedger')
    .where({ consumerId })
    .sum({ total: 'delta' })
    .first();
  return Number(row?.total ?? 0);
}

/** A Golden Key spent on a Shuffle (shuffles, in the coupon's transaction, the shopper's row locked). */
export async function spendGoldenKey(trx: Knex.Transaction, consumerId: number, purchase: { couponId: number; note: string }): Promise<void> {
  await trx('goldenKeyLedger').insert({ consumerId, delta: -1, reason: 'shuffle_purchase', couponId: purchase.couponId, note: purchase.note });
}

/**
 * shuffles (a bill refunded in full): the Golden Key that bought the bill's coupon comes back, once per
 * coupon (a unique index), however often the coupon is refunded. Nothing when no key bought it.
 */
export async function returnGoldenKey(trx: Knex.Transaction, couponId: number): Promise<boolean> {
  const spent = await trx('goldenKeyLedger').where({ couponId, reason: 'shuffle_purchase' }).first('consumerId');
  if (!spent) return false;
  const back = await trx('goldenKeyLedger')
    .insert({ consumerId: spent.consumerId, delta: 1, reason: 'refund_return', couponId, note: 'The bill it was spent on was refunded in full' })
    .onConflict(trx.raw("(coupon_id) WHERE reason = 'refund_return'"))
    .ignore()
    .returning('id');
  return back.length > 0;
}

/** The balance set to zero with one `adjustment` row (users, when the account is deleted). */
export async function zeroGoldenKeys(trx: Knex.Transaction, consumerId: number, note: string): Promise<void> {
  const balance = await goldenKeyBalance(consumerId, trx);
  if (balance !== 0) await trx('goldenKeyLedger').insert({ consumerId, delta: -balance, reason: 'adjustment', note });
}

export async function getMyReferrals(consumerId: number): Promise<MyReferrals> {
  const { db } = runtime();
  const consumer = await db('consumers').where({ id: consumerId }).whereNull('deletedAt').first('referralCode');
  const [count, goldKeys, recent] = await Promise.all([
    db('referrals').where({ referrerId: consumerId }).count({ n: '*' }).first(),
    goldenKeyBalance(consumerId),
    db('goldenKeyLedger')
      .where({ consumerId })
      .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(20)
      .select('id', 'delta', 'reason', 'note', 'createdAt'),
  ]);
  if (!consumer) throw unauthorized();
  const code = consumer.referralCode;
  return {
    code,
    sharePath: referralSharePath(code),
    referredCount: Number(count?.n ?? 0),
    goldKeys,
    recent,
  };
}
