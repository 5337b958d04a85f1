import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { badRequest } from '../../lib/errors.ts';
import { runtime, type Runtime } from '../../lib/runtime.ts';
import { single } from '../../db/rows.ts';
import type { OrderRow, PaymentProviderName, PaymentRow, RefundRow } from '../../db/tables.ts';
import { ProviderError, REFUND_NOTE_KEY, type PaymentNotice } from '../../providers/payments.ts';
import type { RefundReason } from './machine.ts';
import { PAYMENT_MESSAGES, REFUND_REASONS, type RefundView } from './schema.ts';

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
  return single(inserted).id;
}

/** What processRefund reads of a refund, its payment and its order. */
type RefundToSend = Pick<RefundRow, 'id' | 'status' | 'provider' | 'providerRefundId' | 'idempotencyKey' | 'amountPaise' | 'kind' | 'attempts'> &
  Pick<PaymentRow, 'providerPaymentId'> &
  Pick<OrderRow, 'publicId'>;

/** Asks the provider for one pending refund (outside any transaction) and records its answer. */
export async function processRefund(id: number): Promise<void> {
  const { db, payments, now, logger } = runtime();
  const row = await db('refunds as f')
    .join('payments as p', 'p.id', 'f.paymentId')
    .join('orders as o', 'o.id', 'f.orderId')
    .where('f.id', id)
    .first<RefundToSend | undefined>('f.id', 'f.status', 'f.provider', 'f.providerRefundId', 'f.idempotencyKey', 'f.amountPaise', 'f.kind', 'f.attempts', 'p.providerPaymentId', 'o.publicId');
  if (!row || row.status !== 'pending' || row.providerRefundId || row.provider !== payments.name) return;
  try {
    const answer = await payments.refund({
      paymentId: row.providerPaymentId,
      amountPaise: row.amountPaise,
      notes: { [REFUND_NOTE_KEY]: String(row.id), order_id: row.publicId, kind: row.kind },
      idempotencyKey: row.idempotencyKey,
    });
    await db('refunds')
      .where({ id, status: 'pending' })
      .update({
        providerRefundId: answer.providerRefundId,
        status: answer.status,
        processedAt: answer.status === 'processed' ? now() : null,
        attempts: db.raw('attempts + 1'),
        lastError: answer.status === 'failed' ? 'The provider could not process the refund' : null,
        updatedAt: db.fn.now(),
      });
    const log = answer.status === 'failed' ? logger.error.bind(logger) : logger.info.bind(logger);
    log({ refundId: id, orderId: row.publicId, providerRefundId: answer.providerRefundId, status: answer.status }, 'refund requested');
  } catch (error) {
    const attempts = row.attempts + 1;
    const refused = error instanceof ProviderError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
    const giveUp = refused && attempts >= MAX_REFUND_ATTEMPTS;
    await db('refunds')
      .where({ id, status: 'pending' })
      .update({
        attempts: db.raw('attempts + 1'),
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        status: giveUp ? 'failed' : 'pending',
        updatedAt: db.fn.now(),
      });
    logger.error({ err: error, refundId: id, orderId: row.publicId, attempts, gaveUp: giveUp }, 'refund request failed');
  }
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
  const processed = notice.kind === 'refund_processed';
  await trx('refunds')
    .where({ id: row.id })
    .update({
      status: processed ? 'processed' : 'failed',
      providerRefundId: row.providerRefundId ?? notice.refundId,
      processedAt: processed ? at : null,
      lastError: processed ? null : 'The provider could not process the refund',
      updatedAt: trx.fn.now(),
    });
  if (!processed) runtime().logger.error({ refundId: row.id, providerRefundId: notice.refundId }, 'the provider failed a refund');
  return { refundId: row.id, status: processed ? 'processed' : 'failed' };
}

/** The refunds of some orders, for receipts and history: order id → refunds, oldest first. */
export async function refundsOfOrders(orderIds: number[]): Promise<Map<number, RefundView[]>> {
  const out = new Map<number, RefundView[]>();
  if (!orderIds.length) return out;
  const rows = await runtime()
    .db('refunds')
    .whereIn('orderId', orderIds)
    .orderBy('id')
    .select('orderId', 'amountPaise', 'status', 'reason', 'createdAt', 'processedAt');
  for (const { orderId, ...refund } of rows) {
    const list = out.get(orderId) ?? [];
    list.push(refund);
    out.set(orderId, list);
  }
  return out;
}
