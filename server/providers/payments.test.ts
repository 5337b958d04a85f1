import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp, bearer } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { newShopper, payableOutlet } from '../test/factories.ts';
import { EnvError, parseEnv } from '../env.ts';
import { BILL_LEDGER_ENTRY_TYPES } from '../modules/payments/schema.ts';
import {
  checkoutSignature,
  createPayments,
  createRazorpayPayments,
  createSandboxPayments,
  hmacHex,
  parseRazorpayWebhook,
  ProviderError,
  razorpayRefundWebhookBody,
  razorpaySettlementWebhookBody,
  razorpayTransferWebhookBody,
  razorpayWebhookBody,
  REFUND_NOTE_KEY,
  REVERSAL_NOTE_KEY,
  TRANSFER_NOTE_KEY,
} from './payments.ts';

/**
 * The Razorpay adapter against a local fake of its Orders and Refunds APIs (never the internet), and its
 * signatures against vectors computed independently (`openssl dgst -sha256 -hmac <secret>`).
 */

useTestDatabase();

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  idempotency: string | undefined;
  body: {
    amount: number;
    currency: string;
    receipt: string;
    speed?: string;
    notes?: Record<string, string>;
    on_hold?: boolean;
    transfers?: { account: string; amount: number; currency: string; notes: Record<string, string>; linked_account_notes: string[]; on_hold: boolean; on_hold_until: number }[];
  };
}

