import { runtime } from '../../lib/runtime.ts';
import { rawRows } from '../../db/rows.ts';
import { addDays, istMoment, istToInstant, timeToMinutes } from '../offers/rules.ts';
import { getScheduledOffers } from '../offers/service.ts';
import { listNearbyOutlets } from '../outlets/service.ts';
import { nearbyOutletsInputSchema } from '../outlets/schema.ts';
import type { NotificationFlag } from '../users/schema.ts';
import type { Language } from '../common/schema.ts';
import {
  DIGEST_OFFERS,
  EXPIRING_COUPON_MINUTES,
  FLASH_SALE_HOURS,
  NEARBY_RADIUS_KM,
  type NotificationKind,
} from './schema.ts';
import { createNotifications, notifyConsumer, notifyOwner, wantsFlagSql, type NewNotification } from './service.ts';
import type { DigestOffer } from './templates.ts';
import {
  dailyDealText,
  expiringCouponText,
  flashSaleText,
  nearbyOfferText,
  newCouponText,
  offerUntilText,
  paymentAlertText,
  paymentReceiptText,
  paymentReceivedText,
  refundText,
  groupExpiredText,
  settlementLineText,
  settlementSummaryText,
  weeklyDigestText,
} from './messages.ts';

export { refundText };
import { offerStartQueue, type OfferMoment } from './queues.ts';
import { discountOf } from '../orders/money.ts';
import { outletAccessStillHeld } from '../../lib/outlet-access.ts';

export type { OfferMoment };

/**
 * What each kind of message says and who gets it (the issue's table). Each function is a job's body
 * (jobs.ts); each writes its messages through createNotifications, whose once-only key makes running it
 * twice harmless.
 */

const outletPath = (o: { categorySlug: string; slug: string; id: number }) => `/${o.categorySlug}/${o.slug}/instore-offers/${o.id}`;

// ---------------------------------------------------------------- coupons

interface CouponFacts {
  id: number;
  consumerId: number;
  code: string;
  discountPercent: number;
  validUntil: Date;
  redeemedAt: Date | null;
  isLive: boolean;
  outletId: number;
  outletName: string;
  locality: string;
  /** The shopper's language: every message is written in it (messages.ts). */
  language: Language;
}

const COUPON_SQL = `
  SELECT c.id, c.consumer_id, c.code, c.discount_percent, c.valid_until, c.redeemed_at, c.is_live,
         o.id AS outlet_id, o.name AS outlet_name, o.address_line_two AS locality, k.language
    FROM coupons c JOIN outlets o ON o.id = c.outlet_id JOIN consumers k ON k.id = c.consumer_id`;

/** EMAIL_NEW_COUPON_ALERTS: a Shuffle coupon was saved: outlet, percent, valid until. */
export async function newCouponAlert(couponId: number): Promise<number | null> {
  const [c] = await rawRows<CouponFacts>(runtime().db, `${COUPON_SQL} WHERE c.id = ?`, [couponId]);
  if (!c || c.redeemedAt || !c.isLive) return null;
  const validUntil = new Date(c.validUntil);
  return notifyConsumer({
    consumerId: c.consumerId,
    kind: 'new_coupon',
    subject: `coupon:${c.id}`,
    ...newCouponText({ percent: c.discountPercent, outletName: c.outletName, locality: c.locality, validUntil, now: runtime().now() }, c.language),
    url: '/coupons',
    data: { couponId: c.id, code: c.code, outletId: c.outletId, outletName: c.outletName, percent: c.discountPercent, validUntil: validUntil.toISOString() },
    expiresAt: validUntil,
  });
}

