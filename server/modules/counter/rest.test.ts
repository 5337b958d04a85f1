import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { runtime } from '../../lib/runtime.ts';
import { REFUNDS_NOT_ALLOWED } from '../../lib/outlet-access.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { OWNER_REFUND_MESSAGES, RECEIPT_CHECK_MESSAGES } from '../payments/schema.ts';
import { businessCaller, grant, insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
import { REFUND_INPUT_MESSAGES } from './schema.ts';

/** The counter over REST (legacy UPPER_SNAKE rows) and tRPC (camelCase): the same service behind both. */

useTestDatabase();

let clock: Date;
let app: ReturnType<typeof createTestApp>;
let outlet: number;
let owner: number;
let shopper: number;
let auth: { Authorization: string };
let seq = 0;

beforeEach(async () => {
  clock = new Date('2026-11-23T06:30:00Z');
  app = createTestApp({ now: () => clock });
  await runtime().jobs.start({ work: false });
  outlet = await payableOutlet({ basePercent: 10 });
  owner = await insertOwner('ravi', outlet);
  shopper = await newShopper('Asha Rao');
  auth = await bearer('business', owner);
});

async function payBill(rupees = '1000') {
  const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: rupees, idempotencyKey: `rst-${String(++seq).padStart(8, '0')}` }));
  await completeDemoCheckout(shopper, order.orderId, 'pay');
  const row = await testDb()('orders').where({ publicId: order.orderId }).first('receiptCode', 'verificationCode', 'amountPaise');
  return { orderId: order.orderId, receiptCode: row!.receiptCode!, verificationCode: row!.verificationCode!, amountPaise: row!.amountPaise };
}

describe('REST', () => {
  it('GET /api/business/payments/{outletId}?offSet&limit: the page in legacy keys', async () => {
    const bill = await payBill();
    const res = await app.request.get(`/api/business/payments/${outlet}`).query({ offSet: 1, limit: 20 }).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.payments).toMatchObject({ offset: 1, totalPages: 1, total: 1, lastEventId: 1, canRefund: true, serverTime: clock.toISOString() });
    expect(res.body.payments.data).toEqual([
      {
        ORDER_ID: bill.orderId,
        RECEIPT_ID: bill.receiptCode,
        VERIFICATION_CODE: bill.verificationCode,
        PAID_AT: clock.toISOString(),
        BILL_PAISE: 100_000,
        DISCOUNT_PAISE: 10_000,
        AMOUNT_PAISE: 91_062,
        STATUS: 'paid',
        REFUNDED_PAISE: 0,
        REFUND_PENDING_PAISE: 0,
        REFUNDABLE_PAISE: 91_062,
        REFUNDABLE_UNTIL: new Date(clock.getTime() + 24 * 3600_000).toISOString(),
        REFUNDS: [],
        TABLE_NUMBER: null,
      },
    ]);
    expect((await app.request.get(`/api/business/payments/${outlet}`).query({ offSet: -1 }).set(auth)).status).toBe(400);
    expect((await app.request.get(`/api/business/payments/${outlet}`)).status).toBe(401);
  });

  it('GET …/verify?code=: a match with the first name, or a clear 404; a bad code is a 400', async () => {
    const bill = await payBill();
    const ok = await app.request.get(`/api/business/payments/${outlet}/verify`).query({ code: bill.verificationCode }).set(auth);
    expect(ok.status).toBe(200);
    expect(ok.body.match).toMatchObject({ RECEIPT_ID: bill.receiptCode, AMOUNT_PAISE: 91_062, SHOPPER_FIRST_NAME: 'Asha', STATUS: 'paid', PAID_AT: clock.toISOString() });
    const none = await app.request.get(`/api/business/payments/${outlet}/verify`).query({ code: 'BCH-22222222' }).set(auth);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(RECEIPT_CHECK_MESSAGES.notFound);
    const bad = await app.request.get(`/api/business/payments/${outlet}/verify`).query({ code: 'hello' }).set(auth);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.code).toBe(RECEIPT_CHECK_MESSAGES.badCode);
    // The first path of the check keeps working, now with the first name.
    const legacy = await app.request.get('/api/business/receipts/check').query({ outletId: outlet, receiptCode: bill.receiptCode }).set(auth);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ RECEIPT_CODE: bill.receiptCode, VERIFICATION_CODE: bill.verificationCode, SHOPPER_FIRST_NAME: 'Asha' });
  });

  it('POST /api/business/refunds: 201, a retry with the same Idempotency-Key 200 with the same refund; no key 400; over the window 422', async () => {
    const bill = await payBill();
    const send = (body: Record<string, unknown>, key?: string) => {
      const req = app.request.post('/api/business/refunds').set(auth);
      if (key) req.set('Idempotency-Key', key);
      return req.send({ outletId: outlet, receiptId: bill.receiptCode, reason: 'Returned', ...body });
    };
    const first = await send({ amountPaise: 45_531 }, 'refund-key-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      replayed: false,
      refund: { AMOUNT_PAISE: 45_531, STATUS: 'processed', REASON: 'Returned' },
      payment: { RECEIPT_ID: bill.receiptCode, STATUS: 'partly_refunded', REFUNDED_PAISE: 45_531, REFUNDABLE_PAISE: 45_531 },
    });
    const again = await send({ amountPaise: 45_531 }, 'refund-key-0001');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, refund: { REFUND_ID: first.body.refund.REFUND_ID } });
    const conflict = await send({ amountPaise: 100 }, 'refund-key-0001');
    expect(conflict.status).toBe(409);
    const noKey = await send({ amountPaise: 100 });
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors.idempotencyKey).toBe(REFUND_INPUT_MESSAGES.idempotencyKey);
    const noReason = await send({ amountPaise: 100, reason: '' }, 'refund-key-0002');
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe(REFUND_INPUT_MESSAGES.reason);
    const tooMuch = await send({ amountPaise: 50_000 }, 'refund-key-0003');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('You can refund at most ₹455.31 of this payment.');
    // A bill paid 24 h 01 min ago.
    const now = clock;
    clock = new Date(now.getTime() - 24 * 3600_000 - 60_000);
    const old = await payBill();
    clock = now;
    const late = await send({ receiptId: old.receiptCode }, 'refund-key-0004');
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(OWNER_REFUND_MESSAGES.windowClosed);
    expect(await testDb()('refunds').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('refunds: a sub-account without the permission 403, with it 201; no session 401', async () => {
    const bill = await payBill();
    const sub = await insertOwner({ username: 'staff', isMaster: false, masterId: owner });
    await grant(sub, outlet);
    const subAuth = await bearer('business', sub);
    const body = { outletId: outlet, receiptId: bill.receiptCode, amountPaise: 1_000, reason: 'Wrong item' };
    const refused = await app.request.post('/api/business/refunds').set(subAuth).set('Idempotency-Key', 'sub-refund-0001').send(body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REFUNDS_NOT_ALLOWED);
    await testDb()('businessOwners').where({ id: sub }).update({ canRefund: true });
    expect((await app.request.post('/api/business/refunds').set(subAuth).set('Idempotency-Key', 'sub-refund-0001').send(body)).status).toBe(201);
    expect((await app.request.post('/api/business/refunds').set('Idempotency-Key', 'x-refund-0001').send(body)).status).toBe(401);
  });
});

