import fc from 'fast-check';
import type { Knex } from 'knex';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { checkoutSignature, hmacHex, razorpayWebhookBody, type RazorpayPaymentEvent } from '../../providers/payments.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { handleCheckoutCallback, handleWebhook } from './service.ts';

/**
 * Every order of events converges (docs/payments.md, "The state machine"): for ONE payment of one order,
 * any ordering of payment.authorized, payment.captured, payment.failed, order.paid and the checkout
 * callback, with redeliveries of the same event and events delivered concurrently, ends in the same
 * state, decided only by which kinds arrived: a capture → paid exactly once (one captured payments row,
 * 8 ledger rows, the day's stats counted once, the coupon redeemed); else an authorisation → still open
 * (money held); else only declines → failed, nothing booked, the coupon still the shopper's.
 */

useTestDatabase();

const WEBHOOK_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
const KEY_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-key-secret');

type Kind = 'authorized' | 'captured' | 'failed' | 'order.paid' | 'callback';
const EVENT_OF: Record<Exclude<Kind, 'callback'>, RazorpayPaymentEvent> = {
  authorized: 'payment.authorized',
  captured: 'payment.captured',
  failed: 'payment.failed',
  'order.paid': 'order.paid',
};

/** One delivery: a kind, whether it redelivers the previous event of that kind (same event id), and its batch. */
interface Delivery {
  kind: Kind;
  redeliver: boolean;
  /** Deliveries of the same batch go out at once (concurrently); batches one after the other. */
  batch: number;
}

let shopper: number;
let outlet: number;
let seq = 0;

beforeEach(async () => {
  createTestApp();
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

async function newOrderWithCoupon() {
  const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
  const order = await createOrder(
    shopper,
    createOrderInputSchema.parse({ outletId: outlet, amount: '1000', couponId: coupon, idempotencyKey: `conv-${String(++seq).padStart(8, '0')}` }),
  );
  const row = (await testDb()('orders').where({ publicId: order.orderId }).first('id'))!;
  return { coupon, order, id: Number(row.id) };
}

/** Sends the deliveries for one payment of one order, batch by batch. */
async function deliver(order: { providerOrderId: string; amountPaise: number }, deliveries: Delivery[]) {
  const paymentId = `pay_conv${String(++seq).padStart(10, '0')}`;
  const lastEventId = new Map<Kind, string>();
  const send = (d: Delivery) => {
    if (d.kind === 'callback') {
      return handleCheckoutCallback(shopper, {
        razorpay_order_id: order.providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(KEY_SECRET, order.providerOrderId, paymentId),
      });
    }
    const eventId = d.redeliver && lastEventId.has(d.kind) ? lastEventId.get(d.kind)! : `evt_conv${++seq}`;
    lastEventId.set(d.kind, eventId);
    const body = razorpayWebhookBody({
      event: EVENT_OF[d.kind],
      paymentId,
      providerOrderId: order.providerOrderId,
      amountPaise: order.amountPaise,
      errorDescription: 'Your bank declined the payment.',
    });
    return handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), eventId);
  };
  const batches = new Map<number, Delivery[]>();
  for (const d of deliveries) batches.set(d.batch, [...(batches.get(d.batch) ?? []), d]);
  for (const b of [...batches.keys()].sort((x, y) => x - y)) await Promise.all(batches.get(b)!.map(send));
}

