import type { Knex } from 'knex';
import { keyedHash } from './crypto.ts';
import { tooManyRequests } from './errors.ts';
import { runtime } from './runtime.ts';

/**
 * Rate limits counted in PostgreSQL (`rate_limit_counters`), so they hold under concurrency, across
 * server processes and across the calls of one tRPC batch. Every check is one atomic statement: an
 * upsert whose UPDATE branch only fires while the limit is not reached, so two racing requests can never
 * both take the last slot.
 *
 * Three primitives:
 * - fixed windows (`hitLimits`): at most `max` hits per `windowSeconds`, windows aligned to the Unix
 *   epoch (hours start on the hour, days at 00:00 UTC);
 * - cooldowns (`acquireCooldown`): at most one hit per `seconds`, measured from the last accepted hit;
 * - failure streaks (`reserveAttempts`, `settleAttempts`): at most `max` attempts in a streak; a streak
 *   ends `windowSeconds` after its last attempt, so the `max`-th attempt blocks the key for
 *   `windowSeconds`. An attempt is counted *before* it is tried (so concurrent tries cannot overshoot),
 *   and a successful one is handed back.
 */

export interface Limit {
  /** What is counted, e.g. `otp:phone:<hash>`. Never put secrets or raw personal data in a key. */
  key: string;
  max: number;
  windowSeconds: number;
  /** The 429 message when this limit is reached. */
  message: string;
}

/** The counter key of `scope` for one client IP (a keyed hash, never the address; no IP counts as one client). */
export function clientKey(scope: string, ip: string | null | undefined): string {
  return `${scope}:ip:${keyedHash(runtime().secret, 'ip', ip || 'unknown')}`;
}

/** Cooldown rows live in one fixed "window" at the epoch; their expiry is the end of the cooldown. */
const COOLDOWN_WINDOW = new Date(0);

function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

const secondsUntil = (later: Date, now: Date) => Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));

/**
 * Counts one hit against every limit, all or nothing: when any limit is reached, nothing is counted
 * and a TOO_MANY_REQUESTS AppError is thrown with `retryAfter` = seconds until that window ends.
 * Pass `trx` to make the counting part of a larger transaction.
 */
export async function hitLimits(limits: Limit[], trx?: Knex.Transaction): Promise<void> {
  if (!limits.length) return;
  const { db, now } = runtime();
  const at = now();
  for (const limit of limits) {
    const end = new Date(windowStart(at, limit.windowSeconds).getTime() + limit.windowSeconds * 1000);
    if (limit.max < 1) throw tooManyRequests(limit.message, secondsUntil(end, at));
  }
  const run = async (t: Knex.Transaction) => {
    for (const limit of limits) {
      const start = windowStart(at, limit.windowSeconds);
      const end = new Date(start.getTime() + limit.windowSeconds * 1000);
      const { rows } = await t.raw(
        `INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
         VALUES (?, ?, 1, ?)
         ON CONFLICT (key, window_start)
         DO UPDATE SET count = rate_limit_counters.count + 1
         WHERE rate_limit_counters.count < ?
         RETURNING count`,
        [limit.key, start, end, limit.max],
      );
      if (!rows.length) throw tooManyRequests(limit.message, secondsUntil(end, at));
    }
  };
  if (trx) {
    // A savepoint, so a refusal undoes this call's increments but not the caller's other work.
    await trx.transaction(run);
  } else {
    await db.transaction(run);
  }
}

/**
 * Takes the cooldown `key` for `seconds`, or throws TOO_MANY_REQUESTS with the seconds left (the
 * message may say how long: give a function of those seconds). The upsert only renews a cooldown that
 * has run out, so of many racing callers exactly one gets through.
 */
