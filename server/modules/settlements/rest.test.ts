import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { hmacHex, razorpaySettlementWebhookBody, razorpayTransferWebhookBody } from '../../providers/payments.ts';
import { businessCaller, callerFor, insertOwner, insertSalesStaff, newShopper, payableOutlet } from '../../test/factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { createStatements } from './statements.ts';

/**
 * The transports of money reaching the outlet: the provider's Route webhooks over HTTP (raw, signed,
 * deduplicated), the monthly statement PDF (REST bytes, tRPC base64; owners and granted sub-accounts
 * only), the shopper's receipt PDFs (their own only), and the back office's linked account and payout.
 */

useTestDatabase();

const WEBHOOK_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
const ACCOUNT = 'acc_RESTACCOUNT001';
let clock: Date;
let app: ReturnType<typeof createTestApp>;
let shopper: number;
let outlet: number;
let owner: number;

beforeEach(async () => {
  clock = new Date('2026-11-20T06:30:00Z');
  app = createTestApp({ now: () => clock });
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
  owner = await insertOwner({}, outlet);
});

async function paidOrder(key = 'rest-stl-0001') {
  const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: key }));
  await completeDemoCheckout(shopper, order.orderId, 'pay');
  return order;
}

const postHook = (body: Buffer, eventId: string, signature = hmacHex(WEBHOOK_SECRET, body)) =>
  app.request
    .post('/api/payments/webhook/sandbox')
    .set('Content-Type', 'application/json')
    .set('X-Razorpay-Signature', signature)
    .set('X-Razorpay-Event-Id', eventId)
    .send(body.toString('utf8'));

describe('Route webhooks over HTTP', () => {
  it('transfer.processed: signed → applied; again → duplicate; forged → 400 and nothing recorded', async () => {
    await testDb()('outlets').where({ id: outlet }).update({ routeAccountId: ACCOUNT, routeAccountStatus: 'activated' });
    const order = await paidOrder();
    const t = (await testDb()('transfers').first())!;
    const body = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: t.amountPaise, orderRef: order.orderId });
    const first = await postHook(body, 'evt_rest_t1').expect(200);
    expect(first.body).toEqual({ ok: true, route: { kind: 'transfer', transferId: t.id, status: 'processed' }, duplicate: false });
    expect((await postHook(body, 'evt_rest_t1').expect(200)).body).toEqual({ ok: true, route: null, duplicate: true });
    const forged = await postHook(body, 'evt_rest_t2', '0'.repeat(64)).expect(400);
    expect(forged.body.message).toBe('Invalid payment signature');
    expect(await testDb()('paymentEvents').where({ eventId: 'evt_rest_t2' }).first()).toBeUndefined();
  });

  it('settlement.processed for a settlement this process did not simulate: recorded, reconciled later by the job', async () => {
    const body = razorpaySettlementWebhookBody({ settlementId: 'setl_RESTUNKNOWN1', amountPaise: 1_000, utr: 'HDFCN52026112000009' });
    expect((await postHook(body, 'evt_rest_s1').expect(200)).body).toMatchObject({ route: { kind: 'settlement', providerSettlementId: 'setl_RESTUNKNOWN1', fresh: true } });
    expect(await testDb()('providerSettlements').first()).toMatchObject({ utr: 'HDFCN52026112000009', amountPaise: 1_000, reconciledAt: null, attempts: 1 });
  });
});