const seen: Seen[] = [];
let fail = false;
/** The fake's refunds by idempotency key, as Razorpay keeps them: the same key returns the same refund. */
const refundsByKey = new Map<string, string>();
let refundStatus: 'processed' | 'pending' = 'processed';
let refundSeq = 0;
let server: http.Server;
let base: string;
let orderSeq = 0;
/** The fake's reversals, as Razorpay lists them for a transfer. */
const reversals: { id: string; transfer_id: string; amount: number; notes: Record<string, string> }[] = [];
let reversalSeq = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const idempotency = req.headers['x-refund-idempotency'];
      seen.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        idempotency: typeof idempotency === 'string' ? idempotency : undefined,
        body: JSON.parse(data || '{}'),
      });
      res.setHeader('Content-Type', 'application/json');
      if (fail) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }));
        return;
      }
      const body = JSON.parse(data || '{}');
      // Route: transfers on orders, their hold, reversals and the transfers of a settlement.
      const transfer = /^\/v1\/transfers\/([^/?]+)(\/reversals)?$/.exec(req.url ?? '');
      if (transfer && req.method === 'PATCH') {
        res.end(JSON.stringify({ id: transfer[1], entity: 'transfer', status: 'processed', on_hold: body.on_hold, settlement_status: body.on_hold ? 'on_hold' : 'pending' }));
        return;
      }
      if (transfer?.[2] && req.method === 'POST') {
        const reversal = { id: `rvrsl_FAKE${++reversalSeq}`, entity: 'reversal', transfer_id: transfer[1]!, amount: Number(body.amount), currency: 'INR', notes: body.notes as Record<string, string> };
        reversals.push(reversal);
        res.end(JSON.stringify(reversal));
        return;
      }
      if (transfer?.[2]) {
        res.end(JSON.stringify({ entity: 'collection', count: 1, items: reversals.filter((r) => r.transfer_id === transfer[1]) }));
        return;
      }
      const settled = /^\/v1\/transfers\?recipient_settlement_id=([^&]+)&count=100&skip=(\d+)$/.exec(req.url ?? '');
      if (settled) {
        const all = Array.from({ length: 150 }, (_, i) => ({ id: `trf_SETTLED${i}`, entity: 'transfer', status: 'processed', amount: 100 + i, settlement_status: 'settled', recipient_settlement_id: settled[1] }));
        const items = all.slice(Number(settled[2]), Number(settled[2]) + 100);
        res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
        return;
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (refund) {
        const key = typeof idempotency === 'string' ? idempotency : `none-${++refundSeq}`;
        const id = refundsByKey.get(key) ?? `rfnd_FAKE${++refundSeq}`;
        refundsByKey.set(key, id);
        res.end(
          JSON.stringify({ id, entity: 'refund', amount: body.amount, currency: 'INR', payment_id: refund[1], notes: body.notes, status: refundStatus, speed_requested: body.speed }),
        );
        return;
      }
      const transfers = Array.isArray(body.transfers)
        ? (body.transfers as { account: string; amount: number; on_hold: boolean; on_hold_until: number; notes: object }[]).map((t, i) => ({
            id: `trf_FAKE${orderSeq + 1}x${i}`,
            entity: 'transfer',
            status: 'created',
            recipient: t.account,
            amount: t.amount,
            on_hold: t.on_hold,
            on_hold_until: t.on_hold_until,
            notes: t.notes,
          }))
        : undefined;
      res.end(
        JSON.stringify({ id: `order_FAKE${++orderSeq}`, entity: 'order', amount: body.amount, currency: 'INR', receipt: body.receipt, status: 'created', ...(transfers ? { transfers } : {}) }),
      );
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
  refundStatus = 'processed';
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

describe('razorpay refunds API (local fake)', () => {
  it('refunds with basic auth, the amount in paise, normal speed, notes and the idempotency header; a retry gets the same refund', async () => {
    const rzp = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: `${base}/` });
    const request = { paymentId: 'pay_IH4NVgf4Dreq1l', amountPaise: 91_062, notes: { [REFUND_NOTE_KEY]: '12' }, idempotencyKey: 'rfnd-3f1c2d3e-4a5b' };
    const first = await rzp.refund(request);
    expect(first).toEqual({ providerRefundId: expect.stringMatching(/^rfnd_FAKE/), status: 'processed' });
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/v1/payments/pay_IH4NVgf4Dreq1l/refund',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      idempotency: 'rfnd-3f1c2d3e-4a5b',
      body: { amount: 91_062, speed: 'normal', notes: { [REFUND_NOTE_KEY]: '12' } },
    });
    refundStatus = 'pending';
    expect(await rzp.refund(request)).toEqual({ providerRefundId: first.providerRefundId, status: 'pending' });
  });

  it('a refusal or an unreachable provider is a ProviderError carrying the HTTP status (or none)', async () => {
    fail = true;
    const rzp = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base });
    const refused = await rzp.refund({ paymentId: 'pay_1', amountPaise: 100 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ status: 400, message: 'razorpay refund 400: Authentication failed' });
    const down = createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:1' });
    expect(await down.refund({ paymentId: 'pay_1', amountPaise: 100 }).catch((e: unknown) => e)).toMatchObject({ status: null, name: 'ProviderError' });
  });

  it('the sandbox simulates the same call: a local rfnd_sbx id, the same one for the same idempotency key', async () => {
    const sandbox = createSandboxPayments('another-secret-0123456789abcdef0123456789');
    const a = await sandbox.refund({ paymentId: 'pay_sbx1', amountPaise: 500, idempotencyKey: 'rfnd-key-0000000001' });
    expect(a).toEqual({ providerRefundId: expect.stringMatching(/^rfnd_sbx[A-Za-z0-9]{14}$/), status: 'processed' });
    expect(await sandbox.refund({ paymentId: 'pay_sbx1', amountPaise: 500, idempotencyKey: 'rfnd-key-0000000001' })).toEqual(a);
    expect((await sandbox.refund({ paymentId: 'pay_sbx1', amountPaise: 500, idempotencyKey: 'rfnd-key-0000000002' })).providerRefundId).not.toBe(a.providerRefundId);
  });
});

