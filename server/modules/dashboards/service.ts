import { rawRows } from '../../db/rows.ts';
import type { CouponRow } from '../../db/tables.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { addDays, istMoment, minutesToTime, timelineOn } from '../offers/rules.ts';
import { loadOfferInputs } from '../offers/service.ts';
import {
  totalPagesOf,
  type CouponSummary,
  type DashboardCoupon,
  type DashboardPageInput,
  type LiveAdRow,
  type LiveAdStatus,
  type Page,
  type RevenueDay,
  type RevenueInput,
  type RevenueTotals,
} from './schema.ts';

/**
 * The owner's dashboards (docs/business.md, "Dashboards"). Nothing here counts or sums raw rows per
 * request: the coupon total is the outlet's counter (`outlet_coupon_counters`, kept by a trigger) and a
 * page of coupons is a range of their per-outlet number (`coupons.outlet_seq`), so page 1,000 costs what
 * page 1 costs; revenue and settlements read `outlet_daily_stats`, which the payment capture keeps up
 * to date in its own transaction (server/modules/payments).
 */

/** A Knex aggregate (`count`, `sum`): typed string | number by Knex, a number from our drivers, null over no rows. */
const n = (v: string | number | null | undefined) => Number(v ?? 0);
const pageOf = (offSet: number) => Math.max(offSet, 1);

function paged<T>(data: T[], input: { offSet: number; limit: number }, total: number): Page<T> {
  return { data, offSet: pageOf(input.offSet), limit: input.limit, total, totalPages: totalPagesOf(total, input.limit) };
}

// ---------------------------------------------------------------- coupons

/**
 * One page of an outlet's coupons with the total and the redeemed count, in ONE simple statement: the
 * outlet's counter row (the total) joined to the range of coupon numbers below it on the unique index
 * (outlet_id, outlet_seq): no OFFSET, no count. An outlet without coupons has no counter row and gets
 * an empty page. No ownership check here: callers check first (`listCoupons`); the bench measures this
 * read against the page query alone.
 */
export async function couponsPage(outletId: number, input: { offSet: number; limit: number }): Promise<Page<DashboardCoupon> & { summary: CouponSummary }> {
  const { db, now } = runtime();
  const skip = (pageOf(input.offSet) - 1) * input.limit;
  const rows = await rawRows<CouponsPageRow>(
    db,
    `SELECT n.coupons_count AS total, r.redeemed, c.id, c.code, c.consumer_id, c.discount_percent, c.is_live, c.issued_on,
            c.valid_until, c.redeemed_at, c.created_at
       FROM outlet_coupon_counters n
      CROSS JOIN (SELECT coalesce(sum(coupons_count), 0) AS redeemed FROM outlet_daily_stats WHERE outlet_id = ?) r
       LEFT JOIN coupons c
         ON c.outlet_id = n.outlet_id AND c.outlet_seq BETWEEN n.coupons_count - ? - ? + 1 AND n.coupons_count - ?
      WHERE n.outlet_id = ?
      ORDER BY c.outlet_seq DESC`,
    [outletId, skip, input.limit, skip, outletId],
    { prepared: true },
  );
  const at = now();
  const total = rows[0]?.total ?? 0;
  const data = rows
    .filter((r): r is CouponsPageRow & PageCoupon => r.id !== null)
    .map((r) => ({
      id: r.id,
      code: r.code,
      consumerId: r.consumerId,
      discountPercent: r.discountPercent,
      isLive: r.isLive && !r.redeemedAt && r.validUntil > at,
      redeemed: r.redeemedAt !== null,
      issuedOn: r.issuedOn,
      validUntil: r.validUntil,
      redeemedAt: r.redeemedAt,
      createdAt: r.createdAt,
    }));
  // No counter row means no coupons; the redeemed count then comes from a second, rare read.
  const redeemed = rows[0]
    ? rows[0].redeemed
    : n((await db('outletDailyStats').where({ outletId }).sum({ s: 'couponsCount' }).first())?.s);
  return { ...paged(data, input, total), summary: { issued: total, redeemed } };
}

