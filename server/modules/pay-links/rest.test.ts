import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { businessCaller, businessWorld, callerFor, insertOwner, insertReference, insertOutlet, newShopper, payableOutlet, type BusinessWorld } from '../../test/factories.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { listCounterPayments } from '../counter/service.ts';
import { counterPageSchema } from '../counter/schema.ts';
import { PAY_LINK_MESSAGES } from './schema.ts';

useTestDatabase();

let app: ReturnType<typeof createTestApp>;
let w: BusinessWorld;

beforeEach(async () => {
  app = createTestApp({ now: () => new Date('2026-11-23T06:30:00Z') });
  w = await businessWorld();
});

const codeOf = async (outletId: number) => String((await testDb()('outlets').where({ id: outletId }).first('payCode'))!.payCode);

describe('pay codes', () => {
  it('every outlet gets a distinct 7-character code from the database, stable across updates', async () => {
    const refs = await insertReference();
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await insertOutlet(refs));
    const codes = await Promise.all(ids.map(codeOf));
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-TV-Z]{7}$/);
    await testDb()('outlets').where({ id: ids[0] }).update({ name: 'Renamed' });
    expect(await codeOf(ids[0]!)).toBe(codes[0]);
  });
});

describe('GET /p/{code}', () => {
  it('302s to the pay page, signed in or not, carrying a valid table only', async () => {
    const code = await codeOf(w.outletA);
    const res = await app.request.get(`/p/${code}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/enter-amount/${w.outletA}`);
    expect((await app.request.get(`/p/${code.toLowerCase()}?t=7`)).headers.location).toBe(`/enter-amount/${w.outletA}?t=7`);
    expect((await app.request.get(`/p/${code}?t=51`)).headers.location).toBe(`/enter-amount/${w.outletA}`);
    const shopper = await bearer('consumer', await newShopper('Asha'));
    expect((await app.request.get(`/p/${code}?t=3`).set(shopper)).headers.location).toBe(`/enter-amount/${w.outletA}?t=3`);
    // The page's own form: /p?code=… → the canonical link.
    expect((await app.request.get('/p').query({ code: code.toLowerCase(), t: '4' })).headers.location).toBe(`/p/${code}?t=4`);
  });

  it('an unknown code is a friendly HTML page in the reader’s language, not JSON', async () => {
    const res = await app.request.get('/p/ZZZZZZZ');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain("We couldn't find this outlet");
    expect(res.text).toContain('ZZZZZZZ');
    expect(res.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-/);
    const hi = await app.request.get('/p/<script>').set('Accept-Language', 'hi-IN');
    expect(hi.status).toBe(404);
    expect(hi.text).toContain('हमें यह आउटलेट नहीं मिला');
    expect(hi.text).not.toContain('<script>');
  });
});

