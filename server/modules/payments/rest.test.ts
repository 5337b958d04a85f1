import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { runtime } from '../../lib/runtime.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { hmacHex, isSandbox, razorpayWebhookBody } from '../../providers/payments.ts';
import { TEST_SECRET } from '../../test/app.ts';
import { ORDER_TTL_MS } from '../orders/schema.ts';
import { RECEIPT_CHECK_MESSAGES, REFUND_REASONS } from './schema.ts';
import { insertCoupon, insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';

useTestDatabase();

let request: ReturnType<typeof createTestApp>['request'];
let auth: { Authorization: string };
let shopper: number;
let outlet: number;
let clock: Date;

beforeEach(async () => {
  clock = new Date();
  ({ request } = createTestApp({ now: () => clock }));
  shopper = await newShopper();
  auth = await bearer('consumer', shopper);
  outlet = await payableOutlet({ basePercent: 10 });
});

const n = async (t: string) => Number((await testDb()(t).count({ n: '*' }).first())?.n ?? 0);

async function createOrder(key = 'rest-key-0001', body: Record<string, unknown> = {}) {
  const res = await request
    .post('/api/outlet/route/v1/create')
    .set(auth)
    .set('Idempotency-Key', key)
    .send({ outletId: outlet, amount: '1000', amountPaise: 5, ...body })
    .expect(200);
  return res.body.order as { ORDER_ID: string; PROVIDER_ORDER_ID: string; AMOUNT_PAISE: number; EXPIRES_AT: string; checkout: { url: string } };
}

describe('orders REST: POST /api/outlet/route/v1/create', () => {
  it('recomputes the amount, and the Idempotency-Key header replays the same order', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const order = await createOrder();
    expect(order).toMatchObject({ STATUS: 'created', PROVIDER: 'sandbox', AMOUNT_PAISE: 86_509, BILL_PAISE: 100_000, COUPON_ID: coupon, OFFER_SOURCE: 'base' });
    expect(order.checkout.url).toBe(`/payment-demo?orderId=${order.ORDER_ID}`);
    expect((await createOrder()).ORDER_ID).toBe(order.ORDER_ID);
    expect(await n('orders')).toBe(1);
  });

  it('401 without a session; 400 without a key; 409 for a key reused for another bill', async () => {
    await request.post('/api/outlet/route/v1/create').send({ outletId: outlet, amount: 10 }).expect(401);
    const res = await request.post('/api/outlet/route/v1/create').set(auth).send({ outletId: outlet, amount: 10 }).expect(400);
    expect(res.body.errors.idempotencyKey).toBe('idempotencyKey is required');
    await createOrder('rest-key-0002');
    await request.post('/api/outlet/route/v1/create').set(auth).send({ outletId: outlet, amount: 11, idempotencyKey: 'rest-key-0002' }).expect(409);
  });
});