type PageCoupon = Pick<CouponRow, 'id' | 'code' | 'consumerId' | 'discountPercent' | 'isLive' | 'issuedOn' | 'validUntil' | 'redeemedAt' | 'createdAt'>;
/** couponsPage's rows: the totals on each; the coupon's columns all null when the page is past the end. */
type CouponsPageRow = { total: number; redeemed: number } & (PageCoupon | { [K in keyof PageCoupon]: null });

/** Coupons issued at the outlet, newest first (the owner's coupons dashboard). */
export async function listCoupons(ownerId: number, input: DashboardPageInput): Promise<Page<DashboardCoupon> & { summary: CouponSummary }> {
  await assertOutletAccess(ownerId, input.outletId);
  return couponsPage(input.outletId, input);
}

// ---------------------------------------------------------------- revenue

/** Revenue by IST day (newest first) from outlet_daily_stats, with the range's totals. */
export async function listRevenue(ownerId: number, input: RevenueInput): Promise<Page<RevenueDay> & { totals: RevenueTotals }> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db } = runtime();
  const scoped = () =>
    db('outletDailyStats')
      .where({ outletId: input.outletId })
      .modify((q) => {
        if (input.from) q.where('day', '>=', input.from);
        if (input.to) q.where('day', '<=', input.to);
      });
  const [rows, sums] = await Promise.all([
    scoped()
      .orderBy('day', 'desc')
      .offset((pageOf(input.offSet) - 1) * input.limit)
      .limit(input.limit)
      .select('day', 'ordersCount', 'couponsCount', 'billPaise', 'discountPaise', 'feePaise', 'netPaise', 'feeGstPaise', 'payoutPaise', 'refundsCount', 'refundPaise'),
    scoped()
      .first<RevenueSums | undefined>(
        db.raw('count(*)::int AS days'),
        db.raw('coalesce(sum(orders_count), 0)::bigint AS orders_count'),
        db.raw('coalesce(sum(bill_paise), 0)::bigint AS bill_paise'),
        db.raw('coalesce(sum(discount_paise), 0)::bigint AS discount_paise'),
        db.raw('coalesce(sum(fee_paise), 0)::bigint AS fee_paise'),
        db.raw('coalesce(sum(net_paise), 0)::bigint AS net_paise'),
        db.raw('coalesce(sum(fee_gst_paise), 0)::bigint AS fee_gst_paise'),
        db.raw('coalesce(sum(payout_paise), 0)::bigint AS payout_paise'),
        db.raw('coalesce(sum(refunds_count), 0)::bigint AS refunds_count'),
        db.raw('coalesce(sum(refund_paise), 0)::bigint AS refund_paise'),
      ),
  ]);
  return {
    ...paged(rows, input, sums?.days ?? 0),
    totals: {
      ordersCount: sums?.ordersCount ?? 0,
      billPaise: sums?.billPaise ?? 0,
      discountPaise: sums?.discountPaise ?? 0,
      feePaise: sums?.feePaise ?? 0,
      netPaise: sums?.netPaise ?? 0,
      feeGstPaise: sums?.feeGstPaise ?? 0,
      payoutPaise: sums?.payoutPaise ?? 0,
      refundsCount: sums?.refundsCount ?? 0,
      refundPaise: sums?.refundPaise ?? 0,
    },
  };
}

/** The range's totals (listRevenue); sums are cast to bigint, which comes back as a number. */
type RevenueSums = RevenueTotals & { days: number };

// ---------------------------------------------------------------- live ads

const STATUS_ORDER: Record<LiveAdStatus, number> = { live: 0, scheduled: 1, off: 2 };

/**
 * The outlet's ads with what they are doing now: `live` (a slot of it runs now, by the offers rules;
 * a highlight: enabled and within its dates), `scheduled` (a later slot today, or a slot on another
 * day or a future date), or `off`. Live first, then scheduled, then off; 20 a page.
 */