describe('GET /api/business/outlets/{outletId}/qr.*', () => {
  it('the owner and a granted sub-account get the PNG, SVG and PDF; the QR carries the link', async () => {
    const code = await codeOf(w.outletA);
    for (const auth of [w.authA, w.authSubA]) {
      const png = await app.request.get(`/api/business/outlets/${w.outletA}/qr.png`).set(auth).buffer(true);
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect((await sharp(png.body as Buffer).metadata()).width).toBe(1200);
      const svg = await app.request.get(`/api/business/outlets/${w.outletA}/qr.svg?table=7`).set(auth).buffer(true);
      expect(svg.status).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const pdf = await app.request.get(`/api/business/outlets/${w.outletA}/qr.pdf?table=7&download=1`).set(auth).buffer(true);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="bachat-qr-\d+-table-7-standee\.pdf"/);
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    const sheet = await app.request.get(`/api/business/outlets/${w.outletA}/qr-tables.pdf?from=1&to=50`).set(w.authA).buffer(true);
    expect(sheet.status).toBe(200);
    expect((sheet.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const link = await (await businessCaller(w.ownerA)).payLinks.forOutlet({ outletId: w.outletA });
    expect(link).toMatchObject({ outletId: w.outletA, outletName: 'Anita Cafe', code });
    expect(link.url).toBe(`/p/${code}`); // a caller without HTTP has no origin
    // Over HTTP the link is absolute: the origin the request came to (PUBLIC_URL when set).
    const http = await app.request
      .get(`/trpc/payLinks.forOutlet?input=${encodeURIComponent(JSON.stringify({ json: { outletId: w.outletA } }))}`)
      .set(w.authA)
      .set('Host', 'bachat.test:8080');
    expect(http.body.result.data.json.url).toBe(`http://bachat.test:8080/p/${code}`);
  });

  it('refuses an ungranted account (403), another owner’s outlet (403), no session (401), a bad table (400)', async () => {
    const ungrantedSub = await insertOwner({ username: 'sub.c', isMaster: false, masterId: w.ownerA });
    const auths = { ungranted: await bearer('business', ungrantedSub), other: w.authB };
    for (const ext of ['png', 'svg', 'pdf']) {
      const path = `/api/business/outlets/${w.outletA}/qr.${ext}`;
      expect((await app.request.get(path).set(auths.ungranted)).status).toBe(403);
      expect((await app.request.get(path).set(auths.other)).status).toBe(403);
      expect((await app.request.get(path)).status).toBe(401);
      expect((await app.request.get(`${path}?table=51`).set(w.authA)).status).toBe(400);
      expect((await app.request.get(path).set(await bearer('consumer', await newShopper('Asha')))).status).toBe(401);
    }
    expect((await app.request.get(`/api/business/outlets/${w.outletA2}/qr.png`).set(w.authSubA)).status).toBe(403);
    expect((await app.request.get(`/api/business/outlets/999999/qr.png`).set(w.authA)).status).toBe(404);
    expect((await app.request.get(`/api/business/outlets/${w.outletA}/qr-tables.pdf?from=9&to=2`).set(w.authA)).status).toBe(400);
  });
});

describe('payLinks.resolve', () => {
  it('finds the outlet of a code, NOT_FOUND otherwise, BAD_REQUEST for a malformed code', async () => {
    const code = await codeOf(w.outletB);
    const caller = await callerFor();
    expect(await caller.payLinks.resolve({ code: code.toLowerCase() })).toEqual({ outletId: w.outletB });
    await expect(caller.payLinks.resolve({ code: 'ZZZZZZZ' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: PAY_LINK_MESSAGES.notFound });
    await expect(caller.payLinks.resolve({ code: 'abc' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('tables on orders', () => {
  it('a table QR payment carries its table to the counter, the receipt check and the REST rows; a bad table is refused', async () => {
    const outlet = await payableOutlet({ basePercent: 10 });
    const owner = await insertOwner('ravi', outlet);
    const shopper = await newShopper('Asha Rao');
    await expect(
      Promise.resolve().then(() => createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'tbl-00000000', tableNumber: 51 })),
    ).rejects.toThrow();
    const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'tbl-00000001', tableNumber: 7 }));
    await completeDemoCheckout(shopper, order.orderId, 'pay');
    const page = await listCounterPayments(owner, counterPageSchema.parse({ outletId: outlet }));
    expect(page.data[0]!.tableNumber).toBe(7);
    const auth = await bearer('business', owner);
    const rest = await app.request.get(`/api/business/payments/${outlet}`).set(auth);
    expect(rest.body.payments.data[0].TABLE_NUMBER).toBe(7);
    const row = await testDb()('orders').where({ publicId: order.orderId }).first('receiptCode');
    const check = await app.request.get(`/api/business/payments/${outlet}/verify`).query({ code: row!.receiptCode }).set(auth);
    expect(check.body.match.TABLE_NUMBER).toBe(7);
    // Over REST, the order's table is validated the same way (nothing written on a 400).
    const shopperAuth = await bearer('consumer', shopper);
    const before = await testDb()('orders').count({ n: '*' }).first();
    const bad = await app.request
      .post('/api/outlet/route/v1/create')
      .set(shopperAuth)
      .send({ outletId: outlet, amount: '500', idempotencyKey: 'tbl-00000002', tableNumber: 0 });
    expect(bad.status).toBe(400);
    expect((await testDb()('orders').count({ n: '*' }).first())!.n).toEqual(before!.n);
  });
});