describe('payments REST', () => {
  it('the sandbox checkout: shows the order, Pay captures, the receipt has its codes', async () => {
    const order = await createOrder();
    const demo = await request.get(`/api/payments/demo/${order.ORDER_ID}`).set(auth).expect(200);
    expect(demo.body).toMatchObject({ OUTLET_NAME: 'Chai Point', AMOUNT_PAISE: 91_062, STATUS: 'created' });
    const done = await request.post(`/api/payments/demo/${order.ORDER_ID}/complete`).set(auth).send({ outcome: 'pay' }).expect(200);
    expect(done.body).toEqual({ orderId: order.ORDER_ID, outcome: 'paid', redirectTo: `/payment-success?orderId=${order.ORDER_ID}` });
    const receipt = await request.get(`/api/payments/order/${order.ORDER_ID}`).set(auth).expect(200);
    expect(receipt.body.receipt).toMatchObject({ STATUS: 'paid', OUTLET_NAME: 'Chai Point', SAVED_PAISE: 10_000, RECEIPT_CODE: expect.stringMatching(/^BCH-/) });
    expect(receipt.body.receipt.VERIFICATION_CODE).toMatch(/^\d{6}$/);
    await request.get('/api/payments/order/not-a-uuid').set(auth).expect(400);
    await request.get(`/api/payments/order/${order.ORDER_ID}`).set(await bearer('consumer', await newShopper('Ravi'))).expect(404);
  });

  it('the webhook is verified over the raw bytes: the same event 20 times (10 at once) captures once', async () => {
    const order = await createOrder();
    const p = runtime().payments;
    if (!isSandbox(p)) throw new Error('sandbox expected');
    const { webhook } = p.complete({ providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: order.AMOUNT_PAISE, outcome: 'pay' });
    const send = () =>
      request
        .post('/api/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', webhook.signature)
        .set('X-Razorpay-Event-Id', webhook.eventId)
        .send(webhook.body.toString('utf8'));
    const first = await Promise.all(Array.from({ length: 10 }, send));
    for (let i = 0; i < 10; i++) await send().expect(200);
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect(first.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect({ payments: await n('payments'), ledger: await n('ledgerEntries'), redemptions: await n('redemptions') }).toEqual({ payments: 1, ledger: 8, redemptions: 1 });
  });

  it('a tampered body or signature → 400 and nothing written; an unknown provider path → 404', async () => {
    const order = await createOrder();
    const p = runtime().payments;
    if (!isSandbox(p)) throw new Error('sandbox expected');
    const { webhook } = p.complete({ providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: order.AMOUNT_PAISE, outcome: 'pay' });
    // Re-serialising changes no value but changes the bytes: still refused (the signature is over the raw body).
    const reformatted = JSON.stringify(JSON.parse(webhook.body.toString('utf8')), null, 2);
    const tampered = webhook.body.toString('utf8').replace(`"amount":${order.AMOUNT_PAISE}`, '"amount":1');
    for (const body of [reformatted, tampered]) {
      const res = await request
        .post('/api/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', webhook.signature)
        .send(body)
        .expect(400);
      expect(res.body.message).toBe('Invalid payment signature');
    }
    await request.post('/api/payments/webhook/sandbox').set('Content-Type', 'application/json').send(webhook.body.toString('utf8')).expect(400);
    await request.post('/api/payments/webhook/razorpay').set('X-Razorpay-Signature', webhook.signature).send('{}').expect(404);
    const cb = await request
      .post('/api/payments/callback')
      .send({ razorpay_order_id: order.PROVIDER_ORDER_ID, razorpay_payment_id: 'pay_forged', razorpay_signature: 'f'.repeat(64) })
      .expect(400);
    expect(cb.body.message).toBe('Invalid payment signature');
    expect({ events: await n('paymentEvents'), payments: await n('payments'), ledger: await n('ledgerEntries') }).toEqual({ events: 0, payments: 0, ledger: 0 });
  });
});

describe('webhooks must carry an amount; expiry and refunds on the wire', () => {
  const WEBHOOK_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
  const post = (body: Buffer, eventId: string) =>
    request
      .post('/api/payments/webhook/sandbox')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(WEBHOOK_SECRET, body))
      .set('X-Razorpay-Event-Id', eventId)
      .send(body.toString('utf8'));

  it('a signed payment webhook without an amount → 400 and nothing written', async () => {
    const order = await createOrder();
    for (const event of ['payment.captured', 'order.paid', 'payment.failed', 'payment.authorized'] as const) {
      const body = razorpayWebhookBody({ event, paymentId: 'pay_noamount', providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: null });
      const res = await post(body, `evt_noamount_${event}`).expect(400);
      expect(res.body).toMatchObject({ message: 'The webhook carries no amount', errors: { amount: 'The webhook carries no amount' } });
    }
    expect({ events: await n('paymentEvents'), payments: await n('payments'), ledger: await n('ledgerEntries') }).toEqual({ events: 0, payments: 0, ledger: 0 });
    // An event we do not use needs no amount: acknowledged, ignored.
    const other = Buffer.from(JSON.stringify({ event: 'payment.dispute.created', payload: {} }));
    expect((await post(other, 'evt_other').expect(200)).body).toEqual({ ok: true, ignored: true });
  });

  it('an expired order: the demo checkout says so, Pay answers expired, a late capture is refunded and the receipt shows it', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const order = await createOrder('rest-key-0100', { couponId: coupon });
    expect((await request.get(`/api/payments/demo/${order.ORDER_ID}`).set(auth).expect(200)).body).toMatchObject({
      STATUS: 'created',
      EXPIRES_AT: new Date(clock.getTime() + ORDER_TTL_MS).toISOString(),
    });
    clock = new Date(clock.getTime() + ORDER_TTL_MS);
    expect((await request.get(`/api/payments/demo/${order.ORDER_ID}`).set(auth).expect(200)).body.STATUS).toBe('expired');
    const done = await request.post(`/api/payments/demo/${order.ORDER_ID}/complete`).set(auth).send({ outcome: 'pay' }).expect(200);
    expect(done.body).toEqual({ orderId: order.ORDER_ID, outcome: 'expired', redirectTo: `/payment-failure?orderId=${order.ORDER_ID}` });
    const late = razorpayWebhookBody({ event: 'payment.captured', paymentId: 'pay_late_rest', providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: order.AMOUNT_PAISE });
    expect((await post(late, 'evt_late_rest').expect(200)).body).toMatchObject({ status: 'expired', duplicate: false });
    const receipt = (await request.get(`/api/payments/order/${order.ORDER_ID}`).set(auth).expect(200)).body.receipt;
    expect(receipt).toMatchObject({
      STATUS: 'expired',
      FAILURE_CODE: 'order_expired',
      COUPON: { STATE: 'available', DISCOUNT_PRECENT: 5 },
      REFUNDS: [{ AMOUNT_PAISE: order.AMOUNT_PAISE, STATUS: 'processed', REASON: REFUND_REASONS.order_expired, PROCESSED_AT: expect.any(String) }],
    });
  });

  it('POST /api/outlet/route/v1/create: a coupon on an open order is a 409 for a new key, the same key replays', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const first = await createOrder('rest-key-0200', { couponId: coupon });
    const res = await request
      .post('/api/outlet/route/v1/create')
      .set(auth)
      .send({ outletId: outlet, amount: '1000', couponId: coupon, idempotencyKey: 'rest-key-0201' })
      .expect(409);
    expect(res.body.message).toMatch(/^Your Shuffle coupon is already on a payment you started that is not finished yet\./);
    expect(res.body.errors.couponId).toBe(res.body.message);
    expect((await createOrder('rest-key-0200', { couponId: coupon })).ORDER_ID).toBe(first.ORDER_ID);
  });
});

