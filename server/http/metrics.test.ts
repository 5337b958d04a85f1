import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { bearer, createTestApp } from '../test/app.ts';
import { newShopper, payableOutlet } from '../test/factories.ts';
import { appRuntime } from '../app.ts';
import { statementKind } from '../lib/metrics.ts';

useTestDatabase();

const TOKEN = 'metrics-token-0123456789';
let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  app = createTestApp({ envOverrides: { METRICS_TOKEN: TOKEN } });
});

/** The value of one sample line (`name{labels} value`), or undefined when the line is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const scrape = async () => {
  const res = await app.request.get('/metrics');
  expect(res.status).toBe(200);
  return res.text;
};

describe('/metrics', () => {
  it('answers a scraper on this machine in the Prometheus text format, never through a proxy without the token', async () => {
    const res = await app.request.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toContain('process_cpu_seconds_total');
    // Through a proxy on the same host (the request carries X-Forwarded-For or Forwarded): not for the public.
    for (const [header, value] of [['X-Forwarded-For', '203.0.113.9'], ['Forwarded', 'for=203.0.113.9']]) {
      const proxied = await app.request.get('/metrics').set(header!, value!);
      expect(proxied.status).toBe(404);
      expect(proxied.text).not.toContain('http_request');
    }
    expect((await app.request.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(200);
    const wrong = await app.request.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer wrong-token-0123456789');
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('http_request');
    expect((await app.request.post('/metrics')).status).not.toBe(200);
  });

  it('times requests by route pattern, never by raw path', async () => {
    const outlet = await payableOutlet();
    for (const id of [outlet, 999_001, 999_002]) await app.request.get(`/api/outlet/${id}/reviews`);
    await app.request.get('/api/no/such/path/123');
    await app.request.get('/trpc/categories.list');
    await app.request.get('/trpc/no.such.procedure,categories.list');
    await app.request.get('/uploads/outlets/5/x-640.webp');
    const text = await scrape();
    const routes = [...text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\}/gm)].map((m) => /route="([^"]*)"/.exec(m[1]!)![1]);
    expect(routes).toContain('/api/outlet/:id/reviews');
    expect(routes).toContain('/api/(unmatched)');
    expect(routes).toContain('/trpc/categories.list');
    expect(routes).toContain('/trpc/(unknown)');
    expect(routes).toContain('/uploads/*');
    expect(routes.some((r) => /\d{3,}/.test(r!))).toBe(false);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/outlet/:id/reviews', method: 'GET', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/outlet/:id/reviews', method: 'GET', status: '404' })).toBe(2);
  });

  it('counts statements, pool use, payments by outcome and queued jobs', async () => {
    const outlet = await payableOutlet({ basePercent: 10 });
    const auth = await bearer('consumer', await newShopper());
    const order = (
      await app.request.post('/api/outlet/route/v1/create').set(auth).set('Idempotency-Key', 'metrics-key-0001').send({ outletId: outlet, amount: '1000' }).expect(200)
    ).body.order as { ORDER_ID: string };
    await app.request.post(`/api/payments/demo/${order.ORDER_ID}/complete`).set(auth).send({ outcome: 'pay' }).expect(200);
    const text = await scrape();
    expect(sample(text, 'bachat_payments_total', { outcome: 'paid' })).toBe(1);
    expect(sample(text, 'bachat_db_statement_duration_seconds_count', { database: 'primary', kind: 'insert' })).toBeGreaterThan(0);
    expect(sample(text, 'bachat_db_statement_duration_seconds_count', { database: 'primary', kind: 'select' })).toBeGreaterThan(0);
    expect(sample(text, 'bachat_db_pool_connections_max', { database: 'primary' })).toBeGreaterThan(0);
    expect(sample(text, 'bachat_db_pool_wait_seconds_count', { database: 'primary' })).toBeGreaterThan(0);
    // The capture queued the receipt SMS and the owner's notice (pg-boss, in the same transaction).
    const queued = [...text.matchAll(/^bachat_job_queue_depth\{[^}]*state="created"[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
    expect(queued).toBeGreaterThan(0);
    expect(sample(text, 'bachat_sse_streams_open')).toBe(0);
  });

  it('counts a job run by its outcome', async () => {
    const { jobs, metrics } = appRuntime(app.app);
    const failing = jobs.definitions.find((d) => d.name === 'payments.prune-outlet-events')!;
    await jobs.send(failing, {});
    await jobs.drain(failing);
    expect(sample(await metrics.text(), 'bachat_job_runs_total', { queue: 'payments.prune-outlet-events', outcome: 'done' })).toBe(1);
  });
});

describe('statementKind', () => {
  it('names the first keyword from a fixed list', () => {
    expect(statementKind('  SELECT 1')).toBe('select');
    expect(statementKind('insert into x')).toBe('insert');
    expect(statementKind('WITH a AS (SELECT 1) SELECT * FROM a')).toBe('with');
    expect(statementKind('LISTEN bachat_realtime')).toBe('other');
    expect(statementKind('')).toBe('other');
  });
});
