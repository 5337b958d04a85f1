import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { runtime, type Runtime } from '../../lib/runtime.ts';
import { single } from '../../db/rows.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { LedgerEntryType, OrderRow, PaymentProviderName, PaymentRow, RefundRow } from '../../db/tables.ts';
import { ProviderError, REFUND_NOTE_KEY, type PaymentNotice } from '../../providers/payments.ts';
import type { RefundReason } from './machine.ts';
import { feeConfigOf, orderMoney, splitRefund } from '../orders/money.ts';
import {
  BOOKED_REFUND_KINDS,
  isBookedRefund,
  OWNER_REFUND_MESSAGES,
  OWNER_REFUND_WINDOW_MS,
  PAYMENT_MESSAGES,
  RECEIPT_CHECK_MESSAGES,
  REFUND_REASONS,
  type RefundView,
} from './schema.ts';

/**
 * Refunds (docs/payments.md, "Refunds"). The capture transaction only RECORDS a refund (`pending`); the
 * provider is called after the commit, never inside a transaction:
 *
 *   applyPaymentEvent ─commit─► processRefund(id) ─► provider.refund(idempotency key) ─► processed | pending | failed
 *
 * A call that fails (network, time-out, provider error) leaves the row `pending` with `attempts` and
 * `last_error`; `retryPendingRefunds` calls again with the SAME idempotency key, so the provider returns
 * the refund it already made instead of a second one. It runs at start (server/index.ts) and in the
 * background after every payment or refund event (one run at a time per app), for refunds left alone
 * for REFUND_RETRY_AFTER_MS.
 * After MAX_REFUND_ATTEMPTS calls, the last of them refused by the provider (4xx), the refund is `failed`
 * and logged as an error for a person to look at. Razorpay's `refund.processed` / `refund.failed` webhooks
 * settle a refund it accepted as pending.
 *
 * Owner refunds (`kind = 'owner'`, docs/payments.md "Owner refunds") take the same path: the counter's
 * `POST /api/business/refunds` records one (`recordOwnerRefund`: within 24 h of the payment, never more
 * than is left of it, once per idempotency key) and then calls `processRefund`. A refund becomes
 * processed in ONE place, `refundProcessed` (provider answer or webhook): there the Route transfer's
 * share is reversed (settlements), and an owner refund's reversing ledger entries and the day's figures
 * are booked, the counter's screens told, and the shopper's message queued (notifications).
 */

export const MAX_REFUND_ATTEMPTS = 5;
/** A pending refund is called again once it has been left alone this long. */
export const REFUND_RETRY_AFTER_MS = 60_000;

/** Records the automatic refund of a whole captured payment (inside the capture transaction). */
export async function recordAutoRefund(
  trx: Knex.Transaction,
  input: { orderId: number; paymentId: number; provider: PaymentProviderName; amountPaise: number; reason: RefundReason },
): Promise<number> {
  const inserted = await trx('refunds')
    .insert({
      orderId: input.orderId,
      paymentId: input.paymentId,
      provider: input.provider,
      idempotencyKey: `rfnd-${randomUUID()}`,
      amountPaise: input.amountPaise,
      reason: REFUND_REASONS[input.reason],
      kind: 'auto_unhonoured',
      status: 'pending',
    })
    .returning('id');
  const refundId = single(inserted).id;
  await announceRefund(trx, { id: refundId, orderId: input.orderId, kind: 'auto_unhonoured' }, 'pending');
  return refundId;
}

/**
 * Announces a refund's new state (server/lib/domain-events.ts `refund.changed`), once, in the transaction
 * that sets it: the counter's screens (owner refunds), and for a processed one the day's figures, the
 * Route reversal (settlements), the shopper's message (notifications) and, when it completes a full
 * refund, the coupon and Golden Key given back (shuffles).
 */
