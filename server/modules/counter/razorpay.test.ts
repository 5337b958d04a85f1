import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createRazorpayPayments, hmacHex, razorpayRefundWebhookBody, razorpayWebhookBody } from '../../providers/payments.ts';
import { insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { handleWebhook } from '../payments/service.ts';

/**
 * An owner refund at the counter with the Razorpay provider, against a local fake of Razorpay's API:
 * `POST /v1/payments/{id}/refund` with basic auth, the amount in paise and our idempotency key (the
 * sandbox goes through the same `processRefund` code). A refund Razorpay accepts as pending is booked
 * when its `refund.processed` webhook arrives.
 */

useTestDatabase();

const KEY_ID = 'rzp_test_COUNTER0001';
const KEY_SECRET = 'counter-key-secret-0001';
const WEBHOOK_SECRET = 'whsec_counter_0001';

interface Seen {
  url: string;
  authorization: string | undefined;
  idempotency: string | undefined;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
const refundsByKey = new Map<string, string>();
let refundStatus: 'processed' | 'pending' = 'processed';
let server: http.Server;
let base: string;
let seq = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as Record<string, unknown>;
      const idempotency = req.headers['x-refund-idempotency'];
      res.setHeader('Content-Type', 'application/json');
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (refund && req.method === 'POST') {
        seen.push({ url: req.url!, authorization: req.headers.authorization, idempotency: typeof idempotency === 'string' ? idempotency : undefined, body });
        const key = typeof idempotency === 'string' ? idempotency : `none-${++seq}`;
        const id = refundsByKey.get(key) ?? `rfnd_CNT${++seq}`;
        refundsByKey.set(key, id);
        res.end(JSON.stringify({ id, entity: 'refund', amount: body.amount, currency: 'INR', payment_id: refund[1], notes: body.notes, status: refundStatus }));
        return;
      }
      if (req.url === '/v1/orders' && req.method === 'POST') {
        res.end(JSON.stringify({ id: `order_CNT${++seq}`, entity: 'order', amount: body.amount, currency: 'INR', receipt: body.receipt, status: 'created' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

let request: ReturnType<typeof createTestApp>['request'];
let outlet: number;
let owner: number;
let shopper: number;

beforeEach(async () => {
  seen.length = 0;
  refundStatus = 'processed';
  ({ request } = createTestApp({ payments: createRazorpayPayments({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: base }) }));
  outlet = await payableOutlet({ basePercent: 10 });
  owner = await insertOwner('ravi', outlet);
  shopper = await newShopper('Asha Rao');
});

/** A bill paid through Razorpay: the order at the fake, then its signed `payment.captured` webhook. */
async function paidBill() {
  const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: `rzp-${String(++seq).padStart(8, '0')}` }));
  const row = (await testDb()('orders').where({ publicId: order.orderId }).first())!;
  const paymentId = `pay_CNT${++seq}`;
  const body = razorpayWebhookBody({ event: 'payment.captured', paymentId, providerOrderId: row.providerOrderId!, amountPaise: row.amountPaise });
  await handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), `evt_cnt${++seq}`);
  const paid = (await testDb()('orders').where({ id: row.id }).first())!;
  expect(paid.status).toBe('paid');
  return { id: paid.id, receiptCode: paid.receiptCode!, paymentId, providerOrderId: row.providerOrderId!, amountPaise: paid.amountPaise };
}

describe('owner refunds through Razorpay (local fake)', () => {
  it('POST /v1/payments/{id}/refund with the amount, basic auth and our idempotency key; a retry of the request asks again with the same key', async () => {
    const bill = await paidBill();
    const auth = await bearer('business', owner);
    const send = () =>
      request
        .post('/api/business/refunds')
        .set(auth)
        .set('Idempotency-Key', 'rzp-refund-0001')
        .send({ outletId: outlet, receiptId: bill.receiptCode, amountPaise: 45_531, reason: 'Half the order was missing' });
    const res = await send().expect(201);
    expect(res.body.refund).toMatchObject({ AMOUNT_PAISE: 45_531, STATUS: 'processed' });
    expect(res.body.payment).toMatchObject({ STATUS: 'partly_refunded', REFUNDABLE_PAISE: bill.amountPaise - 45_531 });
    expect(seen).toEqual([
      {
        url: `/v1/payments/${bill.paymentId}/refund`,
        authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
        idempotency: `own-${outlet}-rzp-refund-0001`,
        body: expect.objectContaining({ amount: 45_531, speed: 'normal', notes: expect.objectContaining({ kind: 'owner' }) }),
      },
    ]);
    const refund = (await testDb()('refunds').where({ orderId: bill.id }).first())!;
    expect(refund).toMatchObject({ provider: 'razorpay', providerRefundId: expect.stringMatching(/^rfnd_CNT/), status: 'processed', kind: 'owner' });
    // The same request again: the same refund, and the provider is not asked for a second one.
    const again = await send().expect(200);
    expect(again.body).toMatchObject({ replayed: true, refund: { REFUND_ID: refund.id } });
    expect(seen).toHaveLength(1);
    expect(await testDb()('ledgerEntries').where({ orderId: bill.id, entryType: 'refund' }).sum({ s: 'amountPaise' }).first()).toMatchObject({ s: 45_531 });
  });

  it('a refund Razorpay accepts as pending is booked by its refund.processed webhook, once', async () => {
    const bill = await paidBill();
    refundStatus = 'pending';
    const res = await request
      .post('/api/business/refunds')
      .set(await bearer('business', owner))
      .set('Idempotency-Key', 'rzp-refund-0002')
      .send({ outletId: outlet, receiptId: bill.receiptCode, reason: 'Customer changed their mind' })
      .expect(201);
    expect(res.body.refund).toMatchObject({ AMOUNT_PAISE: bill.amountPaise, STATUS: 'pending' });
    expect(res.body.payment).toMatchObject({ STATUS: 'refunded', REFUND_PENDING_PAISE: bill.amountPaise, REFUNDABLE_PAISE: 0 });
    expect(await testDb()('ledgerEntries').where({ orderId: bill.id, entryType: 'refund' }).first()).toBeUndefined();
    const refund = (await testDb()('refunds').where({ orderId: bill.id }).first())!;
    const body = razorpayRefundWebhookBody({ event: 'refund.processed', refundId: refund.providerRefundId!, paymentId: bill.paymentId, providerOrderId: bill.providerOrderId, amountPaise: bill.amountPaise });
    await handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), 'evt_cnt_refund_1');
    await handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), 'evt_cnt_refund_1');
    expect(await testDb()('refunds').where({ id: refund.id }).first('status')).toEqual({ status: 'processed' });
    const booked = await testDb()('ledgerEntries').where({ refundId: refund.id, entryType: 'refund' }).select('amountPaise');
    expect(booked).toEqual([{ amountPaise: bill.amountPaise }]);
  });
});