/** EMAIL_EXPIRING_COUPONS: every unused live coupon that lapses within the hour gets one reminder. */
export async function expiringCouponReminders(): Promise<number> {
  const { db, now } = runtime();
  const at = now();
  const until = new Date(at.getTime() + EXPIRING_COUPON_MINUTES * 60_000);
  let created = 0;
  let after = 0;
  for (;;) {
    const rows = await rawRows<CouponFacts>(
      db,
      `${COUPON_SQL}
        LEFT JOIN consumer_settings s ON s.consumer_id = k.id
       WHERE c.redeemed_at IS NULL AND c.is_live AND c.valid_until > ? AND c.valid_until <= ? AND c.id > ?
         AND ${wantsFlagSql('emailExpiringCoupons', 'k')}
         AND NOT EXISTS (SELECT 1 FROM notifications n
                          WHERE n.recipient = 'consumer:' || c.consumer_id AND n.kind = 'expiring_coupon' AND n.subject = 'coupon:' || c.id)
       ORDER BY c.id LIMIT 500`,
      [at, until, after],
    );
    if (!rows.length) return created;
    after = rows[rows.length - 1]!.id;
    const ids = await createNotifications(
      rows.map((c) => {
        const validUntil = new Date(c.validUntil);
        return {
          recipient: { consumerId: c.consumerId },
          kind: 'expiring_coupon' as const,
          subject: `coupon:${c.id}`,
          ...expiringCouponText({ percent: c.discountPercent, outletName: c.outletName, locality: c.locality, validUntil }, c.language),
          url: `/enter-amount/${c.outletId}`,
          data: { couponId: c.id, code: c.code, outletId: c.outletId, percent: c.discountPercent, validUntil: validUntil.toISOString() },
          expiresAt: validUntil,
        };
      }),
    );
    created += ids.length;
  }
}

// ---------------------------------------------------------------- digest and deal of the day

interface AudienceRow {
  id: number;
  language: Language;
  latitude: number | null;
  longitude: number | null;
  cityId: number | null;
  cityName: string | null;
}

type FoundOffer = DigestOffer & { validUntil: Date; outletId: number; endsAt: Date | null };

/** An offer as one shopper reads it: its "until" in their language. */
const offerIn = (o: FoundOffer, language: Language): FoundOffer => ({ ...o, until: o.endsAt ? offerUntilText(o.endsAt, language) : null });

/** Offers near a point (or in a city) ranked by their live percent, computed once per ~5 km cell. */
export function offerFinder(radiusKm: number) {
  const cache = new Map<string, Promise<{ offers: FoundOffer[]; place: string | null }>>();
  return (who: AudienceRow) => {
    const byPoint = who.latitude !== null && who.longitude !== null;
    // 0.05° ≈ 5.5 km: shoppers in one cell share one lookup.
    const key = byPoint ? `p:${Math.round(who.latitude! * 20)}:${Math.round(who.longitude! * 20)}` : `c:${who.cityId}`;
    let found = cache.get(key);
    if (!found) {
      found = (async () => {
        const input = nearbyOutletsInputSchema.parse(
          byPoint
            ? { latitude: Math.round(who.latitude! * 20) / 20, longitude: Math.round(who.longitude! * 20) / 20, limit: 50 }
            : { noLocation: true, cityId: who.cityId, limit: 50 },
        );
        const page = await listNearbyOutlets(input);
        const offers = page.items
          .filter((o) => o.liveOffer && o.liveOffer.discountPercent > 0 && (o.distanceKm === null || o.distanceKm <= radiusKm))
          .sort((a, b) => b.liveOffer!.discountPercent - a.liveOffer!.discountPercent || (a.distanceKm ?? 0) - (b.distanceKm ?? 0))
          .slice(0, DIGEST_OFFERS)
          .map((o) => ({
            outletId: o.id,
            outletName: o.name,
            locality: o.locality,
            percent: o.liveOffer!.discountPercent,
            title: o.liveOffer!.title,
            // Written in each shopper's language when their message is made (`until` below).
            until: null,
            endsAt: o.liveOffer!.endsAt ? o.liveOffer!.validUntil : null,
            validUntil: o.liveOffer!.validUntil,
            url: outletPath({ categorySlug: o.category.slug, slug: o.slug, id: o.id }),
          }));
        return { offers, place: page.items[0]?.locality ?? null };
      })();
      cache.set(key, found);
    }
    return found;
  };
}

