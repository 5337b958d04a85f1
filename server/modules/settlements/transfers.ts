import type { Knex } from 'knex';
import { rawRows } from '../../db/rows.ts';
import type { OrderRow, TransferRow, TransferStatus } from '../../db/tables.ts';
import { badRequest } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { feeConfigOf, orderMoney, splitRefund } from '../orders/money.ts';
import { PAYMENT_MESSAGES, REFUND_REASONS } from '../payments/schema.ts';
import { setRouteAccountStatus } from '../outlets/service.ts';
import {
  REVERSAL_NOTE_KEY,
  TRANSFER_NOTE_KEY,
  type PaymentNotice,
  type ProviderTransfer,
  type TransferRequest,
} from '../../providers/payments.ts';
import { refreshStatementsOfOrders } from './statements.ts';
import { REFUND_WINDOW_MS } from './schema.ts';

/**
 * Razorpay Route transfers (docs/payments.md, "Money reaches the outlet"):
 *
 *   orders.create ─► provider order with a transfer of the outlet's share to its linked account, on hold
 *   capture ─► provider processes it: `transfer.processed` ─► processed (held)
 *   24 h after the capture (the refund window) ─► `PATCH /v1/transfers/{id}` on_hold: false ─► released
 *   provider settles the linked account ─► `settlement.processed` (UTR) ─► transfers of it ─► settled
 *   a refund processed ─► a reversal of the outlet's share of it ─► `POST /v1/transfers/{id}/reversals`
 *
 * A transfer's status only moves up (created → processed → released → settled; failed only from
 * created), so webhooks in any order, or twice, end in the same place. Outlets without an activated
 * linked account get no transfer: their money stays with the platform, which pays it against the
 * daily statement (statements.ts).
 */

const RANK: Record<TransferStatus, number> = { created: 0, failed: 0.5, processed: 1, released: 2, settled: 3 };

/** The transfer to put on a new order: the outlet's share to its activated linked account, or none. */
export async function transferPlanFor(
  order: Pick<OrderRow, 'outletId' | 'publicId' | 'expiresAt' | 'billPaise' | 'instantDiscountPaise' | 'shuffleDiscountPaise' | 'convenienceFeePaise' | 'gstPaise'>,
): Promise<TransferRequest | null> {
  const { db, env } = runtime();
  const outlet = await db('outlets').where({ id: order.outletId }).first('routeAccountId', 'routeAccountStatus');
  if (!outlet?.routeAccountId || outlet.routeAccountStatus !== 'activated') return null;
  const { payoutPaise: sharePaise } = orderMoney(order, feeConfigOf(env).gstBps);
  if (sharePaise <= 0) return null;
  return {
    account: outlet.routeAccountId,
    amountPaise: sharePaise,
    notes: { [TRANSFER_NOTE_KEY]: order.publicId },
    // A capture can come until the order expires; its refund window ends 24 h after that at the latest.
    onHoldUntil: new Date(order.expiresAt.getTime() + REFUND_WINDOW_MS),
  };
}

/** Keeps the transfer the provider created with the order (once per order). */
export async function recordOrderTransfer(
  trx: Knex.Transaction,
  order: Pick<OrderRow, 'id' | 'outletId' | 'provider'>,
  plan: TransferRequest,
  created: ProviderTransfer | undefined,
): Promise<void> {
  await trx('transfers')
    .insert({
      orderId: order.id,
      outletId: order.outletId,
      provider: order.provider,
      providerTransferId: created?.id ?? null,
      routeAccountId: plan.account,
      amountPaise: plan.amountPaise,
      onHoldUntil: plan.onHoldUntil,
    })
    .onConflict(['orderId'])
    .ignore();
}

/** What a Route webhook did. */
export type RouteOutcome =
  | { kind: 'transfer'; transferId: number | null; status: TransferStatus | null }
  | { kind: 'settlement'; providerSettlementId: string; fresh: boolean }
  | { kind: 'account'; outletId: number | null; status: string | null };

