import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { addDays, istMoment, istToInstant, timeToMinutes } from '../offers/rules.ts';
import { goldenKeyBalance, returnGoldenKey, spendGoldenKey } from '../referrals/service.ts';
import { loadPayableOutlet } from '../bills/service.ts';
import { toBps } from '../orders/money.ts';
import {
  SHUFFLE_CARD_COUNT,
  SHUFFLE_MESSAGES,
  type dealShuffleInputSchema,
  type SavedShuffle,
  type ShuffleDeal,
  type saveShuffleInputSchema,
} from './schema.ts';
import type { z } from 'zod';
import { single } from '../../db/rows.ts';
import { couponSaved } from '../notifications/service.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';

/**
 * A card's value, drawn with the CSPRNG (`crypto.randomInt`) from the outlet's range [min, max]:
 * a whole percent when the range holds one (ceil(min) … floor(max), at least 1 %), otherwise a
 * percent in hundredths. Never 0 % (no blank cards); never outside [min, max]. `draw(n)` returns an
 * integer in [0, n) and exists only so tests can drive the extremes.
 */
export function drawShufflePercent(
  minPercent: number,
  maxPercent: number,
  draw: (n: number) => number = (n) => randomInt(n),
): number {
  const minBps = Math.max(toBps(minPercent), 1);
  const maxBps = toBps(maxPercent);
  if (maxBps < minBps) throw unprocessable(SHUFFLE_MESSAGES.unavailable);
  const lowWhole = Math.max(Math.ceil(minBps / 100), 1);
  const highWhole = Math.floor(maxBps / 100);
  if (highWhole >= lowWhole) return lowWhole + draw(highWhole - lowWhole + 1);
  return (minBps + draw(maxBps - minBps + 1)) / 100;
}

/**
 * Until when a coupon saved now is valid: the outlet's next closing time (IST) after now, never more
 * than 24 hours away (an outlet closing after midnight closes on the next calendar day).
 */