async function endState(orderId: number, couponId: number) {
  const db = testDb();
  const n = async (q: Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
  const order = (await db('orders').where({ id: orderId }).first('status', 'receiptCode'))!;
  const payments = await db('payments').where({ orderId }).select('status');
  const coupon = await db('coupons').where({ id: couponId }).first('redeemedAt');
  const stats = await db('outletDailyStats').where({ outletId: outlet }).first('ordersCount', 'couponsCount');
  return {
    status: order.status as string,
    payments: payments.map((p) => p.status as string),
    ledger: await n(db('ledgerEntries').where({ orderId })),
    redemptions: await n(db('redemptions').where({ orderId })),
    refunds: await n(db('refunds').where({ orderId })),
    couponRedeemed: Boolean(coupon!.redeemedAt),
    statsOrders: Number(stats?.ordersCount ?? 0),
    statsCoupons: Number(stats?.couponsCount ?? 0),
  };
}

const delivery = (kinds: readonly Kind[]) =>
  fc.record({ kind: fc.constantFrom(...kinds), redeliver: fc.boolean(), batch: fc.integer({ min: 0, max: 3 }) });

describe('every order of events converges (fast-check)', () => {
  it('any ordering with a capture among authorized, captured, failed, order.paid, callback (duplicates, concurrent) → paid exactly once', async () => {
    let paidBefore = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Kind>('captured', 'order.paid', 'callback'),
        fc.array(delivery(['authorized', 'captured', 'failed', 'order.paid', 'callback']), { minLength: 0, maxLength: 7 }),
        fc.nat(),
        fc.integer({ min: 0, max: 3 }),
        async (capture, others, at, batch) => {
          const all = [...others];
          all.splice(at % (all.length + 1), 0, { kind: capture, redeliver: false, batch });
          const { order, id, coupon } = await newOrderWithCoupon();
          await deliver(order, all);
          expect(await endState(id, coupon)).toEqual({
            status: 'paid',
            payments: ['captured'],
            ledger: 8,
            redemptions: 1,
            refunds: 0,
            couponRedeemed: true,
            statsOrders: paidBefore + 1,
            statsCoupons: paidBefore + 1,
          });
          paidBefore += 1;
        },
      ),
      { numRuns: 40 },
    );
  });

  it('every permutation of {authorized, captured, failed, order.paid}, each sent twice, half of them all at once → the same end state', async () => {
    const kinds: Kind[] = ['authorized', 'captured', 'failed', 'order.paid'];
    const permutations = (xs: Kind[]): Kind[][] =>
      xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
    let paid = 0;
    for (const [i, p] of permutations(kinds).entries()) {
      const concurrent = i % 2 === 1;
      const deliveries: Delivery[] = [...p, ...p].map((kind, j) => ({ kind, redeliver: j >= p.length, batch: concurrent ? 0 : j }));
      const { order, id, coupon } = await newOrderWithCoupon();
      await deliver(order, deliveries);
      paid += 1;
      expect({ p: p.join(' → '), ...(await endState(id, coupon)) }).toEqual({
        p: p.join(' → '),
        status: 'paid',
        payments: ['captured'],
        ledger: 8,
        redemptions: 1,
        refunds: 0,
        couponRedeemed: true,
        statsOrders: paid,
        statsCoupons: paid,
      });
    }
  });

  it('only declines (any number, redelivered, concurrent) → failed, nothing booked, the coupon still usable', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(delivery(['failed']), { minLength: 1, maxLength: 5 }), async (deliveries) => {
        const { order, id, coupon } = await newOrderWithCoupon();
        await deliver(order, deliveries);
        expect(await endState(id, coupon)).toEqual({
          status: 'failed',
          payments: ['failed'],
          ledger: 0,
          redemptions: 0,
          refunds: 0,
          couponRedeemed: false,
          statsOrders: 0,
          statsCoupons: 0,
        });
      }),
      { numRuns: 15 },
    );
  });

  it('an authorisation with declines and no capture, in any order → still open with the money held, nothing booked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(delivery(['authorized', 'failed']), { minLength: 0, maxLength: 5 }),
        fc.nat(),
        async (others, at) => {
          const all = [...others];
          all.splice(at % (all.length + 1), 0, { kind: 'authorized', redeliver: false, batch: 0 });
          const { order, id, coupon } = await newOrderWithCoupon();
          await deliver(order, all);
          expect(await endState(id, coupon)).toMatchObject({ status: 'created', payments: ['authorized'], ledger: 0, redemptions: 0, couponRedeemed: false });
        },
      ),
      { numRuns: 15 },
    );
  });

  it('payment.failed and payment.captured for the same payment id, both at once, for 30 orders → all 30 paid', async () => {
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await newOrderWithCoupon());
    await Promise.all(
      made.map(({ order }, i) =>
        deliver(order, [
          { kind: i % 2 ? 'failed' : 'captured', redeliver: false, batch: 0 },
          { kind: i % 2 ? 'captured' : 'failed', redeliver: false, batch: 0 },
        ]),
      ),
    );
    const statuses = await testDb()('orders').whereIn('id', made.map((m) => m.id)).select('status');
    expect(statuses.map((s) => s.status)).toEqual(Array(30).fill('paid'));
    expect(Number((await testDb()('ledgerEntries').count({ n: '*' }).first())?.n)).toBe(30 * 8);
    expect(Number((await testDb()('payments').where({ status: 'captured' }).count({ n: '*' }).first())?.n)).toBe(30);
  });
});
