/**
 * Which offer is live, and what is scheduled: pure functions over plain data, no database and no
 * clock of their own (the caller passes `now`). The pay-bill flow reuses these with the same loader
 * (`loadOfferInputs` in service.ts). Precedence: docs/offers.md.
 *
 * Every rule about days and times is in Asia/Kolkata (UTC+05:30 all year, no daylight saving), so the
 * result never depends on the server's time zone.
 */
import { descriptionForSlot, titleForSlot } from './offer-text.ts';
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

/** A slot that runs on a date, with what it gives and where it ranks (docs/offers.md). */
export interface Run {
  slot: SlotInput;
  source: OfferSource;
  pct: number;
  rank: number;
  start: number;
  end: number;
}

/** Higher precedence first, then the higher percent, the earlier start, the lower id: one winner, always the same. */
function beats(a: Run, b: Run): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.pct !== b.pct) return a.pct > b.pct;
  if (a.start !== b.start) return a.start < b.start;
  return a.slot.id <= b.slot.id;
}

function runsOn(inputs: OfferInputs, date: string): Run[] {
  const runs: Run[] = [];
  for (const slot of inputs.slots) {
    const pct = slotDiscountOn(slot, date);
    if (pct === null) continue;
    const source = SOURCE_OF[slot.adType]!;
    runs.push({ slot, source, pct, rank: PRECEDENCE.indexOf(source), start: timeToMinutes(slot.startsAt), end: timeToMinutes(slot.endsAt) });
  }
  return runs;
}

/** A stretch of one IST day and the slot that is the live offer through it (null: no slot runs, so the day or base discount). */
export interface Segment {
  /** Minutes since IST midnight, [from, to). */
  from: number;
  to: number;
  run: Run | null;
}

/**
 * The whole IST day cut where the winning slot changes: consecutive segments from 00:00 to 24:00, each
 * with the slot that wins it under the precedence (a slot hidden by a stronger one that runs at the same
 * time wins nothing there). Slots never cross midnight.
 */
export function timelineOn(inputs: OfferInputs, date: string): Segment[] {
  const runs = runsOn(inputs, date);
  const cuts = [...new Set([0, 24 * 60, ...runs.flatMap((r) => [r.start, r.end])])].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i]!;
    const to = cuts[i + 1]!;
    let run: Run | null = null;
    for (const r of runs) if (r.start <= from && to <= r.end && (!run || beats(r, run))) run = r;
    const last = out[out.length - 1];
    if (last && last.run?.slot.id === run?.slot.id) last.to = to;
    else out.push({ from, to, run });
  }
  return out;
}

/**
 * The one offer live at `now`, or null. Precedence (docs/offers.md): a running event slot, then a
 * running daily (D) slot, then a running regular (R) slot, then the day-of-week discount, then the base
 * discount when switched on. Within one level the higher percent wins, then the earlier start, then the
 * lower id, so the answer is always the same for the same data. `validUntil` (and a slot's `endsAt`) is
 * when this offer stops being the live one: the end of its slot, or earlier when a stronger slot starts;
 * for the day and base discounts, the next slot's start or the end of the IST day.
 */
export function liveOfferAt(inputs: OfferInputs, now: Date): LiveOffer | null {
  const m = istMoment(now);
  const segment = timelineOn(inputs, m.date).find((s) => s.from <= m.minutes && m.minutes < s.to)!;
  const validUntil = istToInstant(m.date, segment.to);
  const run = segment.run;
  if (run) {
    return {
      source: run.source,
      adType: run.slot.adType,
      discountPercent: run.pct,
      // The slot's percent, whatever the promotion's title says (issue 28, offer-text.ts).
      title: run.slot.promotion ? titleForSlot(run.slot.promotion.title, { percent: run.pct }) : null,
      promotionId: run.slot.promotion?.id ?? null,
      slotId: run.slot.id,
      startsAt: shortTime(run.slot.startsAt),
      endsAt: minutesToTime(segment.to),
      validUntil,
    };
  }
  const allDay = (source: 'day' | 'base', discountPercent: number): LiveOffer => ({
    source,
    adType: null,
    discountPercent,
    title: null,
    promotionId: null,
    slotId: null,
    startsAt: null,
    endsAt: null,
    validUntil,
  });
  const days = inputs.dayDiscounts.filter((d) => d.isActive && d.dayOfWeek === m.dayOfWeek && d.discountPercent > 0);
  if (days.length) return allDay('day', Math.max(...days.map((d) => d.discountPercent)));
  if (inputs.base?.isLive && inputs.base.discountPercent > 0) return allDay('base', inputs.base.discountPercent);
  return null;
}