async function announceRefund(trx: Knex.Transaction, refund: Pick<RefundRow, 'id' | 'orderId' | 'kind'>, status: RefundRow['status']): Promise<void> {
  const order = await trx('orders').where({ id: refund.orderId }).first('outletId', 'amountPaise');
  if (!order) throw new Error(`refund ${refund.id}: its order ${refund.orderId} is gone`);
  let full = false;
  if (status === 'processed' && isBookedRefund(refund.kind)) {
    const done = await trx('refunds').where({ orderId: refund.orderId, status: 'processed' }).whereIn('kind', BOOKED_REFUND_KINDS).sum({ total: 'amountPaise' }).first();
    full = Number(done?.total ?? 0) >= order.amountPaise;
  }
  await runtime().events.announce(trx, 'refund.changed', {
    refundId: refund.id,
    orderId: refund.orderId,
    outletId: order.outletId,
    kind: refund.kind,
    status,
    full,
    at: runtime().now(),
  });
}

/** What processRefund reads of a refund, its payment and its order. */
type RefundToSend = Pick<RefundRow, 'id' | 'status' | 'provider' | 'providerRefundId' | 'idempotencyKey' | 'amountPaise' | 'kind' | 'attempts' | 'orderId'> &
  Pick<PaymentRow, 'providerPaymentId'> &
  Pick<OrderRow, 'publicId'>;

/**
 * Runs `change` on a refund that is still pending, in a transaction holding (in this order, the one
 * every refund path uses) the refund row, its order, then, through the refunds trigger, its payment.
 * Does nothing when the refund is no longer pending.
 */
async function withPendingRefund(id: number, change: (trx: Knex.Transaction, refund: RefundRow) => Promise<void>): Promise<boolean> {
  return runtime().db.transaction(async (trx) => {
    const refund = await trx('refunds').where({ id }).forUpdate().first();
    if (!refund || refund.status !== 'pending') return false;
    await trx('orders').where({ id: refund.orderId }).forUpdate().first('id');
    await change(trx, refund);
    return true;
  });
}

/** Asks the provider for one pending refund (outside any transaction) and records its answer. */
export async function processRefund(id: number): Promise<void> {
  const { db, payments, now, logger } = runtime();
  const row = await db('refunds as f')
    .join('payments as p', 'p.id', 'f.paymentId')
    .join('orders as o', 'o.id', 'f.orderId')
    .where('f.id', id)
    .first<RefundToSend | undefined>('f.id', 'f.status', 'f.provider', 'f.providerRefundId', 'f.idempotencyKey', 'f.amountPaise', 'f.kind', 'f.attempts', 'f.orderId', 'p.providerPaymentId', 'o.publicId');
  if (!row || row.status !== 'pending' || row.providerRefundId || row.provider !== payments.name) return;
  try {
    const answer = await payments.refund({
      paymentId: row.providerPaymentId,
      amountPaise: row.amountPaise,
      notes: { [REFUND_NOTE_KEY]: String(row.id), order_id: row.publicId, kind: row.kind },
      idempotencyKey: row.idempotencyKey,
    });
    await withPendingRefund(id, async (trx, refund) => {
      const at = now();
      if (answer.status === 'processed') {
        await refundProcessed(trx, refund, { providerRefundId: answer.providerRefundId, at, attempt: true });
      } else if (answer.status === 'failed') {
        await refundFailed(trx, refund, { providerRefundId: answer.providerRefundId, at, attempt: true, lastError: 'The provider could not process the refund' });
      } else {
        await trx('refunds')
          .where({ id })
          .update({ providerRefundId: answer.providerRefundId, attempts: trx.raw('attempts + 1'), lastError: null, updatedAt: trx.fn.now() });
      }
    });
    const log = answer.status === 'failed' ? logger.error.bind(logger) : logger.info.bind(logger);
    log({ refundId: id, orderId: row.publicId, providerRefundId: answer.providerRefundId, status: answer.status }, 'refund requested');
  } catch (error) {
    const attempts = row.attempts + 1;
    const refused = error instanceof ProviderError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
    const giveUp = refused && attempts >= MAX_REFUND_ATTEMPTS;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await withPendingRefund(id, async (trx, refund) => {
      if (giveUp) await refundFailed(trx, refund, { providerRefundId: null, at: now(), attempt: true, lastError });
      else await trx('refunds').where({ id }).update({ attempts: trx.raw('attempts + 1'), lastError, updatedAt: trx.fn.now() });
    });
    logger.error({ err: error, refundId: id, orderId: row.publicId, attempts, gaveUp: giveUp }, 'refund request failed');
  }
}

