import {
  PROMOTION_MESSAGES,
  SLOT_TIME_MESSAGE,
  percentSchema,
  slotIssues,
  slotMinutes,
  slotTimeSchema,
} from '@server/modules/promotions/schema';

/**
 * The time-slot editor's rules: the server's own (promotions/schema.ts `slotIssues`, the percent and
 * time rules), so a day the editor accepts is a day the server accepts. Times are IST 'HH:MM'; '24:00'
 * may end a slot at midnight but never start one.
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
  inverted: PROMOTION_MESSAGES.inverted,
  overlap: PROMOTION_MESSAGES.overlap,
  time: SLOT_TIME_MESSAGE,
  percent: PROMOTION_MESSAGES.percentRange,
  percentRequired: PROMOTION_MESSAGES.percentRequired,
} as const;

const isTime = (time: string) => slotTimeSchema.safeParse(time).success;

export const minutesOf = slotMinutes;

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

  const timed: SlotDraft[] = [];
  for (const slot of slots) {
    const startOk = isTime(slot.startTime) && slotMinutes(slot.startTime) < 24 * 60;
    const endOk = isTime(slot.endTime);
    if (!startOk) put(slot.key, 'startTime', SLOT_MESSAGES.time);
    if (!endOk) put(slot.key, 'endTime', SLOT_MESSAGES.time);
    if (startOk && endOk) timed.push(slot);

    const typed = slot.discountPercent.trim();
    if (typed !== '') {
      const percent = percentSchema.safeParse(typed);
      if (!percent.success) put(slot.key, 'discountPercent', percent.error.issues[0]?.message ?? SLOT_MESSAGES.percent);
    } else {
      const own = slot.advId === null ? null : adPercent(slot.advId);
      if (own === null || own <= 0) put(slot.key, 'discountPercent', SLOT_MESSAGES.percentRequired);
    }
  }

  for (const issue of slotIssues(timed)) put(timed[issue.index]!.key, issue.field, issue.message);
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
    .filter((slot) => isTime(slot.startTime) && isTime(slot.endTime))
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