/** Minutes since midnight → 'HH:MM' (1440 → '24:00', the end of the day). */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const min = Math.round(minutes % 60);
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/**
 * The timed offers (R, D, E slots) on an IST date, as shoppers will get them: each with the windows in
 * which it is the live offer (precedence applied, so an offer a stronger one hides is not listed, and
 * one that is hidden part of the time lists the times it applies). For today, windows already over are
 * left out and the offer whose window runs now is marked live; for any later day all are upcoming.
 * `startsAt`/`endsAt` span the windows listed; `slotStartsAt`/`slotEndsAt` are the slot as scheduled.
 * In order of the first window.
 */
export function scheduledOffersOn(inputs: OfferInputs, date: string, now: Date): ScheduledOffer[] {
  const m = istMoment(now);
  if (date < m.date) return [];
  const isToday = date === m.date;
  const windows = new Map<number, { run: Run; spans: Segment[] }>();
  for (const seg of timelineOn(inputs, date)) {
    if (!seg.run) continue;
    if (isToday && seg.to <= m.minutes) continue;
    const entry = windows.get(seg.run.slot.id) ?? { run: seg.run, spans: [] };
    entry.spans.push(seg);
    windows.set(seg.run.slot.id, entry);
  }
  const out = [...windows.values()].map(({ run, spans }) => {
    const live = isToday && spans.some((s) => s.from <= m.minutes && m.minutes < s.to);
    const slot = run.slot;
    const facts = { percent: run.pct, dayOfWeek: isoDayOfWeek(date), startsAt: shortTime(slot.startsAt), endsAt: shortTime(slot.endsAt) };
    const offer: ScheduledOffer = {
      id: slot.id,
      promotionId: slot.promotion?.id ?? null,
      adType: slot.adType,
      source: run.source,
      // What the slot gives, never a percent, day or time it does not (issue 28, offer-text.ts).
      title: slot.promotion ? titleForSlot(slot.promotion.title, facts) : `${run.pct}% off`,
      description: descriptionForSlot(slot.promotion?.description ?? null, facts),
      discountPercent: run.pct,
      startsAt: minutesToTime(spans[0]!.from),
      endsAt: minutesToTime(spans[spans.length - 1]!.to),
      slotStartsAt: shortTime(slot.startsAt),
      slotEndsAt: shortTime(slot.endsAt),
      windows: spans.map((s) => ({ startsAt: minutesToTime(s.from), endsAt: minutesToTime(s.to) })),
      status: live ? 'live' : 'upcoming',
      event: slot.adType === 'E' && slot.event ? { id: slot.event.id, name: slot.event.name, colorHash: slot.event.colorHash } : null,
    };
    return { offer, sortKey: spans[0]!.from, rank: run.rank };
  });
  out.sort((a, b) => a.sortKey - b.sortKey || a.rank - b.rank || a.offer.id - b.offer.id);
  return out.map((o) => o.offer);
}

/**
 * The next timed offer to become the live one later today (the owner's "Next today"), from today's
 * `scheduledOffersOn` list: the offer whose next window starts soonest after `now`, with
 * `startsAt`/`endsAt` that window. Null when none does.
 */
export function nextOfferToday(today: readonly ScheduledOffer[], now: Date): ScheduledOffer | null {
  const m = istMoment(now);
  let best: { offer: ScheduledOffer; start: number } | null = null;
  for (const offer of today) {
    const window = offer.windows.find((w) => timeToMinutes(w.startsAt) > m.minutes);
    if (!window) continue;
    const start = timeToMinutes(window.startsAt);
    if (!best || start < best.start) best = { offer: { ...offer, status: 'upcoming', startsAt: window.startsAt, endsAt: window.endsAt }, start };
  }
  return best?.offer ?? null;
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
