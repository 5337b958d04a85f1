import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { runtime } from '../../lib/runtime.ts';
import type { JobDefinition } from '../../jobs/jobs.ts';
import type { RouteAccountStatus } from '../../db/tables.ts';
import {
  createSandboxPayments,
  hmacHex,
  razorpayAccountWebhookBody,
  razorpaySettlementWebhookBody,
  razorpayTransferWebhookBody,
  type ProviderTransferState,
  type SandboxPaymentProvider,
} from '../../providers/payments.ts';
import { insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout, handleWebhook } from '../payments/service.ts';
import { receiptPdf } from '../payments/receipt-pdf.ts';
import { refundInputSchema } from '../counter/schema.ts';
import { refundPayment } from '../counter/service.ts';
import { orderMoney, refundedParts } from '../orders/money.ts';
import { createStatementsJob, reconcileMoneyJob, releaseHoldsJob, reverseTransfersJob, sandboxCycleJob } from './jobs.ts';
import { listSettlements, statementPdf } from './report.ts';
import { createStatements, recordPayout } from './statements.ts';
import { releaseDueTransfers } from './transfers.ts';
import { reconcileMoney } from './reconcile.ts';

/**
 * Money reaching the outlet: Route transfers on orders, their hold and release, reversals of refunds,
 * daily statements made by the job and reconciled from the provider's webhooks (signed, repeated, in
 * any order), the platform's own payouts, and the PDFs. On the sandbox, whose simulated Route goes
 * through the same webhook code as Razorpay's.
 */

useTestDatabase();

const WEBHOOK_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
const ACCOUNT = 'acc_TESTACCOUNT001';
// Bill ₹1,000 with the outlet's 10 %: subtotal ₹900; fee 1.5 % = ₹13.50; GST on it 18 % = ₹2.43.
const SHARE = 90_000 - 1_350 - 243;
const AMOUNT = 91_062; // ₹900 + convenience fee ₹9 + its GST ₹1.62
const MONEY = orderMoney({ billPaise: 100_000, instantDiscountPaise: 10_000, shuffleDiscountPaise: 0, convenienceFeePaise: 900, gstPaise: 162 }, 1_800);
/** The outlet's share of refunds adding up to `refunded` (orders/money.ts: the payout part of the split). */
const shareOf = (refunded: number) => refundedParts(MONEY, refunded).payoutPaise;

/** The sandbox, whose list of a settlement's transfers a test can set (another process made it). */
function sandboxWithSettlements() {
  const base = createSandboxPayments(TEST_SECRET);
  const paid = new Map<string, ProviderTransferState[]>();
  const calls = { release: [] as string[], reverse: [] as { transferId: string; amountPaise: number }[] };
  const provider: SandboxPaymentProvider = {
    ...base,
    async settlementTransfers(id) {
      return paid.get(id) ?? base.settlementTransfers(id);
    },
    async releaseTransfer(id) {
      calls.release.push(id);
    },
    async reverseTransfer(input) {
      calls.reverse.push({ transferId: input.transferId, amountPaise: input.amountPaise });
      return base.reverseTransfer(input);
    },
  };
  return { provider, paid, calls };
}

let clock: Date;
let shopper: number;
let outlet: number;
let owner: number;
let sandbox: ReturnType<typeof sandboxWithSettlements>;
let seq = 0;

beforeEach(async () => {
  clock = new Date('2026-11-20T06:30:00Z'); // Friday 12:00 IST
  sandbox = sandboxWithSettlements();
  createTestApp({ payments: sandbox.provider, now: () => clock });
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
  owner = await insertOwner({}, outlet);
});

