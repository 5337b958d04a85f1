import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { ANALYTICS_MAX_BATCH, ANALYTICS_MESSAGES } from './schema.ts';
import { scrubPath } from './service.ts';

useTestDatabase();

describe('page views', () => {
  it('scrubs query strings, fragments and long digit runs from paths', () => {
    expect(scrubPath('/enter-amount/12?phone=9876543210#x')).toBe('/enter-amount/12');
    expect(scrubPath('/signup/9876543210')).toBe('/signup/:n');
  });

  it('POST /api/analytics/track stores a batch in one go, without personal data', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const { request } = createTestApp({ now: () => now });
    const res = await request.post('/api/analytics/track').send({
      events: [
        { name: 'page_view', path: '/faqs?q=refund', visitorId: 'v_abcdefgh12' },
        { name: 'page_view', path: '/delhi/cafe-x', referrerPath: '/faqs', occurredAt: '2026-11-21T09:59:58Z' },
        { name: 'page_view', path: '/', occurredAt: '2020-01-01T00:00:00Z' },
      ],
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 3 });
    const rows = await testDb()('analyticsEvents').orderBy('id');
    expect(rows.map((r) => [r.name, r.path, r.referrerPath, r.visitorId])).toEqual([
      ['page_view', '/faqs', null, 'v_abcdefgh12'],
      ['page_view', '/delhi/cafe-x', '/faqs', null],
      ['page_view', '/', null, null],
    ]);
    expect(new Date(rows[1]!.occurredAt).toISOString()).toBe('2026-11-21T09:59:58.000Z');
    // A clock far off is replaced by the server's.
    expect(new Date(rows[2]!.occurredAt).toISOString()).toBe(now.toISOString());
  });

  it('refuses an oversized batch, unknown events and bad paths with 400 and writes nothing', async () => {
    const { request } = createTestApp();
    const many = Array.from({ length: ANALYTICS_MAX_BATCH + 1 }, () => ({ name: 'page_view', path: '/' }));
    for (const body of [
      { events: many },
      { events: [] },
      { events: [{ name: 'purchase', path: '/' }] },
      { events: [{ name: 'page_view', path: 'https://evil.example/' }] },
      { events: [{ name: 'page_view', path: '/', visitorId: 'phone 98765 43210' }] },
    ]) {
      const res = await request.post('/api/analytics/track').send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toBeDefined();
    }
    expect(await testDb()('analyticsEvents').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('analytics.track over tRPC', async () => {
    createTestApp();
    expect(await createCaller(createContextInner()).analytics.track({ events: [{ name: 'page_view', path: '/events' }] })).toEqual({ accepted: 1 });
  });

  it('limits each client IP to ANALYTICS_BATCHES_PER_IP_PER_MINUTE batches a minute, on REST and tRPC', async () => {
    let now = new Date('2026-11-21T10:00:30Z');
    // The test client is the load balancer (TRUST_PROXY=1): X-Forwarded-For names the client.
    const { request } = createTestApp({ now: () => now, envOverrides: { ANALYTICS_BATCHES_PER_IP_PER_MINUTE: '3', TRUST_PROXY: '1' } });
    const batch = { events: [{ name: 'page_view', path: '/' }] };
    const from = (ip: string) => request.post('/api/analytics/track').set('X-Forwarded-For', ip).send(batch);
    for (let i = 0; i < 2; i++) expect((await from('198.51.100.7')).status).toBe(202);
    const viaTrpc = await request.post('/trpc/analytics.track').set('X-Forwarded-For', '198.51.100.7').set('Content-Type', 'application/json').send({ json: batch });
    expect(viaTrpc.status).toBe(200);
    const refused = await from('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ANALYTICS_MESSAGES.tooMany);
    expect(Number(refused.headers['retry-after'])).toBe(30); // the minute's window ends at 10:01:00
    const refusedTrpc = await request.post('/trpc/analytics.track').set('X-Forwarded-For', '198.51.100.7').set('Content-Type', 'application/json').send({ json: batch });
    expect(refusedTrpc.status).toBe(429);
    expect(refusedTrpc.headers['retry-after']).toBe('30');
    // Another client is not affected; the next minute the first one may send again.
    expect((await from('203.0.113.4')).status).toBe(202);
    now = new Date('2026-11-21T10:01:00Z');
    expect((await from('198.51.100.7')).status).toBe(202);
    expect(await testDb()('analyticsEvents').count({ n: '*' }).first()).toEqual({ n: 5 });
  });

  it('the default is 120 batches a minute', () => {
    expect(createTestApp().env.ANALYTICS_BATCHES_PER_IP_PER_MINUTE).toBe(120);
  });
});