/**
 * Walks the shoppers who get `flag` and have a last location or city, 1,000 at a time (keyset on id),
 * and makes each one's message from the offers near them.
 */
async function fanOut(
  flag: NotificationFlag,
  options: { requireEmail: boolean },
  make: (who: AudienceRow, offers: Awaited<ReturnType<ReturnType<typeof offerFinder>>>) => NewNotification | null,
  find: ReturnType<typeof offerFinder>,
  batchSize = 1000,
): Promise<number> {
  const { db } = runtime();
  let after = 0;
  let created = 0;
  for (;;) {
    const rows = await rawRows<AudienceRow>(
      db,
      `SELECT k.id, k.language, l.latitude, l.longitude, l.city_id, ci.name AS city_name
         FROM consumers k
         JOIN consumer_locations l ON l.consumer_id = k.id
         LEFT JOIN cities ci ON ci.id = l.city_id
         LEFT JOIN consumer_settings s ON s.consumer_id = k.id
        WHERE k.id > ? AND ${wantsFlagSql(flag, 'k')} ${options.requireEmail ? 'AND k.email IS NOT NULL' : ''}
        ORDER BY k.id LIMIT ?`,
      [after, batchSize],
    );
    if (!rows.length) return created;
    after = rows[rows.length - 1]!.id;
    const items: NewNotification[] = [];
    for (const who of rows) {
      const n = make(who, await find(who));
      if (n) items.push(n);
    }
    created += (await createNotifications(items)).length;
  }
}

/** The Monday of the IST week containing `at`. */
export function weekStart(at: Date): string {
  const m = istMoment(at);
  return addDays(m.date, 1 - m.dayOfWeek);
}

/** EMAIL_WEEKLY_DEALS_DIGEST, Monday 09:00 IST: the best live offers near the shopper's last location or city. */
export async function weeklyDigest(options: { batchSize?: number } = {}): Promise<number> {
  const week = weekStart(runtime().now());
  return fanOut(
    'emailWeeklyDealsDigest',
    { requireEmail: true },
    (who, { offers, place }) => {
      if (!offers.length) return null;
      const near = who.latitude !== null ? (place ?? who.cityName) : who.cityName;
      const best = Math.max(...offers.map((o) => o.percent));
      return {
        recipient: { consumerId: who.id },
        kind: 'weekly_digest',
        subject: `week:${week}`,
        ...weeklyDigestText({ near, best, outlets: offers.length }, who.language),
        url: '/',
        data: { offers: offers.map((found) => offerIn(found, who.language)).map(({ validUntil: _v, outletId: _o, endsAt: _e, ...o }) => o) },
      };
    },
    offerFinder(10),
    options.batchSize,
  );
}

/** PUSH_DAILY_DEAL_NOTIFICATIONS, 11:00 IST: one deal of the day near the shopper. */
export async function dailyDeal(): Promise<number> {
  const date = istMoment(runtime().now()).date;
  return fanOut(
    'pushDailyDealNotifications',
    { requireEmail: false },
    (who, { offers }) => {
      const o = offers[0] ? offerIn(offers[0], who.language) : undefined;
      if (!o) return null;
      return {
        recipient: { consumerId: who.id },
        kind: 'daily_deal',
        subject: `day:${date}`,
        ...dailyDealText(o, who.language),
        url: o.url,
        data: { outletId: o.outletId, percent: o.percent },
        expiresAt: o.validUntil,
      };
    },
    offerFinder(10),
  );
}

// ---------------------------------------------------------------- offers: flash sales and nearby

interface OutletFacts {
  id: number;
  name: string;
  slug: string;
  categorySlug: string;
  locality: string;
  latitude: number;
  longitude: number;
  isLive: boolean;
}

