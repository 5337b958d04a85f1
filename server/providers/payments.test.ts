import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp, bearer } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { newShopper, payableOutlet } from '../test/factories.ts';
import { EnvError, parseEnv } from '../env.ts';
import { checkoutSignature, createPayments, createRazorpayPayments, hmacHex, razorpayWebhookBody } from './payments.ts';

/**
 * The Razorpay adapter against a local fake of its Orders API (never the internet), and its signatures
 * against vectors computed independently (`openssl dgst -sha256 -hmac <secret>`).
 */

useTestDatabase();

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { amount: number; currency: string; receipt: string };
}

const seen: Seen[] = [];
let fail = false;
let server: http.Server;
let base: string;
let orderSeq = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: JSON.parse(data || '{}') });
      res.setHeader('Content-Type', 'application/json');
      if (fail) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }));
        return;
      }
      const body = JSON.parse(data);
      res.end(JSON.stringify({ id: `order_FAKE${++orderSeq}`, entity: 'order', amount: body.amount, currency: 'INR', receipt: body.receipt, status: 'created' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen.length = 0;
  fail = false;
});

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
const WEBHOOK_SECRET = 'whsec_test_123456';

describe('razorpay signatures (computed vectors)', () => {
  it('checkout signature = HMAC-SHA256(order_id|payment_id, key secret)', () => {
    expect(checkoutSignature(KEY_SECRET, 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l')).toBe(
      '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f',
    );
    const rzp = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base });
    const ok = { providerOrderId: 'order_IEIaMR65cu6nz3', paymentId: 'pay_IH4NVgf4Dreq1l', signature: '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f' };
    expect(rzp.verifyCheckoutSignature(ok)).toBe(true);
    expect(rzp.verifyCheckoutSignature({ ...ok, paymentId: 'pay_IH4NVgf4Dreq1m' })).toBe(false);
    expect(rzp.verifyCheckoutSignature({ ...ok, signature: ok.signature.slice(0, 63) })).toBe(false);
  });

  it('webhook signature = HMAC-SHA256(raw body, webhook secret)', () => {
    const body = Buffer.from('{"entity":"event","event":"payment.captured"}');
    expect(hmacHex(WEBHOOK_SECRET, body)).toBe('cf47aab28fa9bcf7e8a85e0d3a0ad3c70ad90531efefbdac6cdc36e5c2eb0fa7');
    const rzp = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base });
    expect(rzp.verifyWebhookSignature(body, 'cf47aab28fa9bcf7e8a85e0d3a0ad3c70ad90531efefbdac6cdc36e5c2eb0fa7')).toBe(true);
    expect(rzp.verifyWebhookSignature(Buffer.from(`${body.toString()} `), 'cf47aab28fa9bcf7e8a85e0d3a0ad3c70ad90531efefbdac6cdc36e5c2eb0fa7')).toBe(false);
    expect(rzp.verifyWebhookSignature(body, undefined)).toBe(false);
  });
});

describe('razorpay orders API (local fake)', () => {
  it('creates an order with basic auth, amount in paise and INR', async () => {
    const rzp = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base });
    const { providerOrderId } = await rzp.createOrder({ amountPaise: 91_062, receipt: 'c0ffee00-0000-4000-8000-000000000000' });
    expect(providerOrderId).toMatch(/^order_FAKE/);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      body: { amount: 91_062, currency: 'INR', receipt: 'c0ffee00-0000-4000-8000-000000000000' },
    });
  });

  it('a refusal becomes a clear error, not a crash', async () => {
    fail = true;
    const rzp = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base });
    await expect(rzp.createOrder({ amountPaise: 100, receipt: 'r' })).rejects.toMatchObject({
      message: 'The payment provider refused the order. Please try again.',
    });
  });
});

describe('the app with PAYMENT_PROVIDER=razorpay', () => {
  it('order → checkout callback (signed) → captured once; the webhook after it changes nothing; a forged one is refused', async () => {
    const { request } = createTestApp({
      envOverrides: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: base,
      },
    });
    const auth = await bearer('consumer', await newShopper());
    const outlet = await payableOutlet({ basePercent: 10 });
    const created = await request.post('/api/outlet/route/v1/create').set(auth).send({ outletId: outlet, amount: 1000, idempotencyKey: 'rzp-key-0001' }).expect(200);
    const order = created.body.order;
    expect(order).toMatchObject({ PROVIDER: 'razorpay', AMOUNT_PAISE: 91_062, checkout: { provider: 'razorpay', keyId: KEY_ID, amountPaise: 91_062, currency: 'INR' } });
    expect(order.PROVIDER_ORDER_ID).toMatch(/^order_FAKE/);
    expect(seen.at(-1)?.body.amount).toBe(91_062);

    const paymentId = 'pay_TEST000000001';
    await request
      .post('/api/payments/callback')
      .set(auth)
      .send({ razorpay_order_id: order.PROVIDER_ORDER_ID, razorpay_payment_id: paymentId, razorpay_signature: 'deadbeef' })
      .expect(400);
    const cb = await request
      .post('/api/payments/callback')
      .set(auth)
      .send({ razorpay_order_id: order.PROVIDER_ORDER_ID, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(KEY_SECRET, order.PROVIDER_ORDER_ID, paymentId) })
      .expect(200);
    expect(cb.body).toMatchObject({ outcome: 'paid', redirectTo: `/payment-success?orderId=${order.ORDER_ID}` });

    const body = razorpayWebhookBody({ event: 'payment.captured', paymentId, providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: 91_062 });
    const hook = await request
      .post('/api/payments/webhook/razorpay')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(WEBHOOK_SECRET, body))
      .set('X-Razorpay-Event-Id', 'evt_TEST0001')
      .send(body.toString('utf8'))
      .expect(200);
    expect(hook.body).toMatchObject({ status: 'paid', duplicate: true });
    await request.post('/api/payments/webhook/sandbox').send(body.toString('utf8')).expect(404);
    const db = testDb();
    expect(Number((await db('ledgerEntries').count({ n: '*' }).first())?.n)).toBe(7);
    expect(Number((await db('payments').where({ provider: 'razorpay', status: 'captured' }).count({ n: '*' }).first())?.n)).toBe(1);
  });
});

describe('configuration', () => {
  it('razorpay needs its three credentials at start; the fee settings have defaults and limits', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: KEY_ID })).toThrow(EnvError);
    try {
      parseEnv({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: KEY_ID });
    } catch (e) {
      expect((e as EnvError).issues.map((i) => i.variable)).toEqual(['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
    }
    const env = parseEnv({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      DATA_DIR: 'memory',
    });
    expect(createPayments(env)).toMatchObject({ name: 'razorpay', publicKey: KEY_ID });
    expect(env).toMatchObject({ CONVENIENCE_FEE_PERCENT: 1, CONVENIENCE_FEE_MAX_PAISE: 5_000, GST_PERCENT: 18, RAZORPAY_API_BASE: 'https://api.razorpay.com' });
    expect(() => parseEnv({ CONVENIENCE_FEE_PERCENT: '150' })).toThrow(/CONVENIENCE_FEE_PERCENT/);
    expect(() => parseEnv({ RAZORPAY_KEY_ID: 'key' })).toThrow(/RAZORPAY_KEY_ID/);
  });
});