/**
 * THE point where a refund becomes processed (the provider's answer, or its `refund.processed`
 * webhook), inside the caller's transaction (which holds the refund, its order and its payment). An
 * owner refund is booked here: reversing ledger entries, the bill's day net of it, the counter's
 * screens told; and for every refund the shopper's message is queued (notifications' `notifyRefund`).
 */
export async function refundProcessed(
  trx: Knex.Transaction,
  refund: RefundRow,
  outcome: { providerRefundId: string | null; at: Date; attempt?: boolean },
): Promise<void> {
  await trx('refunds')
    .where({ id: refund.id })
    .update({
      status: 'processed',
      providerRefundId: refund.providerRefundId ?? outcome.providerRefundId,
      processedAt: outcome.at,
      lastError: null,
      ...(outcome.attempt ? { attempts: trx.raw('attempts + 1') } : {}),
      updatedAt: trx.fn.now(),
    });
  if (isBookedRefund(refund.kind)) {
    const order = await trx('orders').where({ id: refund.orderId }).first();
    if (!order) throw new Error(`refund ${refund.id}: its order ${refund.orderId} is gone`);
    await bookOwnerRefund(trx, order, refund, outcome.at);
  }
  // Once, in this transaction: the Route reversal and the statement (settlements), the day's figures,
  // the counter's screens, the shopper's message for every refund (notifications), a full refund's
  // coupon and Golden Key given back (shuffles).
  await announceRefund(trx, refund, 'processed');
  countAtCommit(trx, refund.kind, 'processed');
}

/** Counts a settled refund in the metrics once its transaction commits (a rolled-back one never happened). */
function countAtCommit(trx: Knex.Transaction, kind: string, outcome: 'processed' | 'failed'): void {
  const { metrics } = runtime();
  afterCommit(trx, () => metrics.refunds.inc({ kind, outcome }));
}

/** A refund the provider could not make (or we gave up asking): nothing was booked, so nothing to reverse. */
async function refundFailed(
  trx: Knex.Transaction,
  refund: RefundRow,
  outcome: { providerRefundId: string | null; at: Date; attempt?: boolean; lastError: string },
): Promise<void> {
  await trx('refunds')
    .where({ id: refund.id })
    .update({
      status: 'failed',
      providerRefundId: refund.providerRefundId ?? outcome.providerRefundId,
      processedAt: null,
      lastError: outcome.lastError,
      ...(outcome.attempt ? { attempts: trx.raw('attempts + 1') } : {}),
      updatedAt: trx.fn.now(),
    });
  await announceRefund(trx, refund, 'failed');
  countAtCommit(trx, refund.kind, 'failed');
}

const REFUND_ENTRY_TYPES = [
  'refund',
  'refund_net_to_outlet',
  'refund_platform_fee',
  'refund_platform_fee_gst',
  'refund_convenience_fee',
  'refund_gst',
] as const satisfies readonly LedgerEntryType[];

/**
 * An owner refund's reversing entries (docs/payments.md "Owner refunds"; the split, in proportion to what
 * was paid: orders/money.ts `splitRefund`). The bill's IST day follows from them (daily-stats.ts).
 */