async function outletFacts(outletId: number): Promise<OutletFacts | undefined> {
  const [o] = await rawRows<OutletFacts>(
    runtime().db,
    `SELECT o.id, o.name, o.slug, c.slug AS category_slug, o.address_line_two AS locality, o.latitude, o.longitude, o.is_live
       FROM outlets o JOIN categories c ON c.id = o.category_id WHERE o.id = ?`,
    [outletId],
  );
  return o;
}

/** Shoppers whose last location is within NEARBY_RADIUS_KM of the outlet and who get `flag`, nearest first. */
async function shoppersNear(o: OutletFacts, flag: NotificationFlag, excludeKind?: { kind: NotificationKind; subject: string }) {
  const radius = NEARBY_RADIUS_KM * 1000;
  return rawRows<{ id: number; metres: number; language: Language }>(
    runtime().db,
    `SELECT k.id, k.language, earth_distance(ll_to_earth(?, ?), ll_to_earth(l.latitude, l.longitude)) AS metres
       FROM consumer_locations l
       JOIN consumers k ON k.id = l.consumer_id
       LEFT JOIN consumer_settings s ON s.consumer_id = k.id
      WHERE l.latitude IS NOT NULL
        AND earth_box(ll_to_earth(?, ?), ?) @> ll_to_earth(l.latitude, l.longitude)
        AND earth_distance(ll_to_earth(?, ?), ll_to_earth(l.latitude, l.longitude)) <= ?
        AND ${wantsFlagSql(flag, 'k')}
        ${excludeKind ? `AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.recipient = 'consumer:' || k.id AND n.kind = ? AND n.subject = ?)` : ''}
      ORDER BY metres, k.id LIMIT 20000`,
    [o.latitude, o.longitude, o.latitude, o.longitude, radius, o.latitude, o.longitude, radius, ...(excludeKind ? [excludeKind.kind, excludeKind.subject] : [])],
  );
}


const offerSubject = (m: OfferMoment) => `offer:${m.outletId}:${m.date}:${m.startsAt}:${m.percent}`;

/**
 * After an owner saves a schedule: every timed offer of today and tomorrow not announced yet is
 * announced: at once as a last-minute flash sale when it starts within FLASH_SALE_HOURS (or is running),
 * and to shoppers nearby when it starts (a job queued for its start time).
 */
export async function announceScheduledOffers(outletId: number): Promise<{ flash: number; queued: number }> {
  const { now, jobs } = runtime();
  const o = await outletFacts(outletId);
  if (!o?.isLive) return { flash: 0, queued: 0 };
  const at = now();
  let flash = 0;
  let queued = 0;
  for (const day of ['today', 'tomorrow'] as const) {
    const scheduled = await getScheduledOffers(outletId, day);
    for (const offer of scheduled.offers) {
      if (!offer.discountPercent) continue;
      const start = istToInstant(scheduled.date, timeToMinutes(offer.startsAt));
      const end = istToInstant(scheduled.date, timeToMinutes(offer.endsAt));
      if (end.getTime() <= at.getTime()) continue;
      const moment: OfferMoment = { outletId, date: scheduled.date, startsAt: offer.startsAt, endsAt: offer.endsAt, percent: offer.discountPercent, title: offer.title };
      if (start.getTime() - at.getTime() <= FLASH_SALE_HOURS * 3600_000) flash += await flashSale(o, moment, start, end);
      if (start.getTime() <= at.getTime()) await offerStarted(moment);
      else {
        await jobs.send(offerStartQueue, moment, { startAfter: start, singletonKey: offerSubject(moment) });
        queued++;
      }
    }
  }
  return { flash, queued };
}

async function flashSale(o: OutletFacts, m: OfferMoment, start: Date, end: Date): Promise<number> {
  const who = await shoppersNear(o, 'pushLastMinuteFlashSales');
  const started = start.getTime() <= runtime().now().getTime();
  const ids = await createNotifications(
    who.map((w) => ({
      recipient: { consumerId: w.id },
      kind: 'flash_sale' as const,
      subject: offerSubject(m),
      ...flashSaleText({ percent: m.percent, outletName: o.name, locality: o.locality, title: m.title, start, end, started, metres: w.metres }, w.language),
      url: outletPath(o),
      data: { outletId: o.id, percent: m.percent, startsAt: start.toISOString() },
      expiresAt: end,
    })),
  );
  return ids.length;
}

