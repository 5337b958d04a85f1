import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { bearer, createTestApp } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { runtime } from '../lib/runtime.ts';
import { isSandbox } from '../providers/payments.ts';
import { insertSalesStaff, newShopper, payableOutlet } from '../test/factories.ts';

/**
 * Requests that are the client's mistake in how they are encoded (the body's Content-Encoding, the
 * path's percent-encoding) are 4xx with the transport's usual error shape, never a 500.
 * The route fuzz test (server/app.fuzz.test.ts) covers every route; these pin the exact answers.
 */

useTestDatabase();

let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  app = createTestApp();
});

const count = async (table: string) => Number((await testDb()(table).count({ n: '*' }).first())?.n ?? 0);
const login = JSON.stringify({ username: '', password: 'x' });
/** superagent would JSON-encode a Buffer sent as application/json: send the bytes as they are. */
const asIs = (body: unknown) => body as string;

describe('Content-Encoding on a REST JSON body', () => {
  it.each([
    ['gzip', login],
    ['deflate', login],
    ['br', login],
    ['gzip', zlib.gzipSync(login).subarray(0, 12)], // truncated
  ])('%s that does not decode → 400 with the react-admin error shape', async (encoding, body) => {
    const res = await app.request
      .post('/api/admin/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .serialize(asIs)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The request body could not be decoded with its Content-Encoding.',
      errors: { root: { serverError: 'The request body could not be decoded with its Content-Encoding.' } },
    });
  });

  it.each(['br2', 'compress', 'GZIP', 'gzip, gzip'])('an encoding the parser does not know (%s) → 415', async (encoding) => {
    const res = await app.request
      .post('/api/admin/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .send(login);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/^Unsupported Content-Encoding/);
    expect(res.body.errors.root.serverError).toBe(res.body.message);
  });

  it('a body that really is gzip, deflate or br is still decoded and validated', async () => {
    for (const [encoding, body] of [
      ['gzip', zlib.gzipSync(login)],
      ['deflate', zlib.deflateSync(login)],
      ['br', zlib.brotliCompressSync(login)],
      ['identity', Buffer.from(login)],
    ] as const) {
      const res = await app.request
        .post('/api/admin/auth/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .serialize(asIs)
      .send(body);
      expect(res.status, encoding).toBe(400);
      expect(res.body.errors.username, encoding).toBe('Username is required');
    }
  });
});

describe('Content-Encoding on the raw body readers', () => {
  it('tRPC POST: any coding is a 415 in the tRPC error shape; identity works', async () => {
    for (const encoding of ['gzip', 'br2', 'deflate']) {
      const res = await app.request
        .post('/trpc/auth.sendOtp')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(JSON.stringify({ json: { phoneNumber: '9876543210' } }));
      expect(res.status, encoding).toBe(415);
      expect(res.body.error.json).toMatchObject({ message: expect.stringMatching(/^Unsupported Content-Encoding/), data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } });
    }
    const batch = await app.request
      .post('/trpc/auth.sendOtp,auth.sendOtp?batch=1')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{}');
    expect(batch.status).toBe(415);
    const plain = await app.request
      .post('/trpc/analytics.track')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'identity')
      .send(JSON.stringify({ json: { nope: true } }));
    expect(plain.status).toBe(400);
    expect(plain.body.error.json.data.code).toBe('BAD_REQUEST');
  });

  it('payment webhook: a correctly signed event sent with a Content-Encoding is a 415 and writes nothing', async () => {
    const shopper = await newShopper();
    const outlet = await payableOutlet({ basePercent: 10 });
    const order = await app.request
      .post('/api/outlet/route/v1/create')
      .set(await bearer('consumer', shopper))
      .set('Idempotency-Key', 'enc-key-0001')
      .send({ outletId: outlet, amount: '1000' })
      .expect(200);
    const p = runtime().payments;
    if (!isSandbox(p)) throw new Error('sandbox expected');
    const { webhook } = p.complete({ providerOrderId: order.body.order.PROVIDER_ORDER_ID, amountPaise: order.body.order.AMOUNT_PAISE, outcome: 'pay' });
    for (const [encoding, body] of [
      ['gzip', webhook.body],
      ['gzip', zlib.gzipSync(webhook.body)],
      ['br2', webhook.body],
    ] as const) {
      const res = await app.request
        .post('/api/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .set('X-Razorpay-Signature', webhook.signature)
        .set('X-Razorpay-Event-Id', webhook.eventId)
        .serialize(asIs)
      .send(body);
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/^Unsupported Content-Encoding/);
    }
    expect(await count('payments')).toBe(0);
    // The same event without the header is taken.
    await app.request
      .post('/api/payments/webhook/sandbox')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', webhook.signature)
      .set('X-Razorpay-Event-Id', webhook.eventId)
      .send(webhook.body.toString('utf8'))
      .expect(200);
    expect(await count('payments')).toBe(1);
  });

  it('multipart upload: a Content-Encoding is a 415 before the form is read', async () => {
    const form = '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--xx--\r\n';
    for (const [encoding, body] of [
      ['gzip', form],
      ['gzip', zlib.gzipSync(form)],
      ['br2', form],
    ] as const) {
      const res = await app.request
        .post('/api/for-business-form/documents')
        .set('Content-Type', 'multipart/form-data; boundary=xx')
        .set('Content-Encoding', encoding)
        .serialize(asIs)
      .send(body);
      expect(res.status, encoding).toBe(415);
      expect(res.body.message).toMatch(/^Unsupported Content-Encoding/);
    }
  });
});

