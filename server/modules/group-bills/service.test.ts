import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { createSandboxPayments, hmacHex, razorpayWebhookBody } from '../../providers/payments.ts';
import { insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { drainNotificationJobs } from '../../test/notification-jobs.ts';
import { handleWebhook } from '../payments/service.ts';
import { counterPaymentsById } from '../payments/counter-views.ts';
import { REFUND_REASONS } from '../payments/schema.ts';
import type { CreatedOrder } from '../orders/schema.ts';
import { createGroupBillInputSchema, GROUP_BILL_MESSAGES, payRestInputSchema, payShareInputSchema, updateGroupBillInputSchema } from './schema.ts';
import { createGroupBill, expireDueGroupBills, getGroupBill, payRest, payShare, quoteGroupBill, updateGroupBill } from './service.ts';

/**
 * Group pay (docs/payments.md "Group pay"): the lifecycle (all paid; partly paid then expired → every
 * paid share refunded; the host pays the rest), the races (two phones, one share; every share at once),
 * and the rules a careful payer expects.
 */

useTestDatabase();

const WEBHOOK_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');

let clock: Date;
let host: number;
let friends: number[];
let outlet: number;
let seq = 0;

beforeEach(async () => {
  clock = new Date();
  createTestApp({ payments: createSandboxPayments(TEST_SECRET), now: () => clock });
  host = await newShopper('Asha Rao');
  friends = [await newShopper('Ravi Kumar'), await newShopper('Meera Iyer'), await newShopper('Kabir Shah')];
  outlet = await payableOutlet({ basePercent: 10 });
});

const key = () => `grp-test-${String(++seq).padStart(6, '0')}`;
const start = (input: Record<string, unknown> = {}) =>
  createGroupBill(host, createGroupBillInputSchema.parse({ outletId: outlet, amount: '2400', people: 4, ...input }));
const share = (consumerId: number, code: string, shareId: number, extra: Record<string, unknown> = {}) =>
  payShare(consumerId, payShareInputSchema.parse({ code, shareId, idempotencyKey: key(), couponId: null, ...extra }));

/** The provider's signed `payment.captured` webhook for the order. */
async function capture(order: CreatedOrder): Promise<{ status: string }> {
  const body = razorpayWebhookBody({ event: 'payment.captured', paymentId: `pay_grp${++seq}`, providerOrderId: order.providerOrderId, amountPaise: order.amountPaise });
  const result = await handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), `evt_grp${++seq}`);
  if (!('status' in result) || typeof result.status !== 'string') throw new Error(`the capture was not applied: ${JSON.stringify(result)}`);
  return { status: result.status };
}

const groupRow = (code: string) => testDb()('groupBills').where({ code }).first();
const outletSums = async () => {
  const rows = await testDb()('ledgerEntries').where({ outletId: outlet }).select('entryType', 'amountPaise');
  const sum = (t: string) => rows.filter((r) => r.entryType === t).reduce((a, r) => a + r.amountPaise, 0);
  return { payout: sum('net_to_outlet') - sum('refund_net_to_outlet'), refunds: sum('refund') };
};

