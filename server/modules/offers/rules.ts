/**
 * Which offer is live, and what is scheduled: pure functions over plain data, no database and no
 * clock of their own (the caller passes `now`). The pay-bill flow reuses these with the same loader
 * (`loadOfferInputs` in service.ts). Precedence: docs/offers.md.
 *
 * Every rule about days and times is in Asia/Kolkata (UTC+05:30 all year, no daylight saving), so the
 * result never depends on the server's time zone.
 */
import type { AdType, LiveOffer, OfferSource, ScheduledOffer } from './schema.ts';

export const IST_OFFSET_MINUTES = 330;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface BaseDiscountInput {
  discountPercent: number;
  isLive: boolean;
}

export interface DayDiscountInput {
  /** ISO: 1 = Monday … 7 = Sunday. */
  dayOfWeek: number;
  discountPercent: number;
  isActive: boolean;
}

export interface SlotInput {
  id: number;
  adType: AdType;
  /** Weekly slot (R, D): ISO day of the week. */
  dayOfWeek: number | null;
  /** Dated slot (E): 'YYYY-MM-DD' (IST calendar). */
  slotDate: string | null;
  /** 'HH:MM' or 'HH:MM:SS', IST; a slot never crosses midnight (startsAt < endsAt). */
  startsAt: string;
  endsAt: string;
  discountPercent: number | null;
  isEnabled: boolean;
  promotion: {
    id: number;
    title: string;
    description: string | null;
    discountPercent: number | null;
    startsOn: string | null;
    endsOn: string | null;
    isEnabled: boolean;
  } | null;
  event: { id: number; name: string; colorHash: string; eventDate: string; isEnabled: boolean } | null;
}

/** Everything the rules need about one outlet. */
export interface OfferInputs {
  outletId: number;
  base: BaseDiscountInput | null;
  dayDiscounts: DayDiscountInput[];
  slots: SlotInput[];
}

export interface IstMoment {
  /** 'YYYY-MM-DD', the IST calendar date. */
  date: string;
  /** ISO day of the week of that date. */
  dayOfWeek: number;
  /** Minutes since IST midnight (fractional: seconds count). */
  minutes: number;
}

/** The IST calendar date, weekday and time of day of an instant. */
export function istMoment(now: Date): IstMoment {
  const shifted = new Date(now.getTime() + IST_OFFSET_MINUTES * MINUTE_MS);
  const date = shifted.toISOString().slice(0, 10);
  const minutes = shifted.getUTCHours() * 60 + shifted.getUTCMinutes() + shifted.getUTCSeconds() / 60;
  return { date, dayOfWeek: isoDayOfWeek(date), minutes };
}

/** ISO day of the week of a 'YYYY-MM-DD' date, 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'HH:MM[:SS]' → minutes since midnight. */
export function timeToMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + (time.length >= 8 ? Number(time.slice(6, 8)) / 60 : 0);
}

/** 'HH:MM:SS' → 'HH:MM'. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/** The instant at which an IST wall-clock time on an IST date happens. */
export function istToInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS - IST_OFFSET_MINUTES * MINUTE_MS);
}

const SOURCE_OF: Record<AdType, OfferSource | null> = { E: 'event', D: 'daily', R: 'regular', Highlight: null };

/** Lower is stronger (docs/offers.md). */
export const PRECEDENCE: readonly OfferSource[] = ['event', 'daily', 'regular', 'day', 'base'];

const within = (date: string, from: string | null, to: string | null) => (!from || from <= date) && (!to || date <= to);

/**
 * The discount a slot gives on an IST date, or null when the slot does not run that day: it must be
 * enabled, fall on that date (dated slot) or weekday (weekly slot), belong to an enabled promotion whose
 * date range covers the day, and, for events, to an enabled event on that date. Highlights are
 * banners, not discounts, and never qualify.
 */
export function slotDiscountOn(slot: SlotInput, date: string): number | null {
  const source = SOURCE_OF[slot.adType];
  if (!source || !slot.isEnabled) return null;
  if (slot.slotDate !== null) {
    if (slot.slotDate !== date) return null;
  } else if (slot.dayOfWeek !== isoDayOfWeek(date)) {
    return null;
  }
  const p = slot.promotion;
  if (p && (!p.isEnabled || !within(date, p.startsOn, p.endsOn))) return null;
  if (slot.adType === 'E') {
    const e = slot.event;
    if (!e || !e.isEnabled || e.eventDate !== date) return null;
  }
  const pct = slot.discountPercent ?? p?.discountPercent ?? null;
  return pct === null || pct <= 0 ? null : pct;
}

interface Candidate {
  offer: LiveOffer;
  rank: number;
  start: number;
  id: number;
}

function better(a: Candidate, b: Candidate): Candidate {
  if (a.rank !== b.rank) return a.rank < b.rank ? a : b;
  if (a.offer.discountPercent !== b.offer.discountPercent) return a.offer.discountPercent > b.offer.discountPercent ? a : b;
  if (a.start !== b.start) return a.start < b.start ? a : b;
  return a.id <= b.id ? a : b;
}

