import { clientKey, hitLimits } from '../../lib/rate-limit.ts';
import { runtime } from '../../lib/runtime.ts';
import { ANALYTICS_MESSAGES, type AnalyticsEventInput, type TrackInput, type TrackResult } from './schema.ts';

/**
 * Strips what could identify a person from a path: the query string and fragment go, and runs of six
 * or more digits (phone numbers, codes) become `:n`. Outlet ids and other short numbers stay.
 */
export function scrubPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  return bare.replace(/\d{6,}/g, ':n').slice(0, 300) || '/';
}

/** Events further than this from the server's clock are stamped with the server's time instead. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a batch of page views in one insert. Anyone may call it, so each client IP may send at most
 * `ANALYTICS_BATCHES_PER_IP_PER_MINUTE` batches a minute (counted in the database, across processes).
 */
export async function trackEvents(input: TrackInput, meta: { ip?: string | null } = {}): Promise<TrackResult> {
  const { db, now, env } = runtime();
  await hitLimits([
    { key: clientKey('analytics', meta.ip), max: env.ANALYTICS_BATCHES_PER_IP_PER_MINUTE, windowSeconds: 60, message: ANALYTICS_MESSAGES.tooMany },
  ]);
  const at = now();
  const rows = input.events.map((e: AnalyticsEventInput) => ({
    name: e.name,
    path: scrubPath(e.path),
    referrerPath: e.referrerPath ? scrubPath(e.referrerPath) : null,
    visitorId: e.visitorId ?? null,
    props: {},
    occurredAt:
      e.occurredAt && Math.abs(e.occurredAt.getTime() - at.getTime()) <= MAX_CLOCK_SKEW_MS ? e.occurredAt : at,
  }));
  await db('analyticsEvents').insert(rows);
  return { accepted: rows.length };
}