async function bookOwnerRefund(trx: Knex.Transaction, order: OrderRow, refund: RefundRow, at: Date): Promise<void> {
  const earlier = await trx('ledgerEntries').where({ orderId: order.id, entryType: 'refund' }).sum({ total: 'amountPaise' }).first();
  const split = splitRefund(orderMoney(order, feeConfigOf(runtime().env).gstBps), Number(earlier?.total ?? 0), refund.amountPaise);
  const amounts: Record<(typeof REFUND_ENTRY_TYPES)[number], number> = {
    refund: split.refundPaise,
    refund_net_to_outlet: split.payoutPaise,
    refund_platform_fee: split.platformFeePaise,
    refund_platform_fee_gst: split.platformFeeGstPaise,
    refund_convenience_fee: split.convenienceFeePaise,
    refund_gst: split.convenienceFeeGstPaise,
  };
  await trx('ledgerEntries').insert(
    REFUND_ENTRY_TYPES.map((entryType) => ({
      outletId: order.outletId,
      orderId: order.id,
      refundId: refund.id,
      entryType,
      amountPaise: amounts[entryType],
      occurredAt: at,
    })),
  );
}

export async function processRefunds(ids: number[]): Promise<void> {
  await Promise.all(ids.map((id) => processRefund(id)));
}

/**
 * Calls the provider again for refunds it has not accepted yet (no provider id, still pending) that
 * nobody touched for `minAgeMs` (the database's clock). Safe to run anywhere, any number of times:
 * the idempotency key makes a repeated call return the same refund.
 */
export async function retryPendingRefunds(options: { minAgeMs?: number; limit?: number } = {}): Promise<number> {
  const { db, payments } = runtime();
  const minAge = Math.max(0, Math.floor((options.minAgeMs ?? REFUND_RETRY_AFTER_MS) / 1000));
  const rows = await db('refunds')
    .where({ status: 'pending', provider: payments.name })
    .whereNull('providerRefundId')
    .where('updatedAt', '<=', db.raw(`now() - make_interval(secs => ?)`, [minAge]))
    .orderBy('id')
    .limit(options.limit ?? 20)
    .select('id');
  await processRefunds(rows.map((r) => r.id));
  return rows.length;
}

const running = new WeakMap<Runtime, Promise<void>>();

/**
 * The "next event" retry: starts `retryPendingRefunds` in the background (one run at a time per app).
 * Usually it finds nothing: one probe of the partial index on pending refunds.
 */
export function scheduleRefundRetry(): void {
  const rt = runtime();
  if (running.has(rt)) return;
  const run = retryPendingRefunds()
    .then(() => undefined)
    .catch((error: unknown) => rt.logger.error({ err: error }, 'refund retry failed'))
    .finally(() => running.delete(rt));
  running.set(rt, run);
}

/** Resolves when this app's background refund retry (if any) has finished (tests, shutdown). */
export async function refundRetryIdle(): Promise<void> {
  await running.get(runtime());
}

/**
 * Razorpay's `refund.processed` / `refund.failed` (the webhook is already verified and recorded by the
 * caller, in `trx`): finds our refund by the provider's id, or by the id we put in its notes, and settles
 * it. A refund we did not ask for (Razorpay's own auto-refund of an uncaptured payment) is ignored.
 */