const at = (iso: string) => (clock = new Date(iso));
const linkAccount = (status: RouteAccountStatus = 'activated') => testDb()('outlets').where({ id: outlet }).update({ routeAccountId: ACCOUNT, routeAccountStatus: status });
const payBill = async () => {
  const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: `stl-${String(++seq).padStart(8, '0')}` }));
  expect((await completeDemoCheckout(shopper, order.orderId, 'pay')).outcome).toBe('paid');
  return order;
};
const transferOf = async (publicId: string) => {
  const o = (await testDb()('orders').where({ publicId }).first('id'))!;
  return (await testDb()('transfers').where({ orderId: o.id }).first())!;
};
const statementRows = () => testDb()('settlements').where({ outletId: outlet }).orderBy('periodStart');
/** Enqueues a job and works it here, as a worker would. */
async function runJob(job: JobDefinition<Record<string, never>>) {
  await runtime().jobs.send(job, {});
  return runtime().jobs.drain(job);
}
/** A Razorpay-format webhook, signed with the sandbox's secret, through the app's webhook code. */
function deliver(body: Buffer, eventId = `evt_stl${++seq}`, signature = hmacHex(WEBHOOK_SECRET, body)) {
  return handleWebhook(body, signature, eventId);
}

describe('Route transfers on orders', () => {
  it('an activated linked account gets the outlet’s share, on hold until 24 h after the order could last be paid', async () => {
    await linkAccount();
    const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'stl-plan-0001' }));
    const t = await transferOf(order.orderId);
    expect(t).toMatchObject({ routeAccountId: ACCOUNT, amountPaise: SHARE, status: 'created', provider: 'sandbox', reversedPaise: 0 });
    expect(t.providerTransferId).toMatch(/^trf_sbx[A-Za-z0-9]{14}$/);
    expect(t.onHoldUntil.getTime()).toBe(order.expiresAt.getTime() + 24 * 3_600_000);
    // The idempotent retry finds the same order and does not make a second transfer.
    await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'stl-plan-0001' }));
    expect(await testDb()('transfers').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('no linked account, or one not activated: no transfer (the platform pays against the statement)', async () => {
    await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'stl-none-0001' }));
    await linkAccount('under_review');
    await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'stl-none-0002' }));
    expect(await testDb()('transfers').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('the whole cycle on the sandbox: pending → on hold → settled', () => {
  it('processed after the capture, a statement the next night, released after the refund window, settled with a UTR', async () => {
    await linkAccount();
    const order = await payBill();
    await runJob(sandboxCycleJob);
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'processed' });
    // Today: an open day on the report, no statement yet.
    expect((await listSettlements(owner, { outletId: outlet, offSet: 1, limit: 20 })).data).toMatchObject([
      { id: null, status: 'open', periodStart: '2026-11-20', payoutPaise: SHARE, routedPaise: SHARE },
    ]);

    at('2026-11-20T19:00:00Z'); // 00:30 IST, Saturday: the nightly job
    expect(await runJob(createStatementsJob)).toBe(1);
    const [made] = await statementRows();
    expect(made).toMatchObject({
      periodStart: '2026-11-20',
      periodEnd: '2026-11-20',
      status: 'on_hold',
      ordersCount: 1,
      grossPaise: 100_000,
      discountPaise: 10_000,
      feePaise: 1_350,
      feeGstPaise: 243,
      netPaise: 88_650,
      refundPaise: 0,
      payoutPaise: SHARE,
      routedPaise: SHARE,
      transfersCount: 1,
      utr: null,
    });
    expect(made!.onHoldAt).toEqual(clock);

    // The hold lifts when the payment's refund window ends: 24 h after the capture, not a minute before.
    at('2026-11-21T06:29:00Z');
    expect(await releaseDueTransfers()).toBe(0);
    at('2026-11-21T06:31:00Z');
    await runJob(releaseHoldsJob);
    const t = await transferOf(order.orderId);
    expect(t).toMatchObject({ status: 'released' });
    expect(sandbox.calls.release).toEqual([t.providerTransferId]);

    // The provider settles the linked account: a UTR, the statement settled, its payout booked once.
    await runJob(sandboxCycleJob);
    const [settled] = await statementRows();
    expect(settled).toMatchObject({ status: 'settled', payoutPaise: SHARE });
    expect(settled!.utr).toMatch(/^SBXN[0-9A-F]{12}$/);
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'settled', providerSettlementId: expect.stringMatching(/^setl_sbx/) });
    await createStatements();
    const payouts = await testDb()('ledgerEntries').where({ entryType: 'payout' }).select('settlementId', 'amountPaise');
    expect(payouts).toEqual([{ settlementId: settled!.id, amountPaise: SHARE }]);
    expect((await listSettlements(owner, { outletId: outlet, offSet: 1, limit: 20 })).data).toMatchObject([{ status: 'settled', utr: settled!.utr }]);
  });
});

