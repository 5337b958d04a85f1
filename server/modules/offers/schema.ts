import { z } from 'zod';

/**
 * Offers: which discount is live at an outlet right now, and what is scheduled for a day. Computed in
 * Asia/Kolkata from outlet_discounts, day_discounts, promotions, promotion_time_slots and
 * promotion_events. The precedence is documented in docs/offers.md.
 */

export const adTypeSchema = z.enum(['R', 'D', 'E', 'Highlight']);
export type AdType = z.infer<typeof adTypeSchema>;

/** Where the winning discount came from, most specific first (docs/offers.md). */
export const offerSourceSchema = z.enum(['event', 'daily', 'regular', 'day', 'base']);
export type OfferSource = z.infer<typeof offerSourceSchema>;

export const liveOfferSchema = z.object({
  source: offerSourceSchema,
  /** The promotion type for timed offers (E, D, R); null for the day discount and the base discount. */
  adType: adTypeSchema.nullable(),
  discountPercent: z.number(),
  title: z.string().nullable(),
  promotionId: z.number().int().nullable(),
  slotId: z.number().int().nullable(),
  /** 'HH:MM' in Asia/Kolkata for timed offers, else null. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** When this offer stops being live (end of the slot, or the end of the IST day for day and base discounts). */
  validUntil: z.date(),
});
export type LiveOffer = z.infer<typeof liveOfferSchema>;

export const dayChoiceSchema = z.enum(['today', 'tomorrow'], { error: 'day must be today or tomorrow' });
export type DayChoice = z.infer<typeof dayChoiceSchema>;

export const scheduledOfferSchema = z.object({
  /** The time slot's id (unique per scheduled offer). */
  id: z.number().int(),
  promotionId: z.number().int().nullable(),
  adType: adTypeSchema,
  source: offerSourceSchema,
  title: z.string(),
  description: z.string().nullable(),
  discountPercent: z.number().nullable(),
  /**
   * 'HH:MM', Asia/Kolkata: from the start of the first window listed to the end of the last ('24:00' is
   * midnight). A stronger offer running at the same time hides this one (docs/offers.md).
   */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The slot as the owner scheduled it. */
  slotStartsAt: z.string(),
  slotEndsAt: z.string(),
  /** When this offer is the live one (more than one when a stronger offer interrupts it). */
  windows: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  /** live: it is the live offer now; upcoming: later that day. Windows already over today are left out. */
  status: z.enum(['live', 'upcoming']),
  event: z.object({ id: z.number().int(), name: z.string(), colorHash: z.string() }).nullable(),
});
export type ScheduledOffer = z.infer<typeof scheduledOfferSchema>;

export const upcomingOffersSchema = z.object({
  outletId: z.number().int(),
  day: dayChoiceSchema,
  /** The IST calendar date the list is for, 'YYYY-MM-DD'. */
  date: z.string(),
  /** ISO day of the week, 1 = Monday. */
  dayOfWeek: z.number().int(),
  offers: z.array(scheduledOfferSchema),
  /** The all-day discount for that day of the week, if the outlet has one. */
  dayDiscountPercent: z.number().nullable(),
  /** The outlet's base discount when it is switched on. */
  baseDiscountPercent: z.number().nullable(),
});
export type UpcomingOffers = z.infer<typeof upcomingOffersSchema>;