describe('malformed percent-encoding', () => {
  it.each(['/trpc/outlets.byId%E0%A4', '/trpc/%zz', '/trpc/%', '/trpc/outlets.byId,%zz?batch=1', '/trpc/%E0%A4?batch=1&input={}'])(
    'GET %s → 400 in the tRPC error shape',
    async (url) => {
      const res = await app.request.get(url);
      expect(res.status).toBe(400);
      expect(res.body.error.json).toMatchObject({ message: 'The procedure path is not valid percent-encoding.', data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    },
  );

  it('POST and HEAD with a malformed procedure path → 400', async () => {
    const post = await app.request.post('/trpc/auth.sendOtp%zz').set('Content-Type', 'application/json').send('{}');
    expect(post.status).toBe(400);
    expect(post.body.error.json.data.code).toBe('BAD_REQUEST');
    expect((await app.request.head('/trpc/%zz')).status).toBe(400);
  });

  it('REST paths, path parameters and query strings → 4xx JSON', async () => {
    const { auth } = await insertSalesStaff();
    for (const [url, status] of [
      ['/api/%zz', 404],
      ['/api/outlet/%E0%A4', 404],
      ['/api/admin/outlets/%zz', 400],
      ['/api/admin/outlets/%E0%A4', 400],
      ['/api/business/overview/%zz', 400],
      ['/api/adv/upcoming-offers/%E0', 400],
      ['/api/admin/outlets?filter=%7B%zz&range=%E0', 400],
      ['/api/admin/categories?sort=%E0%A4&range=%5B0,%zz%5D', 400],
      // A search for the literal text "%zz" is a search like any other.
      ['/api/outlet/location/search?q=%zz', 200],
    ] as const) {
      const res = await app.request.get(url).set(auth);
      expect(res.status, url).toBe(status);
      if (status >= 400) expect(res.body.message, url).toEqual(expect.any(String));
    }
  });

  it('static, SPA and /uploads paths → 404 (or the SPA), never a 500', async () => {
    const dist = path.join(app.dataDir, 'dist');
    for (const spa of ['client', 'admin']) {
      fs.mkdirSync(path.join(dist, spa, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, spa, 'index.html'), '<title>Bachat</title>');
    }
    for (const url of ['/%zz', '/assets/%E0', '/assets/%zz.js', '/clientpage/sales/%zz', '/clientpage/sales/assets/%E0.js', '/uploads/%zz', '/uploads/%E0%A4.png']) {
      const res = await app.request.get(url);
      expect([200, 404], url).toContain(res.status);
      if (url.startsWith('/uploads/')) expect(res.body, url).toEqual({ message: 'Not found' });
    }
  });
});