/**
 * A verified, recorded Route webhook (the caller's transaction): a transfer's progress, a settlement to
 * a linked account (recorded; its transfers are found after the commit by `reconcileSettlement`), or a
 * linked account's new state. A transfer we do not know is ignored; an amount that differs from ours is
 * refused (400, nothing written).
 */
export async function applyRouteNotice(trx: Knex.Transaction, notice: PaymentNotice, at: Date): Promise<RouteOutcome> {
  const { payments } = runtime();
  const route = notice.route!;
  if (notice.kind === 'account_status') {
    const outletId = route.accountId && route.detail ? await setRouteAccountStatus(trx, route.accountId, route.detail) : null;
    return { kind: 'account', outletId, status: outletId ? route.detail : null };
  }
  if (notice.kind === 'settlement_processed') {
    const id = route.settlementId;
    if (!id) throw badRequest('Malformed webhook body');
    const inserted = await trx('providerSettlements')
      .insert({
        provider: payments.name,
        providerSettlementId: id,
        utr: route.utr,
        amountPaise: notice.amountPaise ?? 0,
        feesPaise: route.feesPaise ?? 0,
        taxPaise: route.taxPaise ?? 0,
        processedAt: route.at ?? at,
      })
      .onConflict(['provider', 'providerSettlementId'])
      .ignore()
      .returning('id');
    return { kind: 'settlement', providerSettlementId: id, fresh: inserted.length > 0 };
  }
  let row: TransferRow | undefined = route.transferId
    ? await trx('transfers').where({ provider: payments.name, providerTransferId: route.transferId }).forUpdate().first()
    : undefined;
  if (!row && route.orderRef && /^[0-9a-f-]{36}$/i.test(route.orderRef)) {
    const order = await trx('orders').where({ provider: payments.name, publicId: route.orderRef }).first('id');
    if (order) row = await trx('transfers').where({ orderId: order.id }).forUpdate().first();
  }
  if (!row) return { kind: 'transfer', transferId: null, status: null };
  if (notice.amountPaise !== row.amountPaise) throw badRequest(PAYMENT_MESSAGES.amountMismatch, { amount: PAYMENT_MESSAGES.amountMismatch });
  const next: TransferStatus = notice.kind === 'transfer_processed' ? 'processed' : 'failed';
  if (RANK[next] <= RANK[row.status]) {
    // Stale or repeated: a later state is already known. Still learn the provider's id if we lacked it.
    if (!row.providerTransferId && route.transferId) await trx('transfers').where({ id: row.id }).update({ providerTransferId: route.transferId, updatedAt: at });
    return { kind: 'transfer', transferId: row.id, status: row.status };
  }
  await trx('transfers')
    .where({ id: row.id })
    .update({
      status: next,
      providerTransferId: row.providerTransferId ?? route.transferId,
      processedAt: next === 'processed' ? (route.at ?? at) : null,
      failureReason: next === 'failed' ? (route.detail ?? 'The provider could not make the transfer') : null,
      updatedAt: at,
    });
  if (next === 'failed') runtime().logger.error({ transferId: row.id, orderId: row.orderId, reason: route.detail }, 'the provider failed a transfer');
  await refreshStatementsOfOrders(trx, [row.orderId], at);
  return { kind: 'transfer', transferId: row.id, status: next };
}

/**
 * Marks the transfers a provider settlement paid as settled (any earlier state: the settlement is the
 * last word) and refreshes their statements. Asks the provider which transfers it paid; a failure is
 * recorded and thrown, so the job retries. Returns how many transfers it settled.
 */
