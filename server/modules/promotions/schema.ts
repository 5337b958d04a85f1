import { z } from 'zod';
import type { PromotionRow } from '../../db/tables.ts';
import { booleanStringSchema, idSchema } from '../common/schema.ts';
import { adTypeSchema, liveOfferSchema, scheduledOfferSchema } from '../offers/schema.ts';

/**
 * The promotion organizer (SPEC §2 promotion-organizer/*, §3 Event offer and Scheduler, §7 Promotion):
 * the ad library (promotions of type R, D, E, Highlight), weekly and dated time slots, event offers,
 * and the live/scheduled lists. It only WRITES what server/modules/offers reads (docs/offers.md);
 * what is live for shoppers is decided there, never here.
 */

export const PROMOTION_MESSAGES = {
  adNotFound: 'Ad not found',
  eventNotFound: 'Event not found',
  slotNotFound: 'Time slot not found',
  inverted: 'The end time must be after the start time',
  overlap: 'Time slots must not overlap',
  dayRequired: 'Choose a day of the week',
  dateRequired: 'Choose a date',
  wrongAdType: 'This ad is of another type',
  eventAdRequired: 'Pick an event offer whose event is on this date',
  percentRequired: 'Give a discount, or pick an ad that has one',
  percentRange: 'The discount must be between 0 and 100',
  pastDate: 'The date cannot be in the past',
  eventDateTaken: 'There is already an event on this date',
  highlightNoSlots: 'Highlights are not scheduled in time slots',
} as const;

/** SPEC §9: ads and highlights are loaded with limit 1000, offset 0. */
export const AD_LIST_LIMIT = 1000;
export const MAX_SLOTS_PER_DAY = 24;
export const AD_IMAGE_WIDTHS = [1280, 640, 320] as const;

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayName = (typeof DAYS)[number];

/** A weekday as a name (`monday`, SPEC §3: currentDay defaults to monday) or ISO number 1–7 → ISO number. */
export const daySchema = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const i = DAYS.indexOf(v.trim().toLowerCase() as DayName);
      if (i >= 0) return i + 1;
      if (/^[1-7]$/.test(v.trim())) return Number(v);
    }
    return v;
  },
  z.number({ error: 'Choose a day of the week' }).int().min(1, 'Choose a day of the week').max(7, 'Choose a day of the week'),
);

export const dateSchema = z
  .string({ error: 'Use a date like 2026-12-31' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Use a date like 2026-12-31');

export const SLOT_TIME_MESSAGE = 'Use a time like 18:30';

/** 'HH:MM' (IST wall clock); '24:00' is accepted as an end time meaning midnight. */
export const slotTimeSchema = z
  .string({ error: SLOT_TIME_MESSAGE })
  .regex(/^(([01]\d|2[0-3]):[0-5]\d(:00)?|24:00(:00)?)$/, SLOT_TIME_MESSAGE)
  .transform((v) => v.slice(0, 5));

/** A discount percent (a slot's own, an ad's). */
export const percentSchema = z.coerce
  .number({ error: 'The discount must be a number' })
  .min(0, PROMOTION_MESSAGES.percentRange)
  .max(100, PROMOTION_MESSAGES.percentRange);

const nullableId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), idSchema.nullish());

// ---------------------------------------------------------------- ad library

export const listAdsSchema = z.object({
  outletId: idSchema,
  adType: adTypeSchema.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(AD_LIST_LIMIT).default(AD_LIST_LIMIT),
});
export type ListAdsInput = z.infer<typeof listAdsSchema>;

const adFields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(80, 'Title can be at most 80 characters'),
  description: z.string().trim().max(500, 'Description can be at most 500 characters').nullish(),
  discountPercent: z.preprocess((v) => (v === '' ? null : v), percentSchema.nullish()),
  startsOn: z.preprocess((v) => (v === '' ? null : v), dateSchema.nullish()),
  endsOn: z.preprocess((v) => (v === '' ? null : v), dateSchema.nullish()),
  /** Event offers (E) belong to an event. */
  eventId: nullableId,
  isEnabled: booleanStringSchema.optional(),
};

const checkRange = (v: { startsOn?: string | null; endsOn?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startsOn && v.endsOn && v.startsOn > v.endsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end date must be on or after the start date' });
  }
};

/** `POST /adv/create` (multipart; the image is `image`). */
export const createAdSchema = z.object({ outletId: idSchema, adType: adTypeSchema, ...adFields }).superRefine((v, ctx) => {
  checkRange(v, ctx);
  if (v.adType === 'E' && !v.eventId) ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'Choose the event of this offer' });
});
export type CreateAdInput = z.infer<typeof createAdSchema>;