/** PUSH_NEARBY_OFFERS: the offer has started (and is still on the outlet's schedule): tell shoppers nearby. */
export async function offerStarted(m: OfferMoment): Promise<number> {
  const { now } = runtime();
  const o = await outletFacts(m.outletId);
  if (!o?.isLive) return 0;
  const today = await getScheduledOffers(m.outletId, 'today');
  const still = today.date === m.date && today.offers.some((x) => x.startsAt === m.startsAt && x.discountPercent === m.percent && x.status === 'live');
  if (!still) return 0;
  const end = istToInstant(m.date, timeToMinutes(m.endsAt));
  if (end.getTime() <= now().getTime()) return 0;
  const subject = offerSubject(m);
  const who = await shoppersNear(o, 'pushNearbyOffers', { kind: 'flash_sale', subject });
  const ids = await createNotifications(
    who.map((w) => ({
      recipient: { consumerId: w.id },
      kind: 'nearby_offer' as const,
      subject,
      ...nearbyOfferText({ percent: m.percent, outletName: o.name, locality: o.locality, title: m.title, end, metres: w.metres }, w.language),
      url: outletPath(o),
      data: { outletId: o.id, percent: m.percent },
      expiresAt: end,
    })),
  );
  return ids.length;
}

// ---------------------------------------------------------------- payments

interface PaidOrder {
  id: number;
  consumerId: number;
  outletId: number;
  status: string;
  amountPaise: number;
  billPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  receiptCode: string | null;
  outletName: string;
  ownerId: number | null;
  redemptionId: number | null;
  consumerLanguage: Language;
  ownerLanguage: Language | null;
}

/** SMS_ALERTS: the shopper's receipt; and the outlet owner's "payment received" (always: it is their money). */
export async function paymentReceipts(orderId: number): Promise<{ shopper: number | null; owner: number | null }> {
  const [o] = await rawRows<PaidOrder>(
    runtime().db,
    `SELECT o.id, o.consumer_id, o.outlet_id, o.status, o.amount_paise, o.bill_paise,
            o.instant_discount_paise, o.shuffle_discount_paise, o.receipt_code,
            t.name AS outlet_name, t.owner_id, r.id AS redemption_id,
            k.language AS consumer_language, b.language AS owner_language
       FROM orders o JOIN outlets t ON t.id = o.outlet_id JOIN consumers k ON k.id = o.consumer_id
       LEFT JOIN business_owners b ON b.id = t.owner_id
       LEFT JOIN redemptions r ON r.order_id = o.id
      WHERE o.id = ?`,
    [orderId],
  );
  if (!o || o.status !== 'paid') return { shopper: null, owner: null };
  const shopper = await notifyConsumer({
    consumerId: o.consumerId,
    kind: 'payment_receipt',
    subject: `order:${o.id}`,
    ...paymentReceiptText({ amountPaise: o.amountPaise, savedPaise: discountOf(o), outletName: o.outletName, receiptCode: o.receiptCode }, o.consumerLanguage),
    url: o.redemptionId ? `/redeemed-history/${o.redemptionId}` : '/redeemed-history',
    data: { orderId: o.id, amountPaise: o.amountPaise, savedPaise: discountOf(o) },
  });
  const owner = o.ownerId
    ? await notifyOwner({
        businessOwnerId: o.ownerId,
        kind: 'payment_received',
        subject: `order:${o.id}`,
        ...paymentReceivedText(
          { amountPaise: o.amountPaise, billPaise: o.billPaise, outletName: o.outletName, receiptCode: o.receiptCode },
          o.ownerLanguage ?? 'en',
        ),
        url: `/for-bussiness/dashboard/revenue/${o.outletId}`,
        data: { orderId: o.id, outletId: o.outletId, amountPaise: o.amountPaise },
      })
    : null;
  return { shopper, owner };
}

