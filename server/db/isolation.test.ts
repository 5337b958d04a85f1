import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { openDatabaseCopy } from '../test/database.ts';
import { useTestDatabase } from '../test/setup.ts';
import { isEmbedded } from './knex.ts';
import { READINESS_DEADLINE_MS } from '../modules/health/service.ts';

/**
 * Issue 26: one slow statement cannot freeze the server. While a 5-second statement runs, `/healthz`
 * keeps answering at once, a request that needs the database is answered or fails fast with a clear
 * 503, and `/readyz` says the database is busy instead of hanging. On the embedded database (the
 * default here) this holds because PGlite runs on its own thread; on PostgreSQL, because the statement
 * holds one pooled connection of several.
 */
useTestDatabase({ reset: false });

const ACQUIRE_TIMEOUT_MS = 2_000;
let copy: { db: Knex; drop: () => Promise<void> };
let server: http.Server;
let base: string;

beforeAll(async () => {
  // A database of its own whose pool fails a wait for a connection after 2 s (the app's
  // DATABASE_ACQUIRE_TIMEOUT_MS does the same on the database `npm start` opens).
  copy = await openDatabaseCopy({ acquireTimeoutMs: ACQUIRE_TIMEOUT_MS });
  await copy.db.raw('select 1'); // started
  const { app } = createTestApp({ db: copy.db });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await copy?.drop();
});

async function timed(path: string): Promise<{ ms: number; status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { 'Accept-Language': 'en' } });
  const body = (await response.json()) as Record<string, unknown>;
  return { ms: performance.now() - started, status: response.status, body, retryAfter: response.headers.get('retry-after') };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

describe('a 5-second statement', () => {
  it('leaves /healthz answering at once and other requests answered or refused with a clear 503, never hanging', async () => {
    // /healthz as this machine answers it now, without the statement (a busy CI box is slower than 50 ms).
    const before: number[] = [];
    for (let i = 0; i < 40; i++) before.push((await timed('/healthz')).ms);

    const slow = copy.db.raw('SELECT pg_sleep(5)');
    const slowDone = slow.then(
      () => Date.now(),
      () => Date.now(),
    );
    const startedAt = Date.now();

    // A request that needs the database, sent while the statement runs.
    const needsDb = timed('/api/cmn/category');
    const ready = timed('/readyz');
    const health: number[] = [];
    while (Date.now() - startedAt < 3_500) {
      const h = await timed('/healthz');
      expect(h.status).toBe(200);
      health.push(h.ms);
    }

    const answer = await needsDb;
    if (isEmbedded(copy.db)) {
      // The embedded database's one connection is taken: refused after the acquire timeout, with a reason.
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('The server is busy right now. Please try again in a moment.');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(ACQUIRE_TIMEOUT_MS + 2_000);
    } else {
      // PostgreSQL: another pooled connection answers.
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(2_000);
    }
    const readiness = await ready;
    if (isEmbedded(copy.db)) {
      expect(readiness).toMatchObject({ status: 503, body: { ready: false, database: 'busy' } });
    } else {
      expect(readiness.status).toBe(200);
    }
    expect(readiness.ms).toBeLessThan(READINESS_DEADLINE_MS + 3_000);

    expect(health.length).toBeGreaterThan(10);
    // Goal: p95 <= 50 ms (or, on a machine too busy for that even when idle, no worse than 4x its idle
    // p95). With PGlite on the server's thread every one of these waited out the whole statement.
    console.info(
      `/healthz p95: ${p95(before).toFixed(1)} ms idle, ${p95(health).toFixed(1)} ms during a 5 s statement (${health.length} requests)`,
    );
    expect(p95(health)).toBeLessThan(Math.max(50, 4 * p95(before)));

    await slowDone;
    // Once it is done, everything answers again.
    expect((await timed('/api/cmn/category')).status).toBe(200);
    expect((await timed('/readyz')).status).toBe(200);
  }, 60_000);
});