export async function acquireCooldown(
  key: string,
  seconds: number,
  message: string | ((secondsLeft: number) => string),
  trx?: Knex.Transaction,
): Promise<void> {
  const { db, now } = runtime();
  const at = now();
  const until = new Date(at.getTime() + seconds * 1000);
  const q = trx ?? db;
  const { rows } = await q.raw(
    `INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
     VALUES (?, ?, 1, ?)
     ON CONFLICT (key, window_start)
     DO UPDATE SET count = rate_limit_counters.count + 1, expires_at = EXCLUDED.expires_at
     WHERE rate_limit_counters.expires_at <= ?
     RETURNING expires_at`,
    [key, COOLDOWN_WINDOW, until, at],
  );
  if (rows.length) return;
  const held = await q('rate_limit_counters').where({ key, windowStart: COOLDOWN_WINDOW }).first('expiresAt');
  const left = held ? secondsUntil(new Date(held.expiresAt), at) : seconds;
  throw tooManyRequests(typeof message === 'function' ? message(left) : message, left);
}

/**
 * Counts one attempt against every streak limit, all or nothing, before the attempt is tried: while a
 * key has `max` attempts in its current streak, TOO_MANY_REQUESTS is thrown with `retryAfter` = seconds
 * until that streak ends. Every counted attempt moves the end of its streak to `windowSeconds` from now,
 * so failures spread out more than `windowSeconds` apart never add up; once a streak has ended, counting
 * starts again from one. The upsert only fires below `max`, so of many racing attempts at most `max`
 * get through. A successful attempt should be handed back with `settleAttempts`.
 */
export async function reserveAttempts(limits: Limit[]): Promise<void> {
  if (!limits.length) return;
  const { db, now } = runtime();
  const at = now();
  await db.transaction(async (t) => {
    for (const limit of limits) {
      const until = new Date(at.getTime() + limit.windowSeconds * 1000);
      const { rows } = await t.raw(
        `INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
         VALUES (?, ?, 1, ?)
         ON CONFLICT (key, window_start)
         DO UPDATE SET count = CASE WHEN rate_limit_counters.expires_at <= ? THEN 1 ELSE rate_limit_counters.count + 1 END,
                       expires_at = EXCLUDED.expires_at
         WHERE rate_limit_counters.expires_at <= ? OR rate_limit_counters.count < ?
         RETURNING count`,
        [limit.key, COOLDOWN_WINDOW, until, at, at, limit.max],
      );
      if (rows.length) continue;
      const held = await t('rate_limit_counters').where({ key: limit.key, windowStart: COOLDOWN_WINDOW }).first('expiresAt');
      throw tooManyRequests(limit.message, held ? secondsUntil(new Date(held.expiresAt), at) : limit.windowSeconds);
    }
  });
}

/**
 * Hands back a successful attempt counted by `reserveAttempts`: the streaks of `reset` end (the row is
 * deleted: "n failures in a row" starts again), the attempt is taken off the streaks of `refund` (their
 * earlier failures still count).
 */
export async function settleAttempts(keys: { reset?: string[]; refund?: string[] }): Promise<void> {
  const { db } = runtime();
  if (keys.reset?.length) {
    await db('rate_limit_counters').whereIn('key', keys.reset).where({ windowStart: COOLDOWN_WINDOW }).delete();
  }
  if (keys.refund?.length) {
    await db('rate_limit_counters')
      .whereIn('key', keys.refund)
      .where({ windowStart: COOLDOWN_WINDOW })
      .update({ count: db.raw('GREATEST(count - 1, 0)') });
  }
}

/**
 * Rewrites a streak's row as it stands: one real row write and commit (PostgreSQL writes a new row
 * version even when no value changes). password-login.ts does it for an unknown username, so that
 * answer costs the database what a wrong password's bookkeeping does.
 */
export async function touchAttempts(key: string): Promise<void> {
  const { db } = runtime();
  await db('rate_limit_counters').where({ key, windowStart: COOLDOWN_WINDOW }).update({ count: db.raw('count') });
}

/** Ends a cooldown early (e.g. once an OTP was used, a new login may ask for a code at once). */
export async function releaseCooldown(key: string, trx?: Knex.Transaction): Promise<void> {
  await (trx ?? runtime().db)('rate_limit_counters').where({ key, windowStart: COOLDOWN_WINDOW }).delete();
}

/** Deletes counters whose window or cooldown ended before `before` (housekeeping; safe at any time). */
export async function purgeExpiredCounters(before: Date = runtime().now()): Promise<number> {
  const rows = await runtime().db('rate_limit_counters').where('expiresAt', '<', before).delete().returning('key');
  return rows.length;
}