export function couponValidUntil(closesAt: string, now: Date): Date {
  const today = istMoment(now).date;
  const close = timeToMinutes(closesAt);
  const limit = now.getTime() + 24 * 60 * 60 * 1000;
  for (const k of [-1, 0, 1]) {
    const t = istToInstant(addDays(today, k), close);
    if (t.getTime() > now.getTime()) return new Date(Math.min(t.getTime(), limit));
  }
  return new Date(limit);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCouponCode(): string {
  let code = 'SH';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

async function freeShuffleUsed(consumerId: number, outletId: number, issuedOn: string, trx?: Knex.Transaction) {
  const row = await (trx ?? runtime().db)('coupons')
    .where({ consumerId, outletId, issuedOn, usedGoldenKey: false })
    .first('id');
  return Boolean(row);
}

/** `shuffles.deal`: the range, the face-down cards and whether the shopper may shuffle now. */
export async function dealShuffle(consumerId: number, input: z.output<typeof dealShuffleInputSchema>): Promise<ShuffleDeal> {
  const outlet = await loadPayableOutlet(input.outletId);
  const issuedOn = istMoment(runtime().now()).date;
  const [used, goldKeys] = await Promise.all([freeShuffleUsed(consumerId, outlet.id, issuedOn), goldenKeyBalance(consumerId)]);
  const available = toBps(outlet.shuffleMaxPercent) >= Math.max(toBps(outlet.shuffleMinPercent), 1);
  return {
    outletId: outlet.id,
    outletName: outlet.name,
    minPercent: outlet.shuffleMinPercent,
    maxPercent: outlet.shuffleMaxPercent,
    cardCount: SHUFFLE_CARD_COUNT,
    freeAvailable: available && !used,
    goldKeys,
    canShuffle: available && (!used || goldKeys > 0),
  };
}

/**
 * `shuffles.save`: draws the picked card's value and keeps it as a coupon, valid until the outlet's
 * closing time. The first shuffle of the IST day at an outlet is free; after that `useGoldKey` spends
 * one Golden Key, debited in the same transaction that creates the coupon (the shopper's row is locked
 * first, so concurrent requests spend a key once). A key is never spent while the free shuffle is unused.
 */
export async function saveShuffle(consumerId: number, input: z.output<typeof saveShuffleInputSchema>): Promise<SavedShuffle> {
  const { db, now } = runtime();
  return db.transaction(async (trx) => {
    const at = now();
    const outlet = await loadPayableOutlet(input.outletId, trx);
    await trx('consumers').where({ id: consumerId }).forUpdate().first('id');
    const issuedOn = istMoment(at).date;
    let usedGoldenKey = false;
    if (await freeShuffleUsed(consumerId, outlet.id, issuedOn, trx)) {
      if (!input.useGoldKey) throw conflict(SHUFFLE_MESSAGES.freeUsed, { useGoldKey: SHUFFLE_MESSAGES.freeUsed });
      if ((await goldenKeyBalance(consumerId, trx)) < 1) {
        throw unprocessable(SHUFFLE_MESSAGES.noGoldKeys, { useGoldKey: SHUFFLE_MESSAGES.noGoldKeys });
      }
      usedGoldenKey = true;
    }
    const discountPercent = drawShufflePercent(outlet.shuffleMinPercent, outlet.shuffleMaxPercent);
    const validUntil = couponValidUntil(outlet.closesAt, at);
    const coupon = single(
      await trx('coupons')
        .insert({
        code: newCouponCode(),
        consumerId,
        outletId: outlet.id,
        discountPercent,
        isLive: true,
        issuedOn,
        usedGoldenKey,
        validUntil,
        createdAt: at,
      })
        .returning(['id', 'code']),
    );
    if (usedGoldenKey) {
      await spendGoldenKey(trx, consumerId, { couponId: coupon.id, note: `Shuffle at ${outlet.name}` });
    }
    await couponSaved(coupon.id, trx); // EMAIL_NEW_COUPON_ALERTS (docs/notifications.md)
    const otherCards = [];
    for (let card = 0; card < SHUFFLE_CARD_COUNT; card++) {
      if (card !== input.card) otherCards.push({ card, discountPercent: drawShufflePercent(outlet.shuffleMinPercent, outlet.shuffleMaxPercent) });
    }
    return {
      coupon: {
        id: coupon.id,
        code: coupon.code,
        outletId: outlet.id,
        discountPercent,
        isLive: true,
        validUntil,
        usedGoldenKey,
      },
      card: input.card,
      otherCards,
      goldKeys: await goldenKeyBalance(consumerId, trx),
    };
  });
}

/**
 * A paid order's coupon is used up (the capture in server/modules/payments, which locked the row and
 * checked it usable): redeemed and no longer live. False when it was redeemed already.
 */
export async function redeemCoupon(trx: Knex.Transaction, couponId: number, at: Date): Promise<boolean> {
  const used = await trx('coupons').where({ id: couponId }).whereNull('redeemedAt').update({ redeemedAt: at, isLive: false });
  return used === 1;
}

/**
 * `refund.changed` (shuffles manifest): a bill refunded in full gives back what it spent: its coupon is
 * no longer redeemed (live again while still valid, else shown as expired) and the Golden Key that
 * bought it is returned (referrals). A partial refund keeps both: the shopper kept part of the bill.
 */
export async function giveBackOnFullRefund(trx: Knex.Transaction, e: DomainEventMap['refund.changed']): Promise<void> {
  if (!e.full || e.status !== 'processed') return;
  const order = await trx('orders').where({ id: e.orderId }).first('couponId');
  if (!order?.couponId) return;
  const coupon = await trx('coupons').where({ id: order.couponId }).forUpdate().first('id', 'validUntil', 'redeemedAt');
  if (!coupon?.redeemedAt) return;
  await trx('coupons')
    .where({ id: coupon.id })
    .update({ redeemedAt: null, isLive: coupon.validUntil.getTime() > e.at.getTime() });
  await returnGoldenKey(trx, coupon.id);
}