/**
 * The one offer live at `now`, or null. Precedence (docs/offers.md): a running event slot, then a
 * running daily (D) slot, then a running regular (R) slot, then the day-of-week discount, then the base
 * discount when switched on. Within one level the higher percent wins, then the earlier start, then the
 * lower id, so the answer is always the same for the same data.
 */
export function liveOfferAt(inputs: OfferInputs, now: Date): LiveOffer | null {
  const m = istMoment(now);
  const endOfDay = istToInstant(addDays(m.date, 1), 0);
  let best: Candidate | null = null;
  const consider = (c: Candidate) => {
    best = best ? better(best, c) : c;
  };

  for (const slot of inputs.slots) {
    const pct = slotDiscountOn(slot, m.date);
    if (pct === null) continue;
    const start = timeToMinutes(slot.startsAt);
    const end = timeToMinutes(slot.endsAt);
    if (m.minutes < start || m.minutes >= end) continue;
    const source = SOURCE_OF[slot.adType]!;
    consider({
      rank: PRECEDENCE.indexOf(source),
      start,
      id: slot.id,
      offer: {
        source,
        adType: slot.adType,
        discountPercent: pct,
        title: slot.promotion?.title ?? null,
        promotionId: slot.promotion?.id ?? null,
        slotId: slot.id,
        startsAt: shortTime(slot.startsAt),
        endsAt: shortTime(slot.endsAt),
        validUntil: istToInstant(m.date, end),
      },
    });
  }
  for (const d of inputs.dayDiscounts) {
    if (!d.isActive || d.dayOfWeek !== m.dayOfWeek || d.discountPercent <= 0) continue;
    consider({
      rank: PRECEDENCE.indexOf('day'),
      start: 0,
      id: 0,
      offer: {
        source: 'day',
        adType: null,
        discountPercent: d.discountPercent,
        title: null,
        promotionId: null,
        slotId: null,
        startsAt: null,
        endsAt: null,
        validUntil: endOfDay,
      },
    });
  }
  if (inputs.base?.isLive && inputs.base.discountPercent > 0) {
    consider({
      rank: PRECEDENCE.indexOf('base'),
      start: 0,
      id: 0,
      offer: {
        source: 'base',
        adType: null,
        discountPercent: inputs.base.discountPercent,
        title: null,
        promotionId: null,
        slotId: null,
        startsAt: null,
        endsAt: null,
        validUntil: endOfDay,
      },
    });
  }
  return (best as Candidate | null)?.offer ?? null;
}

/**
 * The timed offers (R, D, E slots) scheduled on an IST date, in start order. For today, slots that are
 * already over are left out and the running ones are marked live; for any later day all are upcoming.
 */
export function scheduledOffersOn(inputs: OfferInputs, date: string, now: Date): ScheduledOffer[] {
  const m = istMoment(now);
  const out: (ScheduledOffer & { sortKey: number })[] = [];
  for (const slot of inputs.slots) {
    const pct = slotDiscountOn(slot, date);
    if (pct === null) continue;
    const start = timeToMinutes(slot.startsAt);
    const end = timeToMinutes(slot.endsAt);
    let status: ScheduledOffer['status'] = 'upcoming';
    if (date < m.date) continue;
    if (date === m.date) {
      if (m.minutes >= end) continue;
      if (m.minutes >= start) status = 'live';
    }
    const source = SOURCE_OF[slot.adType]!;
    out.push({
      sortKey: start,
      id: slot.id,
      promotionId: slot.promotion?.id ?? null,
      adType: slot.adType,
      source,
      title: slot.promotion?.title ?? `${pct}% off`,
      description: slot.promotion?.description ?? null,
      discountPercent: pct,
      startsAt: shortTime(slot.startsAt),
      endsAt: shortTime(slot.endsAt),
      status,
      event: slot.adType === 'E' && slot.event ? { id: slot.event.id, name: slot.event.name, colorHash: slot.event.colorHash } : null,
    });
  }
  out.sort((a, b) => a.sortKey - b.sortKey || PRECEDENCE.indexOf(a.source) - PRECEDENCE.indexOf(b.source) || a.id - b.id);
  return out.map(({ sortKey: _s, ...o }) => o);
}

/** The active day-of-week discount on an IST date, or null. */
export function dayDiscountOn(inputs: OfferInputs, date: string): number | null {
  const dow = isoDayOfWeek(date);
  const d = inputs.dayDiscounts.find((x) => x.isActive && x.dayOfWeek === dow && x.discountPercent > 0);
  return d?.discountPercent ?? null;
}

/** Whether an outlet with these IST opening hours is open at `now` (closesAt ≤ opensAt: past midnight). */
export function isOpenAt(opensAt: string, closesAt: string, now: Date): boolean {
  const t = istMoment(now).minutes;
  const open = timeToMinutes(opensAt);
  const close = timeToMinutes(closesAt);
  if (closesAt.startsWith('23:59') && open === 0) return true;
  if (close > open) return t >= open && t < close;
  return t >= open || t < close;
}

/** Start of the IST day containing `now`, as an instant. */
export function istStartOfDay(now: Date): Date {
  return istToInstant(istMoment(now).date, 0);
}

export const ONE_DAY_MS = DAY_MS;