export async function applyRefundNotice(trx: Knex.Transaction, notice: PaymentNotice, at: Date): Promise<{ refundId: number | null; status: string | null }> {
  const provider = runtime().payments.name;
  let row = notice.refundId ? await trx('refunds').where({ provider, providerRefundId: notice.refundId }).forUpdate().first() : undefined;
  if (!row && notice.refundRef && /^\d{1,18}$/.test(notice.refundRef)) {
    row = await trx('refunds').where({ provider, id: Number(notice.refundRef) }).forUpdate().first();
  }
  if (!row) return { refundId: null, status: null };
  if (notice.amountPaise !== row.amountPaise) throw badRequest(PAYMENT_MESSAGES.amountMismatch, { amount: PAYMENT_MESSAGES.amountMismatch });
  if (row.status !== 'pending') return { refundId: row.id, status: row.status };
  // The lock order of every refund path: the refund, its order, then (the trigger) its payment.
  await trx('orders').where({ id: row.orderId }).forUpdate().first('id');
  const processed = notice.kind === 'refund_processed';
  if (processed) {
    await refundProcessed(trx, row, { providerRefundId: notice.refundId, at });
  } else {
    await refundFailed(trx, row, { providerRefundId: notice.refundId, at, lastError: 'The provider could not process the refund' });
    runtime().logger.error({ refundId: row.id, providerRefundId: notice.refundId }, 'the provider failed a refund');
  }
  return { refundId: row.id, status: processed ? 'processed' : 'failed' };
}

// ------------------------------------------------------------------------------- owner refunds

export interface OwnerRefundRequest {
  outletId: number;
  /** The paid bill's receipt id (`BCH-…`) at this outlet. */
  receiptCode: string;
  /** null: everything still refundable. */
  amountPaise: number | null;
  /** The owner's words; the shopper sees them. */
  reason: string;
  /** The caller's key: the same key (at this outlet) returns the same refund. */
  idempotencyKey: string;
  /** The business account asking. */
  initiatedBy: number;
}

export interface OwnerRefundRecorded {
  refundId: number;
  /** true when the key had already made this refund (nothing new was recorded). */
  replayed: boolean;
}

/** The provider idempotency key an owner's key becomes (scoped to the outlet). */
export const ownerRefundKey = (outletId: number, key: string) => `own-${outletId}-${key}`;

/** The captured payment a paid order was honoured with (a second capture of the order is refunded automatically). */
async function honouredPayment(trx: Knex.Transaction, orderId: number) {
  return trx('payments as p')
    .where({ 'p.orderId': orderId, 'p.status': 'captured' })
    .whereNotExists((q) => q.select(trx.raw('1')).from('refunds as r').whereRaw('r.payment_id = p.id').where('r.kind', 'auto_unhonoured'))
    .orderBy('p.id')
    .forUpdate()
    .first<Pick<PaymentRow, 'id' | 'amountPaise'> | undefined>('p.id', 'p.amountPaise');
}

/**
 * Records an owner's refund of a paid bill (the caller has checked the account may refund at this
 * outlet): in one transaction holding the order, then its payment, so concurrent refunds of one bill
 * are decided one after the other:
 * - the idempotency key seen before → that refund (the same request), or 409 (a different one);
 * - more than 24 h after the payment → 422; nothing left to refund, or more than is left → 422;
 * - else a `pending` refund of `amountPaise` (or all that is left), and a counter event.
 * The `refunds_within_captured` trigger checks the sum again whatever happens here.
 */