describe('group bills', () => {
  it('₹2,400 among four at 10 % off: four shares of ₹540 that add up to ₹2,160; the preview stores nothing', async () => {
    const quote = await quoteGroupBill(createGroupBillInputSchema.parse({ outletId: outlet, amount: '2400', people: 4 }));
    expect(quote.totalPaise).toBe(216_000);
    expect(await testDb()('groupBills').count({ n: '*' }).first()).toEqual({ n: 0 });
    const g = await start({ tableNumber: 7 });
    expect(g).toMatchObject({ status: 'open', billPaise: 240_000, instantDiscountPaise: 24_000, totalPaise: 216_000, leftPaise: 216_000, paidCount: 0, shareCount: 4, isHost: true, canEdit: true, tableNumber: 7, hostName: 'Asha' });
    expect(g.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(g.shares.map((s) => s.sharePaise)).toEqual([54_000, 54_000, 54_000, 54_000]);
    expect(g.expiresAt.getTime() - clock.getTime()).toBe(20 * 60_000);
  });

  it('bad input gets a clear error and writes nothing', async () => {
    const bad = async (input: Record<string, unknown>, message: string) => {
      await expect(start(input)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    };
    await bad({ amount: '90', people: 2 }, GROUP_BILL_MESSAGES.shareBelowMinimum);
    await bad({ people: undefined, shares: ['1000', '1000'] }, GROUP_BILL_MESSAGES.partsDoNotAddUp);
    expect(() => createGroupBillInputSchema.parse({ outletId: outlet, amount: '2400' })).toThrow(GROUP_BILL_MESSAGES.peopleOrShares);
    expect(() => createGroupBillInputSchema.parse({ outletId: outlet, amount: '2400', people: 1 })).toThrow(GROUP_BILL_MESSAGES.tooFew);
    expect(await testDb()('groupBills').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('all paid: each friend pays their own share with their own coupon, the counter sees the progress, the group is paid', async () => {
    const g = await start({ tableNumber: 3 });
    const coupon = await insertCoupon(friends[0]!, outlet, { percent: 10 });
    const payers = [host, ...friends];
    const orders = [];
    for (const [i, s] of g.shares.entries()) orders.push(await share(payers[i]!, g.code, s.id, i === 1 ? { couponId: coupon } : {}));
    // The coupon is Ravi's alone: 10 % off his ₹540, nothing off the others.
    expect(orders[1]!.breakdown).toMatchObject({ billPaise: 60_000, instantDiscountPaise: 6_000, shuffleDiscountPaise: 5_400, couponId: coupon });
    expect(orders[0]!.breakdown).toMatchObject({ billPaise: 60_000, instantDiscountPaise: 6_000, shuffleDiscountPaise: 0 });
    expect((await getGroupBill(g.code, friends[1]!)).shares[2]).toMatchObject({ state: 'paying', mine: true, payerName: 'Meera' });

    for (const [i, o] of orders.slice(0, 3).entries()) {
      expect((await capture(o)).status).toBe('paid');
      const row = await testDb()('orders').where({ publicId: o.orderId }).first('id');
      const counter = (await counterPaymentsById(testDb(), [row!.id])).get(row!.id)!;
      expect(counter.group).toMatchObject({ code: g.code, paidCount: i + 1, shareCount: 4, leftPaise: 216_000 - 54_000 * (i + 1), status: 'open' });
      expect(counter.tableNumber).toBe(3);
    }
    expect(await getGroupBill(g.code, host)).toMatchObject({ paidCount: 3, leftPaise: 54_000, canEdit: false, status: 'open' });
    await capture(orders[3]!);
    const done = await getGroupBill(g.code, host);
    expect(done).toMatchObject({ status: 'paid', paidCount: 4, leftPaise: 0 });
    expect(done.shares.map((s) => s.payerName)).toEqual(['Asha', 'Ravi', 'Meera', 'Kabir']);
    // Each payer has a receipt of their own; the outlet is paid for the whole discounted bill.
    const receipts = await testDb()('orders').where({ groupBillId: (await groupRow(g.code))!.id, status: 'paid' }).select('receiptCode', 'consumerId');
    expect(new Set(receipts.map((r) => r.receiptCode)).size).toBe(4);
    const goods = await testDb()('orders').where({ groupBillId: (await groupRow(g.code))!.id, status: 'paid' }).select('billPaise', 'instantDiscountPaise', 'shuffleDiscountPaise');
    expect(goods.reduce((a, o) => a + o.billPaise - o.instantDiscountPaise, 0)).toBe(216_000);
  });

  it('two phones pay one share: exactly one capture, the other is refunded in full', async () => {
    const g = await start();
    const [a, b] = await Promise.all([share(friends[0]!, g.code, g.shares[1]!.id), share(friends[1]!, g.code, g.shares[1]!.id)]);
    const results = await Promise.all([capture(a), capture(b)]);
    expect(results.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    const refunds = await testDb()('refunds').select('kind', 'reason', 'amountPaise', 'status');
    expect(refunds).toEqual([{ kind: 'auto_unhonoured', reason: REFUND_REASONS.share_paid, amountPaise: results[0]!.status === 'failed' ? a.amountPaise : b.amountPaise, status: 'processed' }]);
    const view = await getGroupBill(g.code, host);
    expect(view).toMatchObject({ paidCount: 1, leftPaise: 162_000 });
  });

  it('every share paid at once: four captures, one paid group, no refund', async () => {
    const g = await start();
    const payers = [host, ...friends];
    const orders = await Promise.all(g.shares.map((s, i) => share(payers[i]!, g.code, s.id)));
    const results = await Promise.all(orders.map(capture));
    expect(results.map((r) => r.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(await getGroupBill(g.code, host)).toMatchObject({ status: 'paid', paidCount: 4 });
    expect(await testDb()('refunds').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('partly paid, then the time is up: every paid share is refunded, the books are back to zero, a late payment goes back too', async () => {
    const g = await start();
    const paid = [await share(friends[0]!, g.code, g.shares[1]!.id), await share(friends[1]!, g.code, g.shares[2]!.id)];
    for (const o of paid) await capture(o);
    const late = await share(friends[2]!, g.code, g.shares[3]!.id);
    expect((await outletSums()).payout).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 20 * 60_000);
    expect(await expireDueGroupBills()).toBe(1);
    expect(await expireDueGroupBills()).toBe(0);
    const refunds = await testDb()('refunds').orderBy('id').select('kind', 'status', 'amountPaise', 'reason');
    expect(refunds).toEqual(paid.map((o) => ({ kind: 'group', status: 'processed', amountPaise: o.amountPaise, reason: GROUP_BILL_MESSAGES.refundReason })));
    expect(await outletSums()).toEqual({ payout: 0, refunds: paid[0]!.amountPaise + paid[1]!.amountPaise });
    expect(await getGroupBill(g.code, host)).toMatchObject({ status: 'expired' });
    // The last friend's payment arrives after the close: it is refunded, never booked.
    expect((await capture(late)).status).toBe('expired');
    await expect(share(friends[2]!, g.code, g.shares[3]!.id)).rejects.toMatchObject({ code: 'CONFLICT', message: GROUP_BILL_MESSAGES.expired });
    // The refund's message reached each payer (notifications), and the counter shows the refunds.
    const row = await testDb()('orders').where({ publicId: paid[0]!.orderId }).first('id');
    expect((await counterPaymentsById(testDb(), [row!.id])).get(row!.id)).toMatchObject({ status: 'refunded', group: { status: 'expired', paidCount: 2 } });
    // Everyone at the table is told: each payer by their refund, the host (who paid nothing) and the
    // friend whose payment was on its way by the group's closing, once (and that friend by the late
    // payment's refund too).
    await drainNotificationJobs();
    const told = await testDb()('notifications').whereIn('kind', ['refund', 'group_expired']).orderBy(['kind', 'consumerId']).select('kind', 'consumerId', 'title', 'body');
    expect(told.map((n) => [n.kind, n.consumerId])).toEqual([
      ['group_expired', host],
      ['group_expired', friends[2]],
      ['refund', friends[0]],
      ['refund', friends[1]],
      ['refund', friends[2]],
    ]);
    expect(told[0]).toMatchObject({ title: `Your group bill at ${(await testDb()('outlets').where({ id: outlet }).first('name'))!.name} has closed`, body: 'Time ran out with 2 of 4 shares paid. Every share paid is refunded in full, and so is a payment still on its way.' });
  });

  it('the host pays the rest: one order for every share left, and the group is paid', async () => {
    const g = await start();
    await capture(await share(friends[0]!, g.code, g.shares[1]!.id));
    await expect(payRest(friends[0]!, payRestInputSchema.parse({ code: g.code, idempotencyKey: key() }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const rest = await payRest(host, payRestInputSchema.parse({ code: g.code, idempotencyKey: key(), couponId: null }));
    expect(rest.breakdown).toMatchObject({ billPaise: 180_000, instantDiscountPaise: 18_000 });
    await capture(rest);
    expect(await getGroupBill(g.code, host)).toMatchObject({ status: 'paid', paidCount: 4, leftPaise: 0 });
    await expect(payRest(host, payRestInputSchema.parse({ code: g.code, idempotencyKey: key() }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('the host may change the split only before anyone paid; a payment started for an old share goes back', async () => {
    const g = await start();
    const stale = await share(friends[0]!, g.code, g.shares[1]!.id);
    const update = (who: number, input: Record<string, unknown>) => updateGroupBill(who, updateGroupBillInputSchema.parse({ code: g.code, amount: '3000', ...input }));
    await expect(update(friends[0]!, { people: 3 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const changed = await update(host, { shares: ['1500', '1000', '500'] });
    expect(changed.shares.map((s) => s.sharePaise)).toEqual([135_000, 90_000, 45_000]);
    expect(changed.version).toBe(2);
    expect((await capture(stale)).status).toBe('failed');
    expect(await testDb()('refunds').first('reason')).toEqual({ reason: REFUND_REASONS.group_closed });
    await capture(await share(friends[1]!, g.code, changed.shares[1]!.id));
    await expect(update(host, { people: 2 })).rejects.toMatchObject({ code: 'CONFLICT', message: GROUP_BILL_MESSAGES.alreadyPaid });
  });

  it('a paid share cannot be ordered again; an unknown share or code is NOT_FOUND', async () => {
    const g = await start();
    await capture(await share(friends[0]!, g.code, g.shares[1]!.id));
    await expect(share(friends[1]!, g.code, g.shares[1]!.id)).rejects.toMatchObject({ code: 'CONFLICT', message: GROUP_BILL_MESSAGES.sharePaid });
    await expect(share(friends[1]!, g.code, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getGroupBill('ZZZZZZ', null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Signed out: the page, but no names.
    expect((await getGroupBill(g.code, null)).shares[1]).toMatchObject({ state: 'paid', payerName: null, mine: false });
  });

  it('no order could be made (a coupon that is not the payer’s): the share stays open for everyone, not "paying"', async () => {
    const g = await start();
    const ravisCoupon = await insertCoupon(friends[0]!, outlet, { percent: 10 });
    await expect(share(friends[1]!, g.code, g.shares[2]!.id, { couponId: ravisCoupon })).rejects.toMatchObject({ code: expect.stringMatching(/BAD_REQUEST|NOT_FOUND|CONFLICT/) });
    expect((await getGroupBill(g.code, friends[2]!)).shares[2]).toMatchObject({ state: 'open', payerName: null });
    // An order that was made keeps its mark when a later attempt by the same payer fails.
    await share(friends[1]!, g.code, g.shares[3]!.id);
    await expect(share(friends[1]!, g.code, g.shares[3]!.id, { couponId: ravisCoupon })).rejects.toBeDefined();
    expect((await getGroupBill(g.code, friends[2]!)).shares[3]).toMatchObject({ state: 'paying', payerName: 'Meera' });
  });
});