describe('tRPC', () => {
  it('counter.payments / verify / streamTicket / refund', async () => {
    const bill = await payBill();
    const caller = await businessCaller(owner);
    const page = await caller.counter.payments({ outletId: outlet });
    expect(page).toMatchObject({ total: 1, canRefund: true, data: [{ receiptCode: bill.receiptCode, status: 'paid' }] });
    expect(await caller.counter.verify({ outletId: outlet, code: bill.receiptCode })).toMatchObject({ shopperFirstName: 'Asha', amountPaise: 91_062 });
    await expect(caller.counter.verify({ outletId: outlet, code: '000000' === bill.verificationCode ? '111111' : '000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const ticket = await caller.counter.streamTicket({ outletId: outlet });
    expect(ticket.url).toContain(`/api/business/payments/${outlet}/events?ticket=`);
    expect(ticket.expiresAt.getTime() - clock.getTime()).toBe(60_000);
    const done = await caller.counter.refund({ outletId: outlet, receiptId: bill.receiptCode, reason: 'Returned', idempotencyKey: 'trpc-refund-0001' });
    expect(done).toMatchObject({ replayed: false, refund: { amountPaise: 91_062, status: 'processed' }, payment: { status: 'refunded' } });
    await expect(caller.counter.refund({ outletId: outlet, receiptId: bill.receiptCode, reason: 'Again', idempotencyKey: 'trpc-refund-0002' })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: OWNER_REFUND_MESSAGES.nothingLeft,
    });
    const other = await businessCaller(await insertOwner('other', await payableOutlet({ name: 'Other' })));
    await expect(other.counter.payments({ outletId: outlet })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(other.counter.streamTicket({ outletId: outlet })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