describe('GET /api/business/receipts/check (staff at the counter)', () => {
  it("the outlet's owner finds a paid receipt with its verification code; others cannot", async () => {
    const order = await createOrder();
    await request.post(`/api/payments/demo/${order.ORDER_ID}/complete`).set(auth).send({ outcome: 'pay' }).expect(200);
    const receipt = (await request.get(`/api/payments/order/${order.ORDER_ID}`).set(auth).expect(200)).body.receipt;
    const owner = await bearer('business', await insertOwner('chai.owner', outlet));
    const code = receipt.RECEIPT_CODE.toLowerCase();
    const ok = await request.get(`/api/business/receipts/check?outletId=${outlet}&receiptCode=${code}`).set(owner).expect(200);
    expect(ok.body).toMatchObject({ RECEIPT_CODE: receipt.RECEIPT_CODE, VERIFICATION_CODE: receipt.VERIFICATION_CODE, AMOUNT_PAISE: 91_062, SAVED_PAISE: 10_000 });
    await request.get(`/api/business/receipts/check?outletId=${outlet}&receiptCode=BCH-22222222`).set(owner).expect(404);
    const bad = await request.get(`/api/business/receipts/check?outletId=${outlet}&receiptCode=12`).set(owner).expect(400);
    expect(bad.body.errors.receiptCode).toBe(RECEIPT_CHECK_MESSAGES.badCode);
    const stranger = await bearer('business', await insertOwner('other.owner', await payableOutlet({ name: 'Dosa Hut' })));
    await request.get(`/api/business/receipts/check?outletId=${outlet}&receiptCode=${code}`).set(stranger).expect(403);
    await request.get(`/api/business/receipts/check?outletId=${outlet}&receiptCode=${code}`).set(auth).expect(401);
  });
});
