import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import knex from 'knex';
import superjson from 'superjson';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from './test/setup.ts';
import { bearer, createTestApp } from './test/app.ts';
import { testDb } from './test/database.ts';
import { insertConsumer, insertSalesStaff } from './test/factories.ts';
import { createLogger } from './lib/logger.ts';

useTestDatabase();

async function insertCategories(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    name: `Category ${String(i + 1).padStart(2, '0')}`,
    slug: `category-${i + 1}`,
    icon: 'utensils',
    sortOrder: n - i,
    isActive: i % 5 !== 4,
  }));
  await testDb()('categories').insert(rows);
}

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const { request } = createTestApp();
    const res = await request.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 with the database reachable and migrations current', async () => {
    const { request } = createTestApp();
    const res = await request.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ready: true, database: 'ok', migrations: 'current' });
  });
});

describe('tRPC at /trpc', () => {
  it('lists active categories in display order, superjson-encoded', async () => {
    await insertCategories(6);
    const { request } = createTestApp();
    const res = await request.get('/trpc/categories.list');
    expect(res.status).toBe(200);
    const data = superjson.deserialize<{ name: string }[]>(res.body.result.data);
    expect(data.map((c) => c.name)).toEqual(['Category 06', 'Category 04', 'Category 03', 'Category 02', 'Category 01']);
    expect(data[0]).toEqual({ id: 6, name: 'Category 06', nameHi: null, slug: 'category-6', icon: 'utensils' });
  });

  it('answers batched calls', async () => {
    await insertCategories(2);
    const { request } = createTestApp();
    const res = await request.get('/trpc/categories.list,cities.list?batch=1&input={}');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(superjson.deserialize<unknown[]>(res.body[0].result.data)).toHaveLength(2);
    expect(superjson.deserialize<unknown[]>(res.body[1].result.data)).toEqual([]);
  });

  it('refuses a batch larger than TRPC_MAX_BATCH_SIZE', async () => {
    const { request } = createTestApp({ envOverrides: { TRPC_MAX_BATCH_SIZE: '3' } });
    const paths = Array(4).fill('categories.list').join(',');
    const res = await request.get(`/trpc/${paths}?batch=1&input={}`);
    expect(res.status).toBe(400);
  });

  it('answers an unknown procedure with NOT_FOUND', async () => {
    const { request } = createTestApp();
    const res = await request.get('/trpc/nothing.here');
    expect(res.status).toBe(404);
    expect(res.body.error.json.data.code).toBe('NOT_FOUND');
  });
});

describe('REST errors', () => {
  it('answers unknown /api paths with a JSON 404, never the SPA', async () => {
    const { request } = createTestApp();
    const res = await request.get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such API path' });
  });

  it('answers unknown paths under every router prefix with a JSON 404', async () => {
    const { request } = createTestApp();
    for (const p of ['/api', '/api/admin/auth/nope', '/api/admin/auth', '/api/outlet/nope']) {
      const res = await request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toEqual({ message: 'No such API path' });
    }
    // The back office's routers still answer their own paths, and only them.
    expect((await request.get('/api/admin/outlets')).status).toBe(401);
    expect((await request.get('/api/admin/auth/me')).status).not.toBe(404);
    // A path that exists, asked with a method it does not take: 405 and the methods it does.
    const wrongMethod = await request.get('/api/outlet/details?outletId=1');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.body.message).toBe('This API path does not take that method');
    // A path that only starts with the letters "api" is not the API: it is the SPA's business.
    expect((await request.get('/apinotes')).headers['content-type'] ?? '').not.toContain('application/json');
  });

  it('routes each /api path within its own segment group, with the same answers as one router', async () => {
    const { request } = createTestApp();
    // GET /api/cmn/category exists; another method on it is a 405 naming the ones it takes, as from one router.
    const wrong = await request.delete('/api/cmn/category');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toContain('GET');
    for (const p of ['/api/cmn', '/api/cmn/', '/api/cmnx/category', '/api/unknown-segment/category', '/api//cmn/category']) {
      const res = await request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toEqual({ message: 'No such API path' });
    }
    expect((await request.get('/api/cmn/category')).status).toBe(200);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const { request } = createTestApp();
    const res = await request.post('/api/admin/auth/login').set('Content-Type', 'application/json').send('{"username":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON.');
  });

  it('answers an oversized body with a 413', async () => {
    const { request } = createTestApp({ envOverrides: { BODY_LIMIT_KB: '1' } });
    const res = await request
      .post('/api/admin/auth/login')
      .send({ username: 'x'.repeat(5000), password: 'y' });
    expect(res.status).toBe(413);
  });

  it('answers a validation failure with field errors in the react-admin shape', async () => {
    const { request } = createTestApp();
    const res = await request.post('/api/admin/auth/login').send({ username: '', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Username is required',
      errors: { username: 'Username is required', root: { serverError: 'Username is required' } },
    });
  });
});