export async function listLiveAds(ownerId: number, input: DashboardPageInput): Promise<Page<LiveAdRow>> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, now, storage } = runtime();
  const at = now();
  const m = istMoment(at);
  const [ads, slots, inputs] = await Promise.all([
    db('promotions')
      .where({ outletId: input.outletId })
      .orderBy('id', 'desc')
      .select('id', 'adType', 'title', 'discountPercent', 'imageKey', 'isEnabled', 'startsOn', 'endsOn'),
    db('promotionTimeSlots')
      .where({ outletId: input.outletId, isEnabled: true })
      .whereNotNull('promotionId')
      .where((w) => w.whereNull('slotDate').orWhere('slotDate', '>=', m.date))
      .orderBy([{ column: 'slotDate' }, { column: 'dayOfWeek' }, { column: 'startsAt' }])
      .select('promotionId', 'dayOfWeek', 'slotDate', 'startsAt', 'endsAt', 'discountPercent'),
    loadOfferInputs([input.outletId], m.date),
  ]);
  // Today's timeline with the precedence applied (docs/offers.md): an ad is live only while it is the
  // offer shoppers get, and "scheduled today" only when a window of it is still to come.
  const offerInputs = inputs.get(input.outletId);
  const timeline = offerInputs ? timelineOn(offerInputs, m.date) : [];
  const rows: LiveAdRow[] = ads.map((ad) => {
    const id = ad.id;
    const base = {
      advId: id,
      adType: ad.adType,
      title: ad.title,
      discountPercent: ad.discountPercent,
      imageUrl: ad.imageKey ? storage.url(ad.imageKey) : null,
    };
    if (ad.adType === 'Highlight') {
      const inRange = (!ad.startsOn || ad.startsOn <= m.date) && (!ad.endsOn || m.date <= ad.endsOn);
      const future = ad.startsOn && ad.startsOn > m.date;
      const status: LiveAdStatus = ad.isEnabled && inRange ? 'live' : ad.isEnabled && future ? 'scheduled' : 'off';
      return { ...base, status, slotDate: null, startTime: null, endTime: null };
    }
    const mine = timeline.filter((seg) => seg.run?.slot.promotion?.id === id && seg.to > m.minutes);
    const running = mine.find((seg) => seg.from <= m.minutes);
    if (running) return { ...base, status: 'live', slotDate: m.date, startTime: minutesToTime(running.from), endTime: minutesToTime(running.to) };
    const later = mine[0];
    if (later) return { ...base, status: 'scheduled', slotDate: m.date, startTime: minutesToTime(later.from), endTime: minutesToTime(later.to) };
    if (ad.isEnabled && (!ad.endsOn || ad.endsOn >= m.date)) {
      const next = slots.find((s) => s.promotionId === id && (s.slotDate ? s.slotDate > m.date : true));
      if (next) {
        // promotion_time_slots_when_check: a slot without a date has a weekday.
        const slotDate = next.slotDate ?? nextDateOf(m.date, m.dayOfWeek, next.dayOfWeek!);
        return { ...base, status: 'scheduled', slotDate, startTime: next.startsAt.slice(0, 5), endTime: next.endsAt.slice(0, 5) };
      }
    }
    return { ...base, status: 'off', slotDate: null, startTime: null, endTime: null };
  });
  rows.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.advId - a.advId);
  const start = (pageOf(input.offSet) - 1) * input.limit;
  return paged(rows.slice(start, start + input.limit), input, rows.length);
}

/** The next date after `today` that falls on ISO weekday `dow` (a week later when it is today's weekday). */
function nextDateOf(today: string, todayDow: number, dow: number): string {
  const ahead = (dow - todayDow + 7) % 7 || 7;
  return addDays(today, ahead);
}

// ---------------------------------------------------------------- settlements

// The settlement report (statements, CSV, monthly PDF) is the settlements module's (report.ts).
export { listSettlements, settlementCsv, statementPdf } from '../settlements/report.ts';