describe('the monthly statement PDF', () => {
  beforeEach(async () => {
    await paidOrder();
    clock = new Date('2026-12-01T00:00:00Z');
    await createStatements();
  });

  it('REST: the owner gets the bytes; a stranger 403; no session 401; a bad month 400', async () => {
    const auth = await bearer('business', owner);
    const res = await app.request
      .get('/api/business/dashboard/settlement/statement.pdf')
      .query({ outletId: outlet, month: '2026-11' })
      .set(auth)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bachat-statement-${outlet}-2026-11.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [statement] = await pdfText(res.body as Buffer);
    expect(statement).toContain('Payout to your bank ₹884.07');
    const stranger = await bearer('business', await insertOwner({ username: 'stranger' }));
    await app.request.get('/api/business/dashboard/settlement/statement.pdf').query({ outletId: outlet, month: '2026-11' }).set(stranger).expect(403);
    await app.request.get('/api/business/dashboard/settlement/statement.pdf').query({ outletId: outlet, month: '2026-11' }).expect(401);
    const bad = await app.request.get('/api/business/dashboard/settlement/statement.pdf').query({ outletId: outlet, month: '2026-13' }).set(auth).expect(400);
    expect(bad.body.message).toBe('Pick a month as YYYY-MM');
  });

  it('tRPC: dashboards.statementPdf answers the file as base64; the report lists the statement with its status', async () => {
    const caller = await businessCaller(owner);
    const file = await caller.dashboards.statementPdf({ outletId: outlet, month: '2026-11' });
    expect(file).toMatchObject({ filename: `bachat-statement-${outlet}-2026-11.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(file.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await caller.dashboards.settlements({ outletId: outlet })).data).toMatchObject([{ periodStart: '2026-11-20', status: 'pending', payoutPaise: 88_407, utr: null }]);
    const stranger = await businessCaller(await insertOwner({ username: 'stranger' }));
    await expect(stranger.dashboards.statementPdf({ outletId: outlet, month: '2026-11' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the shopper’s receipt PDF', () => {
  it('REST and tRPC, by order and by history entry: the shopper’s own; anyone else 404; no session 401', async () => {
    const order = await paidOrder();
    const auth = await bearer('consumer', shopper);
    const res = await app.request.get(`/api/payments/order/${order.orderId}/receipt.pdf`).set(auth).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bachat-receipt-BCH-[A-Z2-9]{8}\.pdf"$/);
    const redemption = (await testDb()('redemptions').first('id'))!;
    await app.request.get(`/api/user/redeemed-history/${redemption.id}/receipt.pdf`).set(auth).expect(200);
    const other = await bearer('consumer', await newShopper());
    await app.request.get(`/api/payments/order/${order.orderId}/receipt.pdf`).set(other).expect(404);
    await app.request.get(`/api/user/redeemed-history/${redemption.id}/receipt.pdf`).set(other).expect(404);
    await app.request.get(`/api/payments/order/${order.orderId}/receipt.pdf`).expect(401);

    const caller = await callerFor(shopper);
    const byOrder = await caller.payments.receiptPdf({ orderId: order.orderId });
    const [text] = await pdfText(Buffer.from(byOrder.base64, 'base64'));
    expect(text).toContain('Amount paid ₹910.62');
    expect((await caller.redeemedHistory.receiptPdf({ id: redemption.id })).filename).toBe(byOrder.filename);
    const stranger = await callerFor(await newShopper());
    await expect(stranger.payments.receiptPdf({ orderId: order.orderId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stranger.redeemedHistory.receiptPdf({ id: redemption.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('back office', () => {
  it('sets an outlet’s linked account (created until Razorpay says more) and refuses a malformed one', async () => {
    const { auth } = await insertSalesStaff();
    const res = await app.request.put(`/api/admin/outlets/${outlet}`).set(auth).send({ routeAccountId: ACCOUNT }).expect(200);
    expect(res.body).toMatchObject({ routeAccountId: ACCOUNT, routeAccountStatus: 'created' });
    await app.request.put(`/api/admin/outlets/${outlet}`).set(auth).send({ routeAccountStatus: 'activated' }).expect(200);
    expect(await testDb()('outlets').where({ id: outlet }).first('routeAccountId', 'routeAccountStatus')).toEqual({ routeAccountId: ACCOUNT, routeAccountStatus: 'activated' });
    const bad = await app.request.put(`/api/admin/outlets/${outlet}`).set(auth).send({ routeAccountId: 'acc_short' }).expect(400);
    expect(bad.body.errors.routeAccountId).toBe('A Razorpay linked account id looks like acc_ followed by 14 letters and digits');
    const cleared = await app.request.put(`/api/admin/outlets/${outlet}`).set(auth).send({ routeAccountId: '' }).expect(200);
    expect(cleared.body).toMatchObject({ routeAccountId: null, routeAccountStatus: null });
  });

  it('records the platform’s payout UTR on a statement once the refund window has ended; a bad UTR is a 400', async () => {
    await paidOrder();
    clock = new Date('2026-11-22T00:00:00Z');
    await createStatements();
    const s = (await testDb()('settlements').first('id'))!;
    const { auth } = await insertSalesStaff();
    const bad = await app.request.put(`/api/admin/settlements/${s.id}`).set(auth).send({ payoutUtr: '12-34' }).expect(400);
    expect(bad.body.errors.payoutUtr).toBe('Enter the UTR of the bank transfer: 12 to 22 letters and digits');
    const ok = await app.request.put(`/api/admin/settlements/${s.id}`).set(auth).send({ payoutUtr: 'SBIN0000123456' }).expect(200);
    expect(ok.body).toMatchObject({ status: 'settled', payoutUtr: 'SBIN0000123456', utr: 'SBIN0000123456' });
    const again = await app.request.put(`/api/admin/settlements/${s.id}`).set(auth).send({ payoutUtr: 'SBIN0000123457' }).expect(400);
    expect(again.body.message).toBe('This statement is already settled');
    // Owners never reach the back office.
    await app.request.get('/api/admin/settlements').set(await bearer('business', owner)).expect(403);
  });
});
