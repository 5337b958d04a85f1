import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { acquireCooldown, hitLimits, purgeExpiredCounters, releaseCooldown, reserveAttempts, settleAttempts } from './rate-limit.ts';

useTestDatabase();

const T0 = new Date('2026-11-21T10:20:00Z');

function clock() {
  let now = T0;
  createTestApp({ now: () => now });
  return (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
}

const hourly = (max: number, key = 'k') => ({ key, max, windowSeconds: 3600, message: 'slow down' });

describe('hitLimits', () => {
  it('allows max hits per fixed window, then refuses until the window ends', async () => {
    const advance = clock();
    for (let i = 0; i < 3; i++) await hitLimits([hourly(3)]);
    await expect(hitLimits([hourly(3)])).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'slow down',
      retryAfter: 40 * 60, // the 10:00 window ends at 11:00
    });
    advance(40 * 60);
    await hitLimits([hourly(3)]);
  });

  it('is all or nothing across limits', async () => {
    clock();
    await hitLimits([hourly(1, 'b')]);
    await expect(hitLimits([hourly(5, 'a'), hourly(1, 'b')])).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await testDb()('rateLimitCounters').where({ key: 'a' }).first()).toBeUndefined();
  });

  it('never lets concurrent callers past the limit', async () => {
    clock();
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => hitLimits([hourly(7)])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await testDb()('rateLimitCounters').where({ key: 'k' }).first('count')).toEqual({ count: 7 });
  });

  it('undoes only its own increments inside a caller transaction', async () => {
    clock();
    await hitLimits([hourly(1, 'full')]);
    await testDb().transaction(async (trx) => {
      await trx('categories').insert({ name: 'Cafe', slug: 'cafe', icon: 'coffee' });
      await expect(hitLimits([hourly(9, 'x'), hourly(1, 'full')], trx)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    });
    expect(await testDb()('categories').count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await testDb()('rateLimitCounters').where({ key: 'x' }).first()).toBeUndefined();
  });
});

describe('acquireCooldown', () => {
  it('lets one caller in per period, reporting the seconds left', async () => {
    const advance = clock();
    await acquireCooldown('c', 60, 'wait');
    advance(59);
    await expect(acquireCooldown('c', 60, 'wait')).rejects.toMatchObject({ retryAfter: 1, message: 'wait' });
    advance(1);
    await acquireCooldown('c', 60, 'wait');
    await expect(acquireCooldown('c', 60, 'wait')).rejects.toMatchObject({ retryAfter: 60 });
    await releaseCooldown('c');
    await acquireCooldown('c', 60, 'wait');
  });

  it('admits exactly one of many concurrent callers', async () => {
    clock();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => acquireCooldown('race', 60, 'wait')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('purges expired counters', async () => {
    const advance = clock();
    await hitLimits([hourly(3, 'old')]);
    await acquireCooldown('cool', 60, 'wait');
    advance(2 * 3600);
    expect(await purgeExpiredCounters()).toBe(2);
  });
});

describe('reserveAttempts (failure streaks)', () => {
  const streak = (max: number, key = 's') => ({ key, max, windowSeconds: 900, message: 'too many tries' });

  it('blocks for the whole window after the max-th attempt, then counts from one again', async () => {
    const advance = clock();
    for (let i = 0; i < 3; i++) {
      await reserveAttempts([streak(3)]);
      advance(100); // spread out, but each within 15 minutes of the last: one streak
    }
    // The third attempt was 100 s ago: the block lasts 900 s from it.
    await expect(reserveAttempts([streak(3)])).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'too many tries', retryAfter: 800 });
    advance(799);
    await expect(reserveAttempts([streak(3)])).rejects.toMatchObject({ retryAfter: 1 });
    advance(1);
    await reserveAttempts([streak(3)]);
    expect(await testDb()('rateLimitCounters').where({ key: 's' }).first('count')).toEqual({ count: 1 });
  });

  it('forgets attempts further apart than the window', async () => {
    const advance = clock();
    for (let i = 0; i < 5; i++) {
      await reserveAttempts([streak(2)]);
      advance(901);
    }
  });

  it('lets at most max of many concurrent attempts through', async () => {
    clock();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => reserveAttempts([streak(5)])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('is all or nothing across keys; settle resets one streak and refunds another', async () => {
    clock();
    await reserveAttempts([streak(1, 'full')]);
    await expect(reserveAttempts([streak(9, 'other'), streak(1, 'full')])).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await testDb()('rateLimitCounters').where({ key: 'other' }).first()).toBeUndefined();

    await reserveAttempts([streak(3, 'pair'), streak(3, 'ip')]);
    await reserveAttempts([streak(3, 'pair'), streak(3, 'ip')]);
    await settleAttempts({ reset: ['pair'], refund: ['ip'] });
    expect(await testDb()('rateLimitCounters').where({ key: 'pair' }).first()).toBeUndefined();
    expect(await testDb()('rateLimitCounters').where({ key: 'ip' }).first('count')).toEqual({ count: 1 });
  });
});