/** An owner's payment alert stops being worth a push after this long (a phone that was off gets no pile). */
export const PAYMENT_ALERT_TTL_MS = 60 * 60_000;

/**
 * Owners' payment alerts (issue 30): "₹… received on Bachat" pushed to every business account that may
 * use the order's outlet NOW (its master owner, and sub-accounts granted it, by lib/outlet-access.ts) and
 * has a browser subscribed, each in its own language. Accounts without a subscribed browser get no row.
 */
export async function paymentAlerts(orderId: number): Promise<number[]> {
  const { db, now } = runtime();
  const [o] = await rawRows<{ id: number; outletId: number; status: string; amountPaise: number; receiptCode: string | null; tableNumber: number | null; outletName: string; ownerId: number | null }>(
    db,
    `SELECT o.id, o.outlet_id, o.status, o.amount_paise, o.receipt_code, o.table_number, t.name AS outlet_name, t.owner_id
       FROM orders o JOIN outlets t ON t.id = o.outlet_id WHERE o.id = ?`,
    [orderId],
  );
  if (!o || o.status !== 'paid') return [];
  // Who might: the outlet's owner and every account granted it, with a browser to push to; then THE rule.
  const candidates = await rawRows<{ id: number; language: Language }>(
    db,
    `SELECT b.id, b.language FROM business_owners b
      WHERE b.is_active
        AND (b.id = ? OR EXISTS (SELECT 1 FROM business_owner_outlets g WHERE g.business_owner_id = b.id AND g.outlet_id = ?))
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.business_owner_id = b.id)
      ORDER BY b.id`,
    [o.ownerId ?? -1, o.outletId],
  );
  const held = await outletAccessStillHeld(candidates.map((c) => ({ businessOwnerId: c.id, outletId: o.outletId })), db);
  const at = now();
  return createNotifications(
    candidates
      .filter((c) => held.has(`${c.id}:${o.outletId}`))
      .map((c) => ({
        recipient: { businessOwnerId: c.id },
        kind: 'payment_alert' as const,
        subject: `order:${o.id}`,
        ...paymentAlertText({ amountPaise: o.amountPaise, tableNumber: o.tableNumber, outletName: o.outletName, receiptCode: o.receiptCode }, c.language ?? 'en'),
        url: `/for-bussiness/dashboard/payments/${o.outletId}`,
        data: { orderId: o.id, outletId: o.outletId, amountPaise: o.amountPaise, tableNumber: o.tableNumber },
        expiresAt: new Date(at.getTime() + PAYMENT_ALERT_TTL_MS),
      })),
  );
}

/** SMS_ALERTS: a refund of the shopper's payment was started (once per refund). */
export async function refundMessage(refundId: number): Promise<number | null> {
  const [r] = await rawRows<{ id: number; amountPaise: number; status: string; consumerId: number; outletName: string; language: Language }>(
    runtime().db,
    `SELECT r.id, r.amount_paise, r.status, o.consumer_id, t.name AS outlet_name, c.language
       FROM refunds r JOIN orders o ON o.id = r.order_id JOIN outlets t ON t.id = o.outlet_id
       JOIN consumers c ON c.id = o.consumer_id WHERE r.id = ?`,
    [refundId],
  );
  if (!r || r.status === 'failed') return null;
  return notifyConsumer({
    consumerId: r.consumerId,
    kind: 'refund',
    subject: `refund:${r.id}`,
    ...refundText(r.amountPaise, r.outletName, r.language),
    url: '/redeemed-history',
    data: { refundId: r.id, amountPaise: r.amountPaise },
  });
}

/**
 * SMS_ALERTS: a group bill closed before every share was paid (issue 32). Its host and whoever started
 * paying a share (and has not paid one) are told; the payers are told by their refund's message.
 */