export async function reconcileSettlement(providerSettlementId: string): Promise<number> {
  const { db, payments, now, logger } = runtime();
  const row = await db('providerSettlements').where({ provider: payments.name, providerSettlementId }).first();
  if (!row || row.reconciledAt) return 0;
  let paid;
  try {
    paid = await payments.settlementTransfers(providerSettlementId);
  } catch (error) {
    await db('providerSettlements')
      .where({ id: row.id })
      .update({ attempts: db.raw('attempts + 1'), lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500), updatedAt: db.fn.now() });
    throw error;
  }
  const ids = paid.map((t) => t.id).filter(Boolean);
  return db.transaction(async (trx) => {
    const at = now();
    const settled = ids.length
      ? await trx('transfers')
          .where({ provider: payments.name })
          .whereIn('providerTransferId', ids)
          .whereNot({ status: 'settled' })
          .update({ status: 'settled', providerSettlementId, settledAt: row.processedAt, updatedAt: at })
          .returning('orderId')
      : [];
    await trx('providerSettlements').where({ id: row.id }).update({ reconciledAt: at, attempts: trx.raw('attempts + 1'), lastError: null, updatedAt: at });
    await refreshStatementsOfOrders(trx, settled.map((s) => s.orderId), at);
    logger.info({ providerSettlementId, utr: row.utr, transfers: settled.length }, 'settlement reconciled');
    return settled.length;
  });
}

/** Settlements recorded but not reconciled yet (the provider was down, or the process stopped). */
export async function reconcilePendingSettlements(limit = 20): Promise<number> {
  const { db, payments, logger } = runtime();
  const rows = await db('providerSettlements').where({ provider: payments.name }).whereNull('reconciledAt').orderBy('id').limit(limit).pluck('providerSettlementId');
  for (const id of rows) {
    await reconcileSettlement(id).catch((error: unknown) => logger.warn({ err: error, providerSettlementId: id }, 'settlement reconciliation failed'));
  }
  return rows.length;
}

/**
 * Lifts the hold of processed transfers whose payment's refund window (24 h after the capture) has
 * ended. A provider failure leaves the transfer processed for the next run.
 */
export async function releaseDueTransfers(limit = 50): Promise<number> {
  const { db, payments, now, logger } = runtime();
  const due = await rawRows<{ id: number; providerTransferId: string; orderId: number }>(
    db,
    `SELECT t.id, t.provider_transfer_id, t.order_id
       FROM transfers t JOIN orders o ON o.id = t.order_id
      WHERE t.status = 'processed' AND t.provider = ? AND t.provider_transfer_id IS NOT NULL
        AND o.paid_at IS NOT NULL AND o.paid_at <= ?
      ORDER BY t.processed_at LIMIT ?`,
    [payments.name, new Date(now().getTime() - REFUND_WINDOW_MS), limit],
  );
  let released = 0;
  for (const t of due) {
    try {
      await payments.releaseTransfer(t.providerTransferId);
    } catch (error) {
      logger.warn({ err: error, transferId: t.id }, 'releasing a transfer hold failed');
      continue;
    }
    await db.transaction(async (trx) => {
      const at = now();
      const n = await trx('transfers').where({ id: t.id, status: 'processed' }).update({ status: 'released', releasedAt: at, updatedAt: at });
      if (n) released++;
      await refreshStatementsOfOrders(trx, [t.orderId], at);
    });
  }
  return released;
}

/**
 * A refund became processed: record the reversal of the outlet's share of it from the order's transfer
 * (once per refund). The share is cumulative over the order's refunds in id order (compute.ts), so
 * refunds in parts take back what one refund of the sum would. A second payment of a paid bill is
 * refunded whole and never touched the transfer: no reversal. Then the order's statement is refreshed.
 */
export async function recordReversal(trx: Knex.Transaction, refundId: number, at: Date): Promise<number | null> {
  const refund = await trx('refunds').where({ id: refundId }).first('id', 'orderId', 'amountPaise', 'status', 'reason');
  if (!refund || refund.status !== 'processed') return null;
  await refreshStatementsOfOrders(trx, [refund.orderId], at);
  if (refund.reason === REFUND_REASONS.already_paid) return null;
  const transfer = await trx('transfers').where({ orderId: refund.orderId }).forUpdate().first('id', 'amountPaise', 'status');
  if (!transfer) return null;
  const order = await trx('orders').where({ id: refund.orderId }).first('billPaise', 'instantDiscountPaise', 'shuffleDiscountPaise', 'convenienceFeePaise', 'gstPaise');
  if (!order) return null;
  const before = await trx('refunds')
    .where({ orderId: refund.orderId })
    .where('id', '<', refund.id)
    .whereNot({ status: 'failed' })
    .whereNot({ reason: REFUND_REASONS.already_paid })
    .sum({ s: 'amountPaise' })
    .first();
  // The outlet's share of this refund: the payout part of its split (the one rule, orders/money.ts).
  const amount = splitRefund(orderMoney(order, feeConfigOf(runtime().env).gstBps), Number(before?.s ?? 0), refund.amountPaise).payoutPaise;
  const inserted = await trx('transferReversals')
    .insert({ transferId: transfer.id, refundId: refund.id, amountPaise: amount, status: amount > 0 ? 'pending' : 'skipped' })
    .onConflict(['refundId'])
    .ignore()
    .returning('id');
  return inserted[0]?.id ?? null;
}