/** `POST /adv/edit` (multipart): the fields given change. */
export const updateAdSchema = z
  .object({
    outletId: idSchema,
    advId: idSchema,
    title: adFields.title.optional(),
    description: adFields.description,
    discountPercent: adFields.discountPercent,
    startsOn: adFields.startsOn,
    endsOn: adFields.endsOn,
    eventId: adFields.eventId,
    isEnabled: adFields.isEnabled,
  })
  .superRefine(checkRange);
export type UpdateAdInput = z.infer<typeof updateAdSchema>;

/** `POST /adv/delete`: advId, adType. */
export const deleteAdSchema = z.object({ outletId: idSchema, advId: idSchema, adType: adTypeSchema.optional() });
export type DeleteAdInput = z.infer<typeof deleteAdSchema>;

/** A `promotions` row as the owner sees it: its image as a URL. */
export interface Ad extends Omit<PromotionRow, 'imageKey'> {
  imageUrl: string | null;
}

// ---------------------------------------------------------------- highlights

/** `POST /adv/highlight` and `PUT /adv/highlight/edit`: outletId, adType Highlight, advObj. */
export const highlightObjSchema = z.object({
  advId: idSchema.optional(),
  title: adFields.title,
  description: adFields.description,
  startsOn: adFields.startsOn,
  endsOn: adFields.endsOn,
  isEnabled: adFields.isEnabled,
});
export const createHighlightSchema = z.object({
  outletId: idSchema,
  adType: z.literal('Highlight').default('Highlight'),
  advObj: highlightObjSchema.superRefine(checkRange),
});
export type CreateHighlightInput = z.infer<typeof createHighlightSchema>;
export const editHighlightSchema = z.object({
  outletId: idSchema,
  adType: z.literal('Highlight').default('Highlight'),
  advObj: highlightObjSchema.extend({ advId: idSchema }).superRefine(checkRange),
});
export type EditHighlightInput = z.infer<typeof editHighlightSchema>;

// ---------------------------------------------------------------- time slots

export const slotAdTypeSchema = z.enum(['R', 'D', 'E'], { error: 'adType must be R, D or E' });

/** Which day's slots: weekly (R, D) by `day`, dated (E) by `date`. */
const nullAsUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const slotDayFields = {
  outletId: idSchema,
  adType: slotAdTypeSchema,
  day: z.preprocess(nullAsUndefined, daySchema.optional()),
  date: z.preprocess(nullAsUndefined, dateSchema.optional()),
};

const requireDayOrDate = (v: { adType: string; day?: number; date?: string }, ctx: z.RefinementCtx) => {
  if (v.adType === 'E' && !v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: PROMOTION_MESSAGES.dateRequired });
  if (v.adType !== 'E' && !v.day) ctx.addIssue({ code: 'custom', path: ['day'], message: PROMOTION_MESSAGES.dayRequired });
};

/** `POST /business/v1/timeSlots`: adType, outletId, day, date → that day's slots. */
export const getTimeSlotsSchema = z.object(slotDayFields).superRefine(requireDayOrDate);
export type GetTimeSlotsInput = z.infer<typeof getTimeSlotsSchema>;

export const timeSlotInputSchema = z.object({
  startTime: slotTimeSchema,
  endTime: slotTimeSchema,
  advId: nullableId,
  discountPercent: z.preprocess((v) => (v === '' ? null : v), percentSchema.nullish()),
  isEnabled: booleanStringSchema.optional(),
});
export type TimeSlotInput = z.infer<typeof timeSlotInputSchema>;

/** Minutes since midnight of an 'HH:MM' time ('24:00' → 1440). */
export const slotMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

export interface SlotIssue {
  /** The slot's index in the list given. */
  index: number;
  field: 'startTime' | 'endTime';
  message: string;
}

/**
 * The rules for one day's slots, shared by the schemas below and the owner's slot editor
 * (client/features/business/lib/slots.ts): a slot ends after it starts (else its end is named), and a
 * slot starting before the one before it (by start time) ends overlaps it (its start is named).
 */
export function slotIssues(slots: readonly { startTime: string; endTime: string }[]): SlotIssue[] {
  const issues: SlotIssue[] = [];
  slots.forEach((s, i) => {
    if (slotMinutes(s.endTime) <= slotMinutes(s.startTime)) issues.push({ index: i, field: 'endTime', message: PROMOTION_MESSAGES.inverted });
  });
  const order = slots.map((s, i) => ({ i, start: slotMinutes(s.startTime), end: slotMinutes(s.endTime) })).sort((a, b) => a.start - b.start);
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1]!;
    const cur = order[k]!;
    if (cur.start < prev.end && prev.end > prev.start) issues.push({ index: cur.i, field: 'startTime', message: PROMOTION_MESSAGES.overlap });
  }
  return issues;
}

