/**
 * An offer's words against its slot (issue 28): an owner's title or description may name a percent, days
 * or times ("Happy Hours: 17% off", "Monday to Friday, 3 PM – 6 PM") that the slot a shopper meets does
 * not give (a 25 % Saturday slot of that promotion). Shoppers are shown the slot's truth: a percent in
 * the title is the slot's percent, and a description whose percent, days or times contradict the slot is
 * left out (the row shows the slot's own times); offers/rules.ts applies both to every slot it serves.
 * `offerTextConflicts` says what disagrees (for a warning in the owner's console: not shown there yet).
 * Pure functions, no I/O.
 */

/** What a slot gives, as the rules see it. */
export interface SlotFacts {
  /** The percent shoppers get in this slot. */
  percent: number;
  /** ISO weekday (1 = Monday … 7 = Sunday) the slot runs on. */
  dayOfWeek: number;
  /** 'HH:MM' (IST). */
  startsAt: string;
  endsAt: string;
}

export type OfferTextConflict =
  | { kind: 'percent'; stated: number; slot: number }
  | { kind: 'days'; stated: number[]; slot: number }
  | { kind: 'times'; stated: string[]; slot: { startsAt: string; endsAt: string } };

const PERCENT = /(\d{1,3}(?:\.\d{1,2})?)\s*%/g;

const DAY_NAMES: [RegExp, number][] = [
  [/^mon(day)?s?$/, 1],
  [/^tue(s|sday)?s?$/, 2],
  [/^wed(nesday)?s?$/, 3],
  [/^thu(r|rs|rsday)?s?$/, 4],
  [/^fri(day)?s?$/, 5],
  [/^sat(urday)?s?$/, 6],
  [/^sun(day)?s?$/, 7],
];
const dayNumber = (word: string) => DAY_NAMES.find(([re]) => re.test(word.toLowerCase()))?.[1] ?? null;
const DAY_WORD = '(mon(?:day)?s?|tue(?:s|sday)?s?|wed(?:nesday)?s?|thu(?:r|rs|rsday)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?)';
const DAY_RANGE = new RegExp(`\\b${DAY_WORD}\\s*(?:to|till|until|through|thru|–|—|-)\\s*${DAY_WORD}\\b`, 'gi');
const DAY_SINGLE = new RegExp(`\\b${DAY_WORD}\\b`, 'gi');

/** The weekdays a text names ("Monday to Friday", "weekends", "Sat & Sun"), or null when it names none. */
export function statedDays(text: string): Set<number> | null {
  const days = new Set<number>();
  let rest = text;
  for (const m of text.matchAll(DAY_RANGE)) {
    const from = dayNumber(m[1]!);
    const to = dayNumber(m[2]!);
    if (from === null || to === null) continue;
    for (let d = from, n = 0; n < 7; d = (d % 7) + 1, n++) {
      days.add(d);
      if (d === to) break;
    }
    rest = rest.replace(m[0], ' ');
  }
  for (const m of rest.matchAll(DAY_SINGLE)) {
    const d = dayNumber(m[1]!);
    if (d !== null) days.add(d);
  }
  if (/\bweekdays?\b/i.test(text)) [1, 2, 3, 4, 5].forEach((d) => days.add(d));
  if (/\bweekends?\b/i.test(text)) [6, 7].forEach((d) => days.add(d));
  if (/\b(every ?day|daily|all week|7 days)\b/i.test(text)) [1, 2, 3, 4, 5, 6, 7].forEach((d) => days.add(d));
  return days.size ? days : null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The times of day a text names ("3 PM", "3:30 pm", "15:00", "noon", "midnight"), as minutes. */
export function statedTimes(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s?m\b\.?/gi)) {
    const h = Number(m[1]) % 12;
    out.push((m[3]!.toLowerCase() === 'p' ? h + 12 : h) * 60 + Number(m[2] ?? 0));
  }
  for (const m of text.matchAll(/\b([01]?\d|2[0-4]):([0-5]\d)\b(?!\s*[ap]\.?\s?m)/gi)) out.push(Number(m[1]) * 60 + Number(m[2]));
  if (/\bnoon\b/i.test(text)) out.push(12 * 60);
  if (/\bmidnight\b/i.test(text)) out.push(24 * 60);
  return out;
}

const same = (a: number, b: number) => Math.abs(a - b) < 0.005;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Where an offer's text says something its slot does not give (empty: it agrees, or names nothing). */
export function offerTextConflicts(text: string | null | undefined, slot: SlotFacts): OfferTextConflict[] {
  if (!text) return [];
  const conflicts: OfferTextConflict[] = [];
  const percents = [...text.matchAll(PERCENT)].map((m) => Number(m[1]));
  const wrongPercent = percents.find((p) => !same(p, slot.percent));
  if (wrongPercent !== undefined) conflicts.push({ kind: 'percent', stated: wrongPercent, slot: slot.percent });
  const days = statedDays(text);
  if (days && !days.has(slot.dayOfWeek)) conflicts.push({ kind: 'days', stated: [...days].sort(), slot: slot.dayOfWeek });
  const start = minutesOf(slot.startsAt);
  const end = minutesOf(slot.endsAt);
  const times = statedTimes(text);
  // A time that is neither the slot's start nor its end (midnight is 00:00 or 24:00) contradicts it.
  const wrong = times.filter((t) => t !== start && t !== end && !(t % 1440 === 0 && (start % 1440 === 0 || end % 1440 === 0)));
  if (wrong.length) conflicts.push({ kind: 'times', stated: wrong.map(hhmm), slot: { startsAt: slot.startsAt, endsAt: slot.endsAt } });
  return conflicts;
}

const percentText = (p: number) => (Number.isInteger(p) ? String(p) : String(Number(p.toFixed(2))));

/** The title shoppers see: every percent it names is the slot's ("Happy Hours: 17% off" in a 25 % slot → "Happy Hours: 25% off"). */
export function titleForSlot(title: string, slot: Pick<SlotFacts, 'percent'>): string {
  return title.replace(PERCENT, (whole, n: string) => (same(Number(n), slot.percent) ? whole : `${percentText(slot.percent)}%`));
}

/** The description shoppers see: null when it contradicts the slot (its percent, days or times). */
export function descriptionForSlot(description: string | null, slot: SlotFacts): string | null {
  if (!description) return description;
  return offerTextConflicts(description, slot).length ? null : description;
}