/**
 * Sends pending reversals whose transfer the provider has processed (a reversal of a transfer that
 * never happened has nothing to take back: skipped). Razorpay's reversals take no idempotency key, so a
 * retry first looks for a reversal carrying our note. A failure leaves the row pending for the next run.
 */
export async function sendPendingReversals(limit = 20): Promise<number> {
  const { db, payments, now, logger } = runtime();
  // A refund processed while recording its reversal failed (the caller's transaction went on) is caught here.
  const missing = await rawRows<{ id: number }>(
    db,
    `SELECT f.id FROM refunds f JOIN transfers t ON t.order_id = f.order_id
      WHERE f.status = 'processed' AND f.reason <> ? AND t.provider = ?
        AND NOT EXISTS (SELECT 1 FROM transfer_reversals r WHERE r.refund_id = f.id)
      ORDER BY f.id LIMIT 50`,
    [REFUND_REASONS.already_paid, payments.name],
  );
  for (const { id } of missing) await db.transaction((trx) => recordReversal(trx, id, now()));
  const rows = await rawRows<{ id: number; amountPaise: number; attempts: number; transferId: number; orderId: number; providerTransferId: string | null; transferStatus: TransferStatus }>(
    db,
    `SELECT r.id, r.amount_paise, r.attempts, t.id AS transfer_id, t.order_id, t.provider_transfer_id, t.status AS transfer_status
       FROM transfer_reversals r JOIN transfers t ON t.id = r.transfer_id
      WHERE r.status = 'pending' AND t.provider = ? AND t.status <> 'created'
      ORDER BY r.id LIMIT ?`,
    [payments.name, limit],
  );
  let sent = 0;
  for (const r of rows) {
    if (r.transferStatus === 'failed' || !r.providerTransferId) {
      await db('transferReversals').where({ id: r.id, status: 'pending' }).update({ status: 'skipped', updatedAt: db.fn.now() });
      continue;
    }
    const notes = { [REVERSAL_NOTE_KEY]: String(r.id) };
    let providerReversalId: string;
    try {
      const earlier = r.attempts > 0 ? (await payments.transferReversals(r.providerTransferId)).find((x) => x.notes[REVERSAL_NOTE_KEY] === String(r.id)) : undefined;
      providerReversalId = (earlier ?? (await payments.reverseTransfer({ transferId: r.providerTransferId, amountPaise: r.amountPaise, notes }))).id;
    } catch (error) {
      await db('transferReversals')
        .where({ id: r.id })
        .update({ attempts: db.raw('attempts + 1'), lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500), updatedAt: db.fn.now() });
      logger.error({ err: error, reversalId: r.id, transferId: r.transferId }, 'transfer reversal failed');
      continue;
    }
    await db.transaction(async (trx) => {
      const at = now();
      const n = await trx('transferReversals')
        .where({ id: r.id, status: 'pending' })
        .update({ status: 'processed', providerReversalId, processedAt: at, attempts: trx.raw('attempts + 1'), lastError: null, updatedAt: at });
      if (n) {
        await trx('transfers')
          .where({ id: r.transferId })
          .update({ reversedPaise: trx.raw('least(amount_paise, reversed_paise + ?)', [r.amountPaise]), updatedAt: at });
        sent++;
      }
      await refreshStatementsOfOrders(trx, [r.orderId], at);
    });
  }
  return sent;
}