describe('provider webhooks for transfers and settlements', () => {
  beforeEach(async () => {
    await linkAccount();
  });

  it('out of order: the settlement before the transfer’s processing settles it; the late processing changes nothing', async () => {
    const order = await payBill();
    const t = await transferOf(order.orderId);
    sandbox.paid.set('setl_OUTOFORDER01', [{ id: t.providerTransferId!, amountPaise: SHARE, status: 'processed', settlementStatus: 'settled', settlementId: 'setl_OUTOFORDER01' }]);
    at('2026-11-22T06:00:00Z');
    await createStatements();
    expect((await statementRows())[0]).toMatchObject({ status: 'pending' });
    const settlement = razorpaySettlementWebhookBody({ settlementId: 'setl_OUTOFORDER01', amountPaise: SHARE, utr: 'HDFCN52026112200001', account: ACCOUNT });
    expect(await deliver(settlement, 'evt_setl_1')).toMatchObject({ duplicate: false, route: { kind: 'settlement', fresh: true } });
    expect((await statementRows())[0]).toMatchObject({ status: 'settled', utr: 'HDFCN52026112200001' });
    const late = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: SHARE, orderRef: order.orderId });
    expect(await deliver(late)).toMatchObject({ route: { kind: 'transfer', status: 'settled' } });
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'settled' });
    // Repeated delivery of the settlement: recorded once, nothing moves.
    expect(await deliver(settlement, 'evt_setl_1')).toEqual({ route: null, duplicate: true });
    expect(await testDb()('providerSettlements').count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await testDb()('paymentEvents').where({ eventId: 'evt_setl_1' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await testDb()('ledgerEntries').where({ entryType: 'payout' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('every order of arrival of processed, settled and a repeat ends settled, with one payout', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await payBill());
    const transfers = await Promise.all(orders.map((o) => transferOf(o.orderId)));
    sandbox.paid.set('setl_ANYORDER0001', transfers.map((t) => ({ id: t.providerTransferId!, amountPaise: SHARE, status: 'processed', settlementStatus: 'settled', settlementId: 'setl_ANYORDER0001' })));
    const events = [
      ...transfers.map((t, i) => ({ id: `evt_p${i}`, body: razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: SHARE }) })),
      { id: 'evt_s', body: razorpaySettlementWebhookBody({ settlementId: 'setl_ANYORDER0001', amountPaise: 3 * SHARE, utr: 'ICICN52026112200002' }) },
    ];
    // Settlement first, processed events after, each twice, and a statement made half way.
    for (const e of [events[3]!, events[1]!, events[3]!, events[0]!]) await deliver(e.body, e.id);
    at('2026-11-22T06:00:00Z');
    await createStatements();
    for (const e of [events[2]!, events[0]!, events[1]!]) await deliver(e.body, e.id);
    await createStatements();
    expect(await statementRows()).toMatchObject([{ status: 'settled', ordersCount: 3, payoutPaise: 3 * SHARE, routedPaise: 3 * SHARE, utr: 'ICICN52026112200002' }]);
    expect(await testDb()('transfers').where({ status: 'settled' }).count({ n: '*' }).first()).toMatchObject({ n: 3 });
    expect(await testDb()('ledgerEntries').where({ entryType: 'payout' }).select('amountPaise')).toEqual([{ amountPaise: 3 * SHARE }]);
  });

  it('signed only: a forged or tampered body is refused before anything is written; a wrong amount is refused too', async () => {
    const order = await payBill();
    const t = await transferOf(order.orderId);
    const body = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: SHARE });
    await expect(deliver(body, 'evt_forged', 'f'.repeat(64))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid payment signature' });
    const other = Buffer.from(body.toString().replace(String(SHARE), String(SHARE + 1)));
    await expect(deliver(other, 'evt_tampered', hmacHex(WEBHOOK_SECRET, body))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Signed, but the provider reports another amount than ours: refused, and the event is not recorded.
    await expect(deliver(other, 'evt_wrong_amount')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The paid amount does not match the order' });
    const noAmount = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: null });
    await expect(deliver(noAmount, 'evt_no_amount')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The webhook carries no amount' });
    expect(await testDb()('paymentEvents').whereIn('eventId', ['evt_forged', 'evt_tampered', 'evt_wrong_amount', 'evt_no_amount']).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'created' });
  });

  it('transfer.failed keeps the statement pending; Razorpay’s retry that processes it later moves it on', async () => {
    const order = await payBill();
    const t = await transferOf(order.orderId);
    await deliver(razorpayTransferWebhookBody({ event: 'transfer.failed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: SHARE, error: 'Insufficient balance' }));
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'failed', failureReason: 'Insufficient balance' });
    at('2026-11-21T00:00:00Z');
    await createStatements();
    expect((await statementRows())[0]).toMatchObject({ status: 'pending', routedPaise: 0 });
    await deliver(razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: SHARE }));
    expect((await statementRows())[0]).toMatchObject({ status: 'on_hold', routedPaise: SHARE });
    // A late failure of a processed transfer is stale.
    await deliver(razorpayTransferWebhookBody({ event: 'transfer.failed', transferId: t.providerTransferId!, account: ACCOUNT, amountPaise: SHARE }));
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'processed' });
  });

  it('a transfer we do not know is ignored; one found by the order in its notes learns its id', async () => {
    const unknown = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: 'trf_NOTOURS000001', account: ACCOUNT, amountPaise: 100 });
    expect(await deliver(unknown)).toEqual({ route: { kind: 'transfer', transferId: null, status: null }, duplicate: false });
    const order = await payBill();
    await testDb()('transfers').update({ providerTransferId: null });
    await deliver(razorpayTransferWebhookBody({ event: 'transfer.processed', transferId: 'trf_FROMNOTES0001', account: ACCOUNT, amountPaise: SHARE, orderRef: order.orderId }));
    expect(await transferOf(order.orderId)).toMatchObject({ status: 'processed', providerTransferId: 'trf_FROMNOTES0001' });
  });

  it('linked-account webhooks keep the outlet’s account state', async () => {
    await deliver(razorpayAccountWebhookBody({ event: 'account.suspended', account: ACCOUNT }));
    expect(await testDb()('outlets').where({ id: outlet }).first('routeAccountStatus')).toEqual({ routeAccountStatus: 'suspended' });
    await deliver(razorpayAccountWebhookBody({ event: 'product.route.activated', account: ACCOUNT }));
    expect(await testDb()('outlets').where({ id: outlet }).first('routeAccountStatus')).toEqual({ routeAccountStatus: 'activated' });
  });
});