describe('/api/admin list dialect', () => {
  let auth: { Authorization: string };
  beforeEach(async () => {
    await insertCategories(12);
    auth = (await insertSalesStaff()).auth;
  });

  it('is 401 without a session and 403 for a shopper', async () => {
    const { request } = createTestApp();
    expect((await request.get('/api/admin/categories')).status).toBe(401);
    const shopper = await bearer('consumer', await insertConsumer());
    const res = await request.get('/api/admin/categories').set(shopper);
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it('pages with an inclusive range and sets Content-Range with the total', async () => {
    const { request } = createTestApp();
    const res = await request.get('/api/admin/categories').query({ sort: '["name","ASC"]', range: '[0,4]' }).set(auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('categories 0-4/12');
    expect(res.body.map((c: { name: string }) => c.name)).toEqual([
      'Category 01',
      'Category 02',
      'Category 03',
      'Category 04',
      'Category 05',
    ]);
    const last = await request.get('/api/admin/categories').query({ sort: '["name","ASC"]', range: '[10,14]' }).set(auth);
    expect(last.headers['content-range']).toBe('categories 10-11/12');
    expect(last.body).toHaveLength(2);
  });

  it('filters by q, by equality and by id list (getMany), and sorts descending', async () => {
    const { request } = createTestApp();
    const q = await request.get('/api/admin/categories').query({ filter: '{"q":"gory 1"}', range: '[0,24]' }).set(auth);
    expect(q.body.map((c: { name: string }) => c.name).sort()).toEqual(['Category 10', 'Category 11', 'Category 12']);
    const inactive = await request.get('/api/admin/categories').query({ filter: '{"isActive":false}' }).set(auth);
    expect(inactive.body).toHaveLength(2);
    const many = await request.get('/api/admin/categories').query({ filter: '{"id":[3,1,7]}' }).set(auth);
    expect(many.body.map((c: { id: number }) => c.id)).toEqual([1, 3, 7]);
    expect(many.headers['content-range']).toBe('categories 0-2/3');
    const desc = await request.get('/api/admin/categories').query({ sort: '["id","DESC"]', range: '[0,0]' }).set(auth);
    expect(desc.body[0].id).toBe(12);
  });

  it('answers an empty page with a star range', async () => {
    const { request } = createTestApp();
    const res = await request.get('/api/admin/categories').query({ filter: '{"q":"zzz"}', range: '[0,9]' }).set(auth);
    expect(res.body).toEqual([]);
    expect(res.headers['content-range']).toBe('categories */0');
  });

  it.each([
    ['sort', '["secret","ASC"]'],
    ['sort', 'nope'],
    ['range', '[3,1]'],
    ['filter', '{"unknown":1}'],
    ['filter', '{bad json'],
  ])('answers a bad %s (%s) with a 400 and never a 500', async (param, value) => {
    const { request } = createTestApp();
    const res = await request.get('/api/admin/categories').query({ [param]: value }).set(auth);
    expect(res.status).toBe(400);
    expect(res.body.errors[param]).toBeTruthy();
    expect(res.body.errors.root.serverError).toBe(res.body.message);
  });

  it('shows one record, or a JSON 404', async () => {
    const { request } = createTestApp();
    expect((await request.get('/api/admin/categories/2').set(auth)).body.slug).toBe('category-2');
    const missing = await request.get('/api/admin/categories/999').set(auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Category not found' });
    expect((await request.get('/api/admin/categories/abc').set(auth)).status).toBe(400);
  });
});

describe('public REST', () => {
  it('GET /api/cmn/category lists active categories', async () => {
    await insertCategories(3);
    const { request } = createTestApp();
    const res = await request.get('/api/cmn/category');
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { slug: string }) => c.slug)).toEqual(['category-3', 'category-2', 'category-1']);
  });
});

describe('static front ends', () => {
  function withDist() {
    const t = createTestApp();
    const dist = path.join(t.dataDir, 'dist');
    for (const [app, title] of [
      ['client', 'Bachat'],
      ['admin', 'Bachat Sales'],
    ] as const) {
      fs.mkdirSync(path.join(dist, app, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, app, 'index.html'), `<title>${title}</title>`);
      fs.writeFileSync(path.join(dist, app, 'assets', 'main-abc123.js'), `console.info(${JSON.stringify(app)})`);
    }
    return t;
  }

  it('serves the consumer SPA at / and its client routes, with index.html never cached', async () => {
    const { request } = withDist();
    for (const url of ['/', '/bengaluru/some-outlet', '/for-bussiness/login']) {
      const res = await request.get(url);
      expect(res.status).toBe(200);
      expect(res.text).toBe('<title>Bachat</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const { request } = withDist();
    const res = await request.get('/assets/main-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });

  it('serves react-admin under /clientpage/sales', async () => {
    const { request } = withDist();
    expect((await request.get('/clientpage/sales')).text).toBe('<title>Bachat Sales</title>');
    expect((await request.get('/clientpage/sales/')).text).toBe('<title>Bachat Sales</title>');
    expect((await request.get('/clientpage/sales/assets/main-abc123.js')).text).toContain('admin');
  });

  it('answers a missing asset with 404 rather than the app', async () => {
    const { request } = withDist();
    expect((await request.get('/assets/gone-000.js')).status).toBe(404);
  });

  it('serves stored files from /uploads, and refuses path tricks', async () => {
    const t = withDist();
    const { storage } = await import('./lib/runtime.ts').then((m) => m.runtime());
    await storage.put('seed/test.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await t.request.get('/uploads/seed/test.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await t.request.get('/uploads/../app-secret')).status).toBe(404);
  });
});

describe('request ids', () => {
  it('logs a failed request once with the status it was answered with, and its request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, cb) {
          lines.push(JSON.parse(String(chunk)));
          cb();
        },
      }),
    );
    // A database that refuses every connection: the fault is ours, so the answer is a 500.
    const db = knex({
      client: 'pg',
      connection: 'postgres://postgres@127.0.0.1:1/none',
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 2000,
      log: { warn() {}, error() {}, debug() {}, deprecate() {} },
    });
    try {
      const { request } = createTestApp({ logger, db });
      const res = await request.post('/api/outlet/details?outletId=1').set('X-Request-Id', 'req-500-test');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
      const requestLines = lines.filter((l) => l.msg === 'request failed' || l.msg === 'request');
      expect(requestLines).toEqual([expect.objectContaining({ msg: 'request failed', status: 500, path: '/api/outlet/details', reqId: 'req-500-test' })]);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'unhandled error', reqId: 'req-500-test' }));
    } finally {
      await db.destroy();
    }
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const { request } = createTestApp();
    expect((await request.get('/healthz').set('X-Request-Id', 'abc-12345678')).headers['x-request-id']).toBe('abc-12345678');
    expect((await request.get('/healthz').set('X-Request-Id', 'bad id <script>')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
