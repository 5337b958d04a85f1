import { z } from 'zod';

/**
 * Page views, batched by the browser (SPEC §2: reported on each route change). No personal data: a
 * path without its query string or fragment (long digit runs are masked), an optional referrer path,
 * and a random visitor id the browser makes.
 */

export const ANALYTICS_MAX_BATCH = 20;

export const ANALYTICS_MESSAGES = {
  tooMany: 'Too many analytics requests from this network. Please try again in a minute.',
} as const;

const pathSchema = z
  .string()
  .max(300, 'path is too long')
  .regex(/^\//, 'path must start with /');

export const analyticsEventSchema = z.object({
  name: z.enum(['page_view'], { error: 'Unknown event' }),
  path: pathSchema,
  referrerPath: pathSchema.nullable().optional(),
  /** A random id the browser makes (not tied to an account). */
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId must be 8–64 letters, digits, - or _')
    .nullable()
    .optional(),
  occurredAt: z.coerce.date().optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

export const trackInputSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, 'No events to record')
    .max(ANALYTICS_MAX_BATCH, `At most ${ANALYTICS_MAX_BATCH} events a batch`),
});
export type TrackInput = z.infer<typeof trackInputSchema>;

export const trackResultSchema = z.object({ accepted: z.number().int() });
export type TrackResult = z.infer<typeof trackResultSchema>;