describe('a refund reverses the outlet’s share of it', () => {
  beforeEach(async () => {
    await linkAccount();
  });

  /** An owner's refund at the counter, processed by the sandbox at once (payments announces it; settlements reverses). */
  async function ownerRefund(publicId: string, amountPaise: number) {
    const { receiptCode } = (await testDb()('orders').where({ publicId }).first('receiptCode'))!;
    const result = await refundPayment(
      owner,
      refundInputSchema.parse({ outletId: outlet, receiptId: receiptCode, amountPaise, reason: 'Wrong item served', idempotencyKey: `stl-owner-${String(++seq).padStart(6, '0')}` }),
    );
    return result.refund.id;
  }

  it('half, then the rest: the reversals add up to the whole transfer; the statement shows the outlet’s share', async () => {
    const order = await payBill();
    await runJob(sandboxCycleJob);
    const half = Math.floor(AMOUNT / 2);
    await ownerRefund(order.orderId, half);
    await runJob(reverseTransfersJob);
    const first = shareOf(half);
    expect(sandbox.calls.reverse).toEqual([{ transferId: (await transferOf(order.orderId)).providerTransferId, amountPaise: first }]);
    expect(await transferOf(order.orderId)).toMatchObject({ reversedPaise: first });
    expect(await testDb()('transferReversals').first()).toMatchObject({ status: 'processed', amountPaise: first, providerReversalId: expect.stringMatching(/^rvrsl_sbx/) });
    at('2026-11-21T00:00:00Z');
    await createStatements();
    expect((await statementRows())[0]).toMatchObject({ refundPaise: first, payoutPaise: SHARE - first, routedPaise: SHARE - first });

    await ownerRefund(order.orderId, AMOUNT - half);
    await runJob(reverseTransfersJob);
    expect(await transferOf(order.orderId)).toMatchObject({ reversedPaise: SHARE });
    expect((await statementRows())[0]).toMatchObject({ refundPaise: SHARE, payoutPaise: 0 });
    // Again: nothing more is reversed.
    await runJob(reverseTransfersJob);
    expect(sandbox.calls.reverse).toHaveLength(2);
  });

  it("the owner's refund at the counter goes through the provider and reverses the share through the same path", async () => {
    const order = await payBill();
    await runJob(sandboxCycleJob);
    const { receiptCode } = (await testDb()('orders').where({ publicId: order.orderId }).first('receiptCode'))!;
    const result = await refundPayment(owner, refundInputSchema.parse({ outletId: outlet, receiptId: receiptCode, amountPaise: 30_000, reason: 'Wrong item served', idempotencyKey: 'stl-counter-0001' }));
    expect(result.refund).toMatchObject({ status: 'processed', amountPaise: 30_000 });
    // The reversal was recorded with the refund and sent right after it committed (the job woken).
    await runJob(reverseTransfersJob);
    const share = shareOf(30_000);
    expect(sandbox.calls.reverse).toEqual([{ transferId: (await transferOf(order.orderId)).providerTransferId, amountPaise: share }]);
    expect(await testDb()('transferReversals').where({ refundId: result.refund.id }).first()).toMatchObject({ status: 'processed', amountPaise: share });
    at('2026-11-21T00:00:00Z');
    await createStatements();
    expect((await statementRows())[0]).toMatchObject({ refundPaise: share, payoutPaise: SHARE - share });
    // The same key again: the same refund, nothing reversed twice.
    await refundPayment(owner, refundInputSchema.parse({ outletId: outlet, receiptId: receiptCode, amountPaise: 30_000, reason: 'Wrong item served', idempotencyKey: 'stl-counter-0001' }));
    await runJob(reverseTransfersJob);
    expect(sandbox.calls.reverse).toHaveLength(1);
  });

  it('a refund processed before the transfer is: the reversal waits for it, then goes', async () => {
    const order = await payBill();
    await ownerRefund(order.orderId, 10_000);
    await runJob(reverseTransfersJob);
    expect(sandbox.calls.reverse).toEqual([]);
    await runJob(sandboxCycleJob);
    await runJob(reverseTransfersJob);
    expect(sandbox.calls.reverse).toEqual([{ transferId: expect.any(String), amountPaise: shareOf(10_000) }]);
  });
});