export async function recordOwnerRefund(req: OwnerRefundRequest): Promise<OwnerRefundRecorded> {
  const { db, now, payments } = runtime();
  const key = ownerRefundKey(req.outletId, req.idempotencyKey);
  return db.transaction(async (trx) => {
    const at = now();
    const order = await trx('orders').where({ outletId: req.outletId, receiptCode: req.receiptCode, status: 'paid' }).forUpdate().first();
    if (!order) throw notFound(RECEIPT_CHECK_MESSAGES.notFound);
    const earlier = await trx('refunds').where({ idempotencyKey: key }).first();
    if (earlier) {
      const same = earlier.kind === 'owner' && earlier.orderId === order.id && earlier.reason === req.reason && (req.amountPaise === null || req.amountPaise === earlier.amountPaise);
      if (!same) throw conflict(OWNER_REFUND_MESSAGES.keyReused, { idempotencyKey: OWNER_REFUND_MESSAGES.keyReused });
      return { refundId: earlier.id, replayed: true };
    }
    const paidAt = order.paidAt ?? order.createdAt;
    if (at.getTime() - paidAt.getTime() > OWNER_REFUND_WINDOW_MS) throw unprocessable(OWNER_REFUND_MESSAGES.windowClosed);
    const payment = await honouredPayment(trx, order.id);
    if (!payment) throw unprocessable(OWNER_REFUND_MESSAGES.nothingLeft);
    const refunded = await trx('refunds').where({ paymentId: payment.id }).whereNot('status', 'failed').sum({ total: 'amountPaise' }).first();
    const left = payment.amountPaise - Number(refunded?.total ?? 0);
    if (left <= 0) throw unprocessable(OWNER_REFUND_MESSAGES.nothingLeft);
    const amount = req.amountPaise ?? left;
    if (amount > left) throw unprocessable(OWNER_REFUND_MESSAGES.tooMuch(left), { amountPaise: OWNER_REFUND_MESSAGES.tooMuch(left) });
    const inserted = await trx('refunds')
      .insert({
        orderId: order.id,
        paymentId: payment.id,
        provider: payments.name,
        idempotencyKey: key,
        amountPaise: amount,
        reason: req.reason,
        kind: 'owner',
        status: 'pending',
        initiatedBy: req.initiatedBy,
      })
      .returning('id');
    const refundId = single(inserted).id;
    await announceRefund(trx, { id: refundId, orderId: order.id, kind: 'owner' }, 'pending');
    runtime().logger.info({ refundId, orderId: order.publicId, outletId: order.outletId, amountPaise: amount, by: req.initiatedBy }, 'owner refund recorded');
    return { refundId, replayed: false };
  });
}

/**
 * A group bill that did not finish gives every paid share back (group-bills, docs/payments.md "Group
 * pay"): inside the caller's transaction (which holds the group's row), the order and its payment are
 * locked and whatever is left of the payment is refunded in full (`kind = 'group'`, which reverses what
 * the capture booked, like an owner refund). Once per order (its idempotency key); null when nothing is
 * left to give back.
 */
export async function recordGroupRefund(trx: Knex.Transaction, orderId: number, reason: string): Promise<number | null> {
  const order = await trx('orders').where({ id: orderId, status: 'paid' }).forUpdate().first('id');
  if (!order) return null;
  const key = `grp-${orderId}`;
  const earlier = await trx('refunds').where({ idempotencyKey: key }).first('id');
  if (earlier) return earlier.id;
  const payment = await honouredPayment(trx, orderId);
  if (!payment) return null;
  const refunded = await trx('refunds').where({ paymentId: payment.id }).whereNot('status', 'failed').sum({ total: 'amountPaise' }).first();
  const left = payment.amountPaise - Number(refunded?.total ?? 0);
  if (left <= 0) return null;
  const inserted = await trx('refunds')
    .insert({ orderId, paymentId: payment.id, provider: runtime().payments.name, idempotencyKey: key, amountPaise: left, reason, kind: 'group', status: 'pending' })
    .returning('id');
  const refundId = single(inserted).id;
  await announceRefund(trx, { id: refundId, orderId, kind: 'group' }, 'pending');
  return refundId;
}

/** The refunds of some orders, for receipts and history: order id → refunds, oldest first. */
export async function refundsOfOrders(orderIds: number[]): Promise<Map<number, RefundView[]>> {
  const out = new Map<number, RefundView[]>();
  if (!orderIds.length) return out;
  const rows = await runtime()
    .db('refunds')
    .whereIn('orderId', orderIds)
    .orderBy('id')
    .select('orderId', 'kind', 'amountPaise', 'status', 'reason', 'createdAt', 'processedAt');
  for (const { orderId, kind, ...refund } of rows) {
    const list = out.get(orderId) ?? [];
    list.push({ ...refund, byOutlet: kind === 'owner' });
    out.set(orderId, list);
  }
  return out;
}