describe('razorpay Route API (local fake)', () => {
  const rzp = () => createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base });

  it('an order with a transfer of the outlet’s share, on hold until a time: the transfers come back with their ids', async () => {
    const until = new Date('2026-11-21T06:45:00Z');
    const created = await rzp().createOrder({
      amountPaise: 91_062,
      receipt: 'c0ffee00-0000-4000-8000-000000000001',
      transfers: [{ account: 'acc_TESTACCOUNT001', amountPaise: 88_407, notes: { [TRANSFER_NOTE_KEY]: 'c0ffee00-0000-4000-8000-000000000001' }, onHoldUntil: until }],
    });
    expect(created).toEqual({ providerOrderId: expect.stringMatching(/^order_FAKE/), transfers: [{ id: expect.stringMatching(/^trf_FAKE/), account: 'acc_TESTACCOUNT001', amountPaise: 88_407 }] });
    expect(seen[0]!.body.transfers).toEqual([
      {
        account: 'acc_TESTACCOUNT001',
        amount: 88_407,
        currency: 'INR',
        notes: { [TRANSFER_NOTE_KEY]: 'c0ffee00-0000-4000-8000-000000000001' },
        linked_account_notes: [TRANSFER_NOTE_KEY],
        on_hold: true,
        on_hold_until: Math.floor(until.getTime() / 1000),
      },
    ]);
  });

  it('releases a hold (PATCH on_hold: false), reverses part of a transfer with a note and lists its reversals', async () => {
    await rzp().releaseTransfer('trf_HOLD0000000001');
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/v1/transfers/trf_HOLD0000000001', body: { on_hold: false } });
    const reversal = await rzp().reverseTransfer({ transferId: 'trf_HOLD0000000001', amountPaise: 44_204, notes: { [REVERSAL_NOTE_KEY]: '7' } });
    expect(reversal).toEqual({ id: expect.stringMatching(/^rvrsl_FAKE/), amountPaise: 44_204, notes: { [REVERSAL_NOTE_KEY]: '7' } });
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/v1/transfers/trf_HOLD0000000001/reversals', body: { amount: 44_204, notes: { [REVERSAL_NOTE_KEY]: '7' } } });
    expect(await rzp().transferReversals('trf_HOLD0000000001')).toEqual([reversal]);
  });

  it('lists every transfer of a settlement, page after page', async () => {
    const transfers = await rzp().settlementTransfers('setl_PAGED000000001');
    expect(transfers).toHaveLength(150);
    expect(transfers[149]).toEqual({ id: 'trf_SETTLED149', amountPaise: 249, status: 'processed', settlementStatus: 'settled', settlementId: 'setl_PAGED000000001' });
    expect(seen.map((s) => s.url)).toEqual([
      '/v1/transfers?recipient_settlement_id=setl_PAGED000000001&count=100&skip=0',
      '/v1/transfers?recipient_settlement_id=setl_PAGED000000001&count=100&skip=100',
    ]);
  });

  it('a refusal is a ProviderError with the status', async () => {
    fail = true;
    await expect(rzp().releaseTransfer('trf_X')).rejects.toMatchObject({ name: 'ProviderError', status: 400 });
  });
});