describe('outlets without a linked account: the platform’s own payout', () => {
  it('pending until the payout UTR is recorded, which waits for the refund window; then settled once', async () => {
    await payBill();
    at('2026-11-20T20:00:00Z');
    await createStatements();
    const [s] = await statementRows();
    expect(s).toMatchObject({ status: 'pending', payoutPaise: SHARE, routedPaise: 0, transfersCount: 0 });
    await expect(recordPayout(s!.id, 'SBIN0000123456', null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The refund window of this day’s last payment ends at 21 Nov 2026, 12:00 pm/),
    });
    at('2026-11-21T06:30:00Z');
    const settled = await recordPayout(s!.id, 'sbin0000123456', null);
    expect(settled).toMatchObject({ status: 'settled', payoutUtr: 'SBIN0000123456', utr: 'SBIN0000123456', settledAt: clock });
    await expect(recordPayout(s!.id, 'SBIN0000123457', null)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This statement is already settled' });
    expect(await testDb()('ledgerEntries').where({ entryType: 'payout' }).select('amountPaise')).toEqual([{ amountPaise: SHARE }]);
  });

  it('a statement whose money went through Route owes nothing from the platform', async () => {
    await linkAccount();
    await payBill();
    at('2026-11-22T00:00:00Z');
    await createStatements();
    const [s] = await statementRows();
    await expect(recordPayout(s!.id, 'SBIN0000123456', null)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^Nothing is owed by the platform/) });
  });
});

