import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import {
  addDays,
  dayDiscountOn,
  isoDayOfWeek,
  istMoment,
  liveOfferAt,
  scheduledOffersOn,
  type OfferInputs,
  type SlotInput,
} from './rules.ts';
import type { DayChoice, LiveOffer, UpcomingOffers } from './schema.ts';

/**
 * The loader: reads what the rules in rules.ts need for some outlets on one IST date, in one query.
 * The same SQL fragment is embedded in the nearby and search queries (one round trip per page).
 */

/**
 * Three json columns (`offer_base`, `offer_day_discounts`, `offer_slots`) for the outlet whose id is
 * the SQL expression `idExpr`, restricted to one IST date. Bindings: [dayOfWeek, date, dayOfWeek].
 */
export function offerColumnsSql(idExpr: string): string {
  return `
    (SELECT json_build_object('discountPercent', d.discount_percent, 'isLive', d.is_live)
       FROM outlet_discounts d WHERE d.outlet_id = ${idExpr}) AS offer_base,
    (SELECT coalesce(json_agg(json_build_object('dayOfWeek', dd.day_of_week, 'discountPercent', dd.discount_percent,
                                                'isActive', dd.is_active)), '[]'::json)
       FROM day_discounts dd WHERE dd.outlet_id = ${idExpr} AND dd.day_of_week = ?) AS offer_day_discounts,
    (SELECT coalesce(json_agg(json_build_object(
              'id', s.id, 'adType', s.ad_type, 'dayOfWeek', s.day_of_week, 'slotDate', s.slot_date,
              'startsAt', s.starts_at, 'endsAt', s.ends_at, 'discountPercent', s.discount_percent, 'isEnabled', s.is_enabled,
              'promotion', CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object(
                 'id', p.id, 'title', p.title, 'description', p.description, 'discountPercent', p.discount_percent,
                 'startsOn', p.starts_on, 'endsOn', p.ends_on, 'isEnabled', p.is_enabled) END,
              'event', CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object(
                 'id', e.id, 'name', e.name, 'colorHash', e.color_hash, 'eventDate', e.event_date, 'isEnabled', e.is_enabled) END)
            ORDER BY s.starts_at, s.id), '[]'::json)
       FROM promotion_time_slots s
       LEFT JOIN promotions p ON p.id = s.promotion_id
       LEFT JOIN promotion_events e ON e.id = p.event_id
      WHERE s.outlet_id = ${idExpr} AND s.is_enabled AND s.ad_type <> 'Highlight'
        AND (s.slot_date = ?::date OR (s.slot_date IS NULL AND s.day_of_week = ?))) AS offer_slots`;
}

export function offerColumnsBindings(date: string): (string | number)[] {
  const dow = isoDayOfWeek(date);
  return [dow, date, dow];
}

/**
 * The three json columns as the drivers parse them: json_build_object keeps numbers (ids, numeric
 * percents) as JSON numbers and writes dates and times as their text, so they arrive as the rules' types.
 */
export interface OfferColumns {
  offerBase: OfferInputs['base'];
  offerDayDiscounts: OfferInputs['dayDiscounts'];
  offerSlots: SlotInput[];
}

/** The three json columns of one row as the rules' input. */
export function offerInputsOf(outletId: number, row: OfferColumns): OfferInputs {
  return { outletId, base: row.offerBase, dayDiscounts: row.offerDayDiscounts, slots: row.offerSlots };
}

/** Offer inputs of some outlets on one IST date ('YYYY-MM-DD'), keyed by outlet id; one query. */
export async function loadOfferInputs(
  outletIds: readonly number[],
  date: string,
  trx?: Knex.Transaction,
): Promise<Map<number, OfferInputs>> {
  const out = new Map<number, OfferInputs>();
  if (!outletIds.length) return out;
  const db = trx ?? runtime().db;
  const rows = await db
    .select<({ id: number } & OfferColumns)[]>('o.id', db.raw(offerColumnsSql('o.id'), offerColumnsBindings(date)))
    .from('outlets as o')
    .whereIn('o.id', [...outletIds]);
  for (const r of rows) out.set(r.id, offerInputsOf(r.id, r));
  return out;
}

/** The offer live now at one outlet (null when none is). `now` defaults to the runtime clock. */
export async function getLiveOffer(outletId: number, options: { now?: Date; trx?: Knex.Transaction } = {}): Promise<LiveOffer | null> {
  const now = options.now ?? runtime().now();
  const inputs = (await loadOfferInputs([outletId], istMoment(now).date, options.trx)).get(outletId);
  return inputs ? liveOfferAt(inputs, now) : null;
}

/** The IST date `day` refers to at `now`. */
export function dateOfDay(day: DayChoice, now: Date): string {
  const today = istMoment(now).date;
  return day === 'today' ? today : addDays(today, 1);
}

/** What one outlet has scheduled today or tomorrow (IST), for the upcoming-offers tab. */
export async function getScheduledOffers(outletId: number, day: DayChoice, trx?: Knex.Transaction): Promise<UpcomingOffers> {
  const now = runtime().now();
  const date = dateOfDay(day, now);
  const inputs = (await loadOfferInputs([outletId], date, trx)).get(outletId) ?? {
    outletId,
    base: null,
    dayDiscounts: [],
    slots: [],
  };
  return {
    outletId,
    day,
    date,
    dayOfWeek: isoDayOfWeek(date),
    offers: scheduledOffersOn(inputs, date, now),
    dayDiscountPercent: dayDiscountOn(inputs, date),
    baseDiscountPercent: inputs.base?.isLive && inputs.base.discountPercent > 0 ? inputs.base.discountPercent : null,
  };
}
