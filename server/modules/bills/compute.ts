import type { Env } from '../../env.ts';
import { MINIMUM_BILL_PAISE, PLATFORM_FEE_BPS, type BillAmounts, type BillInput, type FeeConfig } from './schema.ts';

/**
 * The money rules, pure: integer paise in, integer paise out, no clock, no database.
 *
 * THE rounding rule (the only one): a percentage of an amount is computed exactly in integers as
 * `amount × basisPoints / 10000` and rounded half up to a whole paisa (`roundShare`). Every derived
 * amount (instant discount, Shuffle discount, convenience fee, GST, platform fee) uses it; every other
 * amount is a sum or difference of those, so the identity
 *   amount = bill − instant − shuffle + fee + GST
 * holds exactly (the `orders_amount_identity_check` constraint checks it again on write).
 */

/** A percent with at most two decimals (numeric(5,2)) → basis points. */
export function toBps(percent: number): number {
  return Math.round(percent * 100);
}

/** `amount × bps / 10000`, rounded half up, for amount ≥ 0 and 0 ≤ bps ≤ 10000. */
export function roundShare(amountPaise: number, bps: number): number {
  return Math.floor((amountPaise * bps + 5_000) / 10_000);
}

export function feeConfigOf(env: Pick<Env, 'CONVENIENCE_FEE_PERCENT' | 'CONVENIENCE_FEE_MAX_PAISE' | 'GST_PERCENT'>): FeeConfig {
  return {
    convenienceFeeBps: toBps(env.CONVENIENCE_FEE_PERCENT),
    convenienceFeeMaxPaise: env.CONVENIENCE_FEE_MAX_PAISE,
    gstBps: toBps(env.GST_PERCENT),
  };
}

const clampBps = (percent: number) => Math.min(10_000, Math.max(0, toBps(percent)));

/**
 * The breakdown of one bill:
 * 1. below ₹50 (MINIMUM_BILL_PAISE) no offer and no coupon applies;
 * 2. instant discount = bill × offer %;
 * 3. Shuffle discount = (bill − instant) × coupon % (the coupon applies on top of the instant offer);
 * 4. subtotal = bill − instant − shuffle;
 * 5. convenience fee = min(subtotal × fee %, cap); GST = fee × GST %;
 * 6. amount = subtotal + fee + GST;
 * 7. the outlet's side: platform fee = subtotal × 1.5 %, net to outlet = subtotal − platform fee.
 */
export function computeBill(input: BillInput): BillAmounts {
  const billPaise = input.billPaise;
  if (!Number.isSafeInteger(billPaise) || billPaise < 0) throw new RangeError('billPaise must be a non-negative integer');
  const belowMinimum = billPaise < MINIMUM_BILL_PAISE;
  const instantBps = belowMinimum ? 0 : clampBps(input.instantDiscountPercent);
  const shuffleBps = belowMinimum ? 0 : clampBps(input.shuffleDiscountPercent);
  const instantDiscountPaise = roundShare(billPaise, instantBps);
  const shuffleDiscountPaise = roundShare(billPaise - instantDiscountPaise, shuffleBps);
  const discountPaise = instantDiscountPaise + shuffleDiscountPaise;
  const subtotalPaise = billPaise - discountPaise;
  const feeBps = Math.min(10_000, Math.max(0, input.fees.convenienceFeeBps));
  const convenienceFeePaise = Math.min(roundShare(subtotalPaise, feeBps), Math.max(0, input.fees.convenienceFeeMaxPaise));
  const gstBps = Math.min(10_000, Math.max(0, input.fees.gstBps));
  const gstPaise = roundShare(convenienceFeePaise, gstBps);
  const platformFeePaise = roundShare(subtotalPaise, PLATFORM_FEE_BPS);
  return {
    billPaise,
    belowMinimum,
    instantDiscountPercent: instantBps / 100,
    instantDiscountPaise,
    shuffleDiscountPercent: shuffleBps / 100,
    shuffleDiscountPaise,
    discountPaise,
    subtotalPaise,
    convenienceFeePercent: feeBps / 100,
    convenienceFeePaise,
    gstPercent: gstBps / 100,
    gstPaise,
    amountPaise: subtotalPaise + convenienceFeePaise + gstPaise,
    platformFeePaise,
    netToOutletPaise: subtotalPaise - platformFeePaise,
  };
}