describe('PDFs', () => {
  it('the monthly statement lists the days and carries the tax invoice for the platform fee to the outlet’s GSTIN', async () => {
    const { gstinCheckChar } = await import('../common/schema.ts');
    const gstin = `29ABCPK1234L1Z${gstinCheckChar('29ABCPK1234L1Z')}`;
    await testDb()('outlets').where({ id: outlet }).update({ gstin });
    await payBill();
    await payBill();
    at('2026-12-02T06:30:00Z');
    await createStatements();
    const pdf = await statementPdf(owner, { outletId: outlet, month: '2026-11' });
    expect(pdf.filename).toBe(`bachat-statement-${outlet}-2026-11.pdf`);
    const [statement, invoice] = await pdfText(pdf.bytes);
    expect(statement).toContain('Settlement statement · November 2026');
    expect(statement).toContain('Bills paid through Bachat (2) ₹2,000.00');
    expect(statement).toContain(`Payout to your bank ₹${(2 * SHARE / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(statement).toContain('20 Nov 2026');
    expect(invoice).toContain('Tax invoice');
    expect(invoice).toContain(`BCH/2026-27/${outlet}-202611`);
    expect(invoice).toContain(gstin);
    // 2 × ₹13.50 fee; GST 2 × ₹2.43 = ₹4.86, Karnataka to Karnataka: CGST ₹2.43 + SGST ₹2.43.
    expect(invoice).toContain('Taxable value ₹27.00');
    expect(invoice).toContain('CGST 9 % ₹2.43');
    expect(invoice).toContain('SGST 9 % ₹2.43');
    expect(invoice).toContain('Invoice total ₹31.86');
  });

  it('only the outlet’s owners and granted sub-accounts get the statement; a month to come is refused', async () => {
    const stranger = await insertOwner({ username: 'stranger' });
    await expect(statementPdf(stranger, { outletId: outlet, month: '2026-11' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const sub = await insertOwner({ username: 'sub.one', isMaster: false, masterId: owner });
    await expect(statementPdf(sub, { outletId: outlet, month: '2026-11' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await testDb()('businessOwnerOutlets').insert({ businessOwnerId: sub, outletId: outlet });
    expect((await statementPdf(sub, { outletId: outlet, month: '2026-11' })).contentType).toBe('application/pdf');
    await expect(statementPdf(owner, { outletId: outlet, month: '2027-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'That month has not started yet' });
  });

  it('the shopper’s receipt has the amounts of the receipt page; another shopper gets a 404', async () => {
    const order = await payBill();
    const pdf = await receiptPdf(shopper, order.orderId);
    const [text] = await pdfText(pdf.bytes);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Bill amount ₹1,000.00');
    expect(text).toContain('Instant discount −₹100.00');
    expect(text).toContain('Amount paid ₹910.62');
    expect(text).toMatch(/Receipt ID BCH-[A-Z2-9]{8}/);
    const other = await newShopper();
    await expect(receiptPdf(other, order.orderId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the receipt in Hindi for a shopper who reads Hindi, or when the request asks for it (issue 28)', async () => {
    const order = await payBill();
    await testDb()('consumers').where({ id: shopper }).update({ language: 'hi' });
    const [hindi] = await pdfText((await receiptPdf(shopper, order.orderId)).bytes);
    // The words in Hindi (text extraction gives shaped Devanagari in visual order: "िबल" is बिल drawn).
    expect(hindi).toContain('पेमेंट की रसीद');
    expect(hindi).toMatch(/िबल की रकम ₹1,000\.00/);
    expect(hindi).toMatch(/चुकाई[\s\S]{0,8}रकम ₹910\.62/);
    expect(hindi).toMatch(/पेमेंट की तारीख 20 नव॰ 2026, 12:00 pm IST/);
    expect(hindi).toContain('इनवॉइस नहीं');
    expect(hindi).not.toContain('Payment receipt');
    // The request's language wins over the account's.
    const [english] = await pdfText((await receiptPdf(shopper, order.orderId, 'en')).bytes);
    expect(english).toContain('Payment receipt');
  });
});

describe('npm run reconcile: revenue payout = settlement payout = Route transfers − reversals, to the paisa', () => {
  const refundAt = (receiptId: string, amountPaise: number | undefined, key: string) =>
    refundPayment(owner, refundInputSchema.parse({ outletId: outlet, receiptId, amountPaise, reason: 'Wrong item served', idempotencyKey: key }));
  const receiptOf = async (publicId: string) => (await testDb()('orders').where({ publicId }).first('receiptCode'))!.receiptCode!;

  it('bills, part and full refunds, Route and not: every day agrees; a paisa off is reported', async () => {
    await linkAccount();
    const a = await payBill();
    const b = await payBill();
    const c = await payBill();
    await runJob(sandboxCycleJob);
    await refundAt(await receiptOf(a.orderId), 33_333, 'rec-0001');
    await refundAt(await receiptOf(a.orderId), 12_345, 'rec-0002');
    await refundAt(await receiptOf(b.orderId), undefined, 'rec-0003');
    await runJob(reverseTransfersJob);
    // Another outlet without a linked account: the platform pays it.
    const other = await payableOutlet({ basePercent: 10, name: 'Unlinked' });
    const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: other, amount: '777.77', idempotencyKey: 'rec-order-0001' }));
    expect((await completeDemoCheckout(shopper, order.orderId, 'pay')).outcome).toBe('paid');
    expect(c.orderId).toBeTruthy();

    // Before the statements exist, and after.
    expect(await reconcileMoney(testDb(), { GST_PERCENT: 18 })).toMatchObject({ days: 2, differences: [], orders: 4, captureProblems: [], ok: true });
    at('2026-11-21T00:00:00Z');
    await createStatements();
    const report = await reconcileMoney(testDb(), { GST_PERCENT: 18 });
    expect(report).toMatchObject({ days: 2, differences: [], orders: 4, ok: true });
    const revenue = await testDb()('outletDailyStats').where({ outletId: outlet }).first('payoutPaise');
    const [statement] = await statementRows();
    expect(revenue!.payoutPaise).toBe(statement!.payoutPaise);
    expect(statement!.payoutPaise).toBe(2 * SHARE - shareOf(33_333 + 12_345)); // a, part refunded; b, all; c
    await runJob(reconcileMoneyJob);

    // The revenue screen a paisa off: the day is reported with all three figures.
    await testDb()('outletDailyStats').where({ outletId: outlet }).update({ payoutPaise: revenue!.payoutPaise + 1 });
    const broken = await reconcileMoney(testDb(), { GST_PERCENT: 18 });
    expect(broken.ok).toBe(false);
    expect(broken.differences).toEqual([
      expect.objectContaining({ outletId: outlet, day: '2026-11-20', revenuePayoutPaise: revenue!.payoutPaise + 1, settlementPayoutPaise: statement!.payoutPaise }),
    ]);
  });
});
