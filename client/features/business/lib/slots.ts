/**
 * The time-slot editor's rules (the same ones the server enforces in promotions/schema.ts
 * `checkSlots`): a slot ends after it starts, slots of one day never overlap, times are IST
 * 'HH:MM' and '24:00' may end a slot at midnight.
 */

export type SlotDraft = {
  /** A stable key for React (server id, or a local one for new rows). */
  key: string;
  startTime: string;
  endTime: string;
  /** The ad (promotion) the slot runs; null = just a discount. */
  advId: number | null;
  /** The slot's own percent as typed ('' = the ad's). */
  discountPercent: string;
  isEnabled: boolean;
};

export type SlotErrors = Record<string, { startTime?: string; endTime?: string; discountPercent?: string }>;

export const SLOT_MESSAGES = {
  inverted: 'The end time must be after the start time',
  overlap: 'Time slots must not overlap',
  time: 'Use a time like 18:30',
  percent: 'The discount must be between 0 and 100',
  percentRequired: 'Give a discount, or pick an ad that has one',
} as const;

export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const DAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function timeOf(minutes: number): string {
  const clamped = Math.max(0, Math.min(24 * 60, minutes));
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/**
 * Field errors by slot key. `adPercent(advId)` gives the chosen ad's own percent, so a slot without
 * its own discount is accepted when its ad has one.
 */
export function validateSlots(slots: readonly SlotDraft[], adPercent: (advId: number) => number | null = () => null): SlotErrors {
  const errors: SlotErrors = {};
  const put = (key: string, field: 'startTime' | 'endTime' | 'discountPercent', message: string) => {
    const entry = (errors[key] ??= {});
    entry[field] ??= message;
  };

  const valid: { key: string; start: number; end: number }[] = [];
  for (const slot of slots) {
    const startOk = TIME.test(slot.startTime) && slot.startTime !== '24:00';
    const endOk = TIME.test(slot.endTime);
    if (!startOk) put(slot.key, 'startTime', SLOT_MESSAGES.time);
    if (!endOk) put(slot.key, 'endTime', SLOT_MESSAGES.time);
    if (startOk && endOk) {
      const start = minutesOf(slot.startTime);
      const end = minutesOf(slot.endTime);
      if (end <= start) put(slot.key, 'endTime', SLOT_MESSAGES.inverted);
      else valid.push({ key: slot.key, start, end });
    }

    const typed = slot.discountPercent.trim();
    if (typed !== '') {
      const value = Number(typed);
      if (!Number.isFinite(value) || value < 0 || value > 100) put(slot.key, 'discountPercent', SLOT_MESSAGES.percent);
    } else {
      const own = slot.advId === null ? null : adPercent(slot.advId);
      if (own === null || own <= 0) put(slot.key, 'discountPercent', SLOT_MESSAGES.percentRequired);
    }
  }

  valid.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < valid.length; i += 1) {
    const previous = valid[i - 1];
    const current = valid[i];
    if (previous && current && current.start < previous.end) put(current.key, 'startTime', SLOT_MESSAGES.overlap);
  }
  return errors;
}

export const hasErrors = (errors: SlotErrors) => Object.keys(errors).length > 0;

/** The day's drafts as the server stores them (PUT timeSlots): '' as the percent means the ad's own (null). */
export const slotsToSave = (drafts: readonly SlotDraft[]) =>
  drafts.map((draft) => ({
    startTime: draft.startTime,
    endTime: draft.endTime,
    advId: draft.advId,
    discountPercent: draft.discountPercent.trim() === '' ? null : Number(draft.discountPercent),
    isEnabled: draft.isEnabled,
  }));

/**
 * A new slot for the day: the first free hour from `fromMinutes` (rounded down to the hour), one
 * hour long (shorter before midnight or the next slot); null when the day has no free time left.
 */
export function nextFreeSlot(slots: readonly Pick<SlotDraft, 'startTime' | 'endTime'>[], fromMinutes = 9 * 60): { startTime: string; endTime: string } | null {
  const taken = slots
    .filter((slot) => TIME.test(slot.startTime) && TIME.test(slot.endTime))
    .map((slot) => ({ start: minutesOf(slot.startTime), end: minutesOf(slot.endTime) }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start);
  const tryFrom = (start: number) => {
    let begin = start;
    for (const range of taken) {
      if (range.end <= begin) continue;
      if (range.start >= begin + 15) return { start: begin, end: Math.min(begin + 60, range.start) };
      begin = Math.max(begin, range.end);
    }
    return begin <= 24 * 60 - 15 ? { start: begin, end: Math.min(begin + 60, 24 * 60) } : null;
  };
  const found = tryFrom(Math.floor(fromMinutes / 60) * 60) ?? tryFrom(0);
  return found ? { startTime: timeOf(found.start), endTime: timeOf(found.end) } : null;
}

/** Maps the server's field errors (`timeSlots.2.endTime`) onto the rows. */
export function serverSlotErrors(fieldErrors: Record<string, string> | undefined, slots: readonly SlotDraft[]): SlotErrors {
  const errors: SlotErrors = {};
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    const match = /^timeSlots\.(\d+)\.(startTime|endTime|discountPercent)$/.exec(path);
    const slot = match ? slots[Number(match[1])] : undefined;
    if (match && slot) (errors[slot.key] ??= {})[match[2] as 'startTime' | 'endTime' | 'discountPercent'] = message;
  }
  return errors;
}

/** The IST weekday (1 = Monday … 7 = Sunday) and minutes since IST midnight of `now`. */
export function istNow(now: Date = new Date()): { isoDay: number; minutes: number; date: string } {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const day = ist.getUTCDay();
  return {
    isoDay: day === 0 ? 7 : day,
    minutes: ist.getUTCHours() * 60 + ist.getUTCMinutes(),
    date: ist.toISOString().slice(0, 10),
  };
}