export async function groupExpiredMessages(groupBillId: number): Promise<number> {
  const { db } = runtime();
  const group = await db('groupBills as g')
    .join('outlets as o', 'o.id', 'g.outletId')
    .where('g.id', groupBillId)
    .first('g.id', 'g.code', 'g.status', 'g.hostConsumerId', 'o.name as outletName');
  if (!group || group.status !== 'expired') return 0;
  const shares = await db('groupBillShares').where({ groupBillId }).select('paidByConsumerId', 'holderConsumerId', 'paidOrderId');
  const payers = new Set(shares.flatMap((s) => (s.paidOrderId !== null && s.paidByConsumerId !== null ? [s.paidByConsumerId] : [])));
  const told = new Set([group.hostConsumerId, ...shares.flatMap((s) => (s.holderConsumerId !== null ? [s.holderConsumerId] : []))].filter((id) => !payers.has(id)));
  const paidShares = shares.filter((s) => s.paidOrderId !== null).length;
  let sent = 0;
  for (const consumerId of told) {
    const consumer = await db('consumers').where({ id: consumerId }).whereNull('deletedAt').first('language');
    if (!consumer) continue;
    const id = await notifyConsumer({
      consumerId,
      kind: 'group_expired',
      subject: `group:${group.id}`,
      ...groupExpiredText({ outletName: group.outletName, paidShares, shares: shares.length }, consumer.language),
      url: `/group/${group.code}`,
      data: { groupBillId: group.id, paidShares, shares: shares.length },
    });
    if (id !== null) sent++;
  }
  return sent;
}

// ---------------------------------------------------------------- owners: weekly settlement summary

/**
 * Monday 10:00 IST: each owner's payouts of the previous IST week (Monday to Sunday), per outlet, from the
 * daily statements (`settlements` rows whose period ended in that week): what reached the bank (settled)
 * and what is on its way (pending, on hold).
 */
export async function settlementSummaries(): Promise<number> {
  const monday = weekStart(runtime().now());
  const from = addDays(monday, -7);
  const to = addDays(monday, -1);
  const rows = await rawRows<{ ownerId: number; language: Language; outletId: number; outletName: string; bills: number; payoutPaise: number; settledPaise: number }>(
    runtime().db,
    `SELECT o.owner_id, b.language, o.id AS outlet_id, o.name AS outlet_name, sum(s.orders_count)::int AS bills,
            sum(s.payout_paise) AS payout_paise, sum(s.payout_paise) FILTER (WHERE s.status = 'settled') AS settled_paise
       FROM settlements s JOIN outlets o ON o.id = s.outlet_id JOIN business_owners b ON b.id = o.owner_id
      WHERE s.period_end BETWEEN ? AND ? AND o.owner_id IS NOT NULL
      GROUP BY o.owner_id, b.language, o.id, o.name
      ORDER BY o.owner_id, o.name`,
    [from, to],
  );
  const byOwner = new Map<number, typeof rows>();
  for (const r of rows) byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), r]);
  let created = 0;
  for (const [ownerId, list] of byOwner) {
    const total = list.reduce((sum, r) => sum + Number(r.payoutPaise), 0);
    const settled = list.reduce((sum, r) => sum + Number(r.settledPaise ?? 0), 0);
    const bills = list.reduce((sum, r) => sum + r.bills, 0);
    const language = list[0]!.language;
    const id = await notifyOwner({
      businessOwnerId: ownerId,
      kind: 'settlement_summary',
      subject: `week:${from}`,
      ...settlementSummaryText(
        { from: istToInstant(from, 0), to: istToInstant(to, 0), totalPaise: total, settledPaise: settled, bills, outlets: list.length },
        language,
      ),
      url: `/for-bussiness/dashboard/settlement-report/${list[0]!.outletId}`,
      data: {
        lines: list.map((r) =>
          settlementLineText({ outletName: r.outletName, payoutPaise: Number(r.payoutPaise), settledPaise: Number(r.settledPaise ?? 0), bills: r.bills }, language),
        ),
      },
    });
    if (id !== null) created++;
  }
  return created;
}