/** Refuses inverted (end ≤ start) and overlapping slots, naming the slot (`timeSlots.N.endTime`). */
export function checkSlots(slots: { startTime: string; endTime: string }[], ctx: z.RefinementCtx, path: (string | number)[] = ['timeSlots']): void {
  for (const issue of slotIssues(slots)) ctx.addIssue({ code: 'custom', path: [...path, issue.index, issue.field], message: issue.message });
}

/** `PUT /business/v1/timeSlots`: replaces that day's slots of one ad type with `timeSlots`. */
export const setTimeSlotsSchema = z
  .object({ ...slotDayFields, timeSlots: z.array(timeSlotInputSchema).max(MAX_SLOTS_PER_DAY, `At most ${MAX_SLOTS_PER_DAY} slots a day`) })
  .superRefine((v, ctx) => {
    requireDayOrDate(v, ctx);
    checkSlots(v.timeSlots, ctx);
  });
export type SetTimeSlotsInput = z.infer<typeof setTimeSlotsSchema>;

export interface TimeSlot {
  id: number;
  adType: 'R' | 'D' | 'E';
  dayOfWeek: number | null;
  date: string | null;
  startTime: string;
  endTime: string;
  advId: number | null;
  adTitle: string | null;
  /** The slot's own percent; null means the ad's. */
  discountPercent: number | null;
  effectivePercent: number | null;
  isEnabled: boolean;
}

export interface TimeSlotDay {
  outletId: number;
  adType: 'R' | 'D' | 'E';
  day: number | null;
  date: string | null;
  timeSlots: TimeSlot[];
}

/** `POST /adv/schedule`: one ad into one new slot on a weekday (R, D) or date (E); overlap-checked. */
export const scheduleAdSchema = z
  .object({
    outletId: idSchema,
    advId: idSchema,
    day: daySchema.optional(),
    date: dateSchema.optional(),
    startTime: slotTimeSchema,
    endTime: slotTimeSchema,
    discountPercent: z.preprocess((v) => (v === '' ? null : v), percentSchema.nullish()),
  })
  .superRefine((v, ctx) => checkSlots([v], ctx, []));
export type ScheduleAdInput = z.infer<typeof scheduleAdSchema>;

export const deleteSlotSchema = z.object({ outletId: idSchema, slotId: idSchema });
export type DeleteSlotInput = z.infer<typeof deleteSlotSchema>;

// ---------------------------------------------------------------- events

const colorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Use a colour like #FF6600');

/** The legacy event body: EVENT_NAME, DATE, COLOR_HASH, ENABLED_STATUS (DAY is derived from DATE). */
export const eventBodySchema = z.object({
  EVENT_ID: idSchema.optional(),
  EVENT_NAME: z.string().trim().max(60, 'The event name can be at most 60 characters').optional(),
  DATE: dateSchema.optional(),
  DAY: z.unknown().optional(),
  COLOR_HASH: colorSchema.optional(),
  ENABLED_STATUS: booleanStringSchema.optional(),
});

export const createEventSchema = z.object({
  outletId: idSchema,
  name: z.string().trim().max(60, 'The event name can be at most 60 characters').optional(),
  date: dateSchema,
  colorHash: colorSchema.default('#FF6600'),
  isEnabled: booleanStringSchema.default(true),
});
export type CreateEventInput = z.infer<typeof createEventSchema>;

export const updateEventSchema = z.object({
  outletId: idSchema,
  eventId: idSchema,
  name: z.string().trim().max(60, 'The event name can be at most 60 characters').optional(),
  date: dateSchema.optional(),
  colorHash: colorSchema.optional(),
  isEnabled: booleanStringSchema.optional(),
});
export type UpdateEventInput = z.infer<typeof updateEventSchema>;

export const deleteEventSchema = z.object({ outletId: idSchema, eventId: idSchema });
export type DeleteEventInput = z.infer<typeof deleteEventSchema>;

export const listEventsSchema = z.object({ outletId: idSchema, from: dateSchema.optional() });
export type ListEventsInput = z.infer<typeof listEventsSchema>;

export interface PromotionEvent {
  id: number;
  outletId: number;
  name: string;
  date: string;
  dayOfWeek: number;
  colorHash: string;
  isEnabled: boolean;
}

/** The default name of an event (SPEC §4). */
export const DEFAULT_EVENT_NAME = 'EVENT OFFERS';

// ---------------------------------------------------------------- live and scheduled

export const liveAndScheduledSchema = z.object({ outletId: idSchema });

export const liveAndScheduledResultSchema = z.object({
  outletId: z.number(),
  live: liveOfferSchema.nullable(),
  today: z.array(scheduledOfferSchema),
  /** The next offer to become live later today, precedence applied (docs/offers.md); null when none. */
  next: scheduledOfferSchema.nullable(),
  tomorrow: z.array(scheduledOfferSchema),
  todayDate: z.string(),
  tomorrowDate: z.string(),
});
export type LiveAndScheduled = z.infer<typeof liveAndScheduledResultSchema>;