describe('razorpay webhook parsing', () => {
  it('reads payment.authorized, order.paid (its payment entity), payment.failed and the refund events', () => {
    const common = { paymentId: 'pay_A1', providerOrderId: 'order_A1', amountPaise: 91_062 };
    expect(parseRazorpayWebhook(razorpayWebhookBody({ event: 'payment.authorized', ...common }), 'evt_1')).toMatchObject({
      kind: 'authorized',
      eventId: 'evt_1',
      paymentId: 'pay_A1',
      providerOrderId: 'order_A1',
      amountPaise: 91_062,
    });
    const orderPaid = parseRazorpayWebhook(razorpayWebhookBody({ event: 'order.paid', ...common }), undefined);
    expect(orderPaid).toMatchObject({ kind: 'captured', eventType: 'order.paid', eventId: 'order.paid:pay_A1', paymentId: 'pay_A1', providerOrderId: 'order_A1', amountPaise: 91_062 });
    expect(parseRazorpayWebhook(razorpayWebhookBody({ event: 'payment.failed', ...common, errorDescription: 'Declined' }), 'e')).toMatchObject({
      kind: 'failed',
      errorReason: 'Declined',
    });
    expect(parseRazorpayWebhook(razorpayWebhookBody({ event: 'payment.captured', ...common, amountPaise: null }), 'e').amountPaise).toBeNull();
    const refund = razorpayRefundWebhookBody({ event: 'refund.processed', refundId: 'rfnd_R1', paymentId: 'pay_A1', providerOrderId: 'order_A1', amountPaise: 500, notes: { [REFUND_NOTE_KEY]: '7' } });
    expect(parseRazorpayWebhook(refund, undefined)).toMatchObject({
      kind: 'refund_processed',
      eventId: 'refund.processed:rfnd_R1',
      refundId: 'rfnd_R1',
      refundRef: '7',
      paymentId: 'pay_A1',
      providerOrderId: 'order_A1',
      amountPaise: 500,
    });
    expect(parseRazorpayWebhook(Buffer.from('{"event":"payment.dispute.created","payload":{}}'), 'e').kind).toBe('other');
    const transfer = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: 'trf_T1', account: 'acc_TESTACCOUNT001', amountPaise: 88_407, orderRef: 'c0ffee00' });
    expect(parseRazorpayWebhook(transfer, undefined)).toMatchObject({
      kind: 'transfer_processed',
      eventId: 'transfer.processed:trf_T1',
      amountPaise: 88_407,
      route: { transferId: 'trf_T1', orderRef: 'c0ffee00', accountId: 'acc_TESTACCOUNT001' },
    });
    const failed = razorpayTransferWebhookBody({ event: 'transfer.failed', transferId: 'trf_T2', account: 'acc_TESTACCOUNT001', amountPaise: 5, error: 'Insufficient balance' });
    expect(parseRazorpayWebhook(failed, 'evt_f')).toMatchObject({ kind: 'transfer_failed', route: { detail: 'Insufficient balance' } });
    const settlement = razorpaySettlementWebhookBody({ settlementId: 'setl_S1', amountPaise: 88_407, utr: 'HDFCN52026112100001', feesPaise: 0, taxPaise: 0 });
    expect(parseRazorpayWebhook(settlement, undefined)).toMatchObject({
      kind: 'settlement_processed',
      eventId: 'settlement.processed:setl_S1',
      amountPaise: 88_407,
      route: { settlementId: 'setl_S1', utr: 'HDFCN52026112100001' },
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
    expect(Number((await db('ledgerEntries').count({ n: '*' }).first())?.n)).toBe(BILL_LEDGER_ENTRY_TYPES.length);
    expect(Number((await db('payments').where({ provider: 'razorpay', status: 'captured' }).count({ n: '*' }).first())?.n)).toBe(1);

    // A second payment for the paid order is captured by Razorpay: we refund it through the Refunds API.
    const second = razorpayWebhookBody({ event: 'payment.captured', paymentId: 'pay_TEST000000002', providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: 91_062 });
    await request
      .post('/api/payments/webhook/razorpay')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(WEBHOOK_SECRET, second))
      .set('X-Razorpay-Event-Id', 'evt_TEST0002')
      .send(second.toString('utf8'))
      .expect(200);
    const call = seen.at(-1)!;
    const refund = (await db('refunds').first())!;
    expect(call).toMatchObject({ url: '/v1/payments/pay_TEST000000002/refund', idempotency: refund.idempotencyKey, body: { amount: 91_062, speed: 'normal' } });
    expect(call.body.notes).toMatchObject({ [REFUND_NOTE_KEY]: String(refund.id), order_id: order.ORDER_ID });
    expect(refund).toMatchObject({ provider: 'razorpay', status: 'processed', providerRefundId: expect.stringMatching(/^rfnd_FAKE/) });
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
