import type { Knex } from 'knex';
import { rawRows } from '../../db/rows.ts';
import type { SettlementRow, TransferStatus } from '../../db/tables.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { discountOf, feeConfigOf, netOfRefunds, orderMoney } from '../orders/money.ts';
import { addDays, istMoment, istToInstant } from '../offers/rules.ts';
import { REFUND_REASONS } from '../payments/schema.ts';
import { bookPayout } from '../payments/ledger.ts';
import { statementStatus, type TransferCounts } from './compute.ts';
import { REFUND_WINDOW_MS, SETTLEMENT_MESSAGES, STATEMENT_LOOKBACK_DAYS, utrSchema, type StatementMoney } from './schema.ts';

/**
 * Daily settlement statements (docs/business.md, "Settlement"): one per outlet per IST day with paid
 * bills, made by the job `settlements.create-statements` after the day ends. A statement's figures and
 * status are always RECOMPUTED from where the money is (its orders, their refunds, their transfers, the
 * platform's payout), never moved by an event, so the provider's webhooks may arrive in any order, twice,
 * or before the statement exists: the next refresh sees the same rows and says the same thing. Each
 * event that moves money refreshes the statements it touches; a settled statement is final (its payout
 * booked in the ledger once).
 */

/** One paid order of a statement's day, with its refunds and transfer. */
export interface DayOrderRow {
  id: number;
  billPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
  amountPaise: number;
  paidAt: Date;
  refundedPaise: number;
  transferStatus: TransferStatus | null;
  transferPaise: number | null;
  settlementUtr: string | null;
}

/** The IST day [start, end) of a 'YYYY-MM-DD'. */
export function dayBounds(day: string): { start: Date; end: Date } {
  return { start: istToInstant(day, 0), end: istToInstant(addDays(day, 1), 0) };
}

/** The paid orders of an outlet's IST day (by payment time), each with its processed refunds and its transfer. */
export function dayOrders(db: Knex, outletId: number, day: string): Promise<DayOrderRow[]> {
  const { start, end } = dayBounds(day);
  return paidOrdersBetween(db, outletId, start, end);
}

/** The outlet's orders paid in [start, end), each with its processed refunds and its transfer. */
export function paidOrdersBetween(db: Knex, outletId: number, start: Date, end: Date): Promise<DayOrderRow[]> {
  return rawRows<DayOrderRow>(
    db,
    `SELECT o.id, o.bill_paise, o.instant_discount_paise, o.shuffle_discount_paise, o.convenience_fee_paise, o.gst_paise, o.amount_paise, o.paid_at,
            coalesce((SELECT sum(f.amount_paise) FROM refunds f
                       WHERE f.order_id = o.id AND f.status = 'processed' AND f.reason <> ?), 0)::bigint AS refunded_paise,
            t.status AS transfer_status, t.amount_paise AS transfer_paise, ps.utr AS settlement_utr
       FROM orders o
       LEFT JOIN transfers t ON t.order_id = o.id
       LEFT JOIN provider_settlements ps ON ps.provider = t.provider AND ps.provider_settlement_id = t.provider_settlement_id
      WHERE o.outlet_id = ? AND o.status = 'paid' AND o.paid_at >= ? AND o.paid_at < ?
      ORDER BY o.paid_at`,
    // A second payment of an already paid bill is refunded whole; it never touched the outlet's share.
    [REFUND_REASONS.already_paid, outletId, start, end],
  );
}

/** A statement's figures and status, computed from its day's orders (see the header comment). */
export interface StatementFigures extends StatementMoney {
  transfersCount: number;
  /** What the platform still has to pay itself (orders without a working transfer). */
  platformOwedPaise: number;
  counts: TransferCounts;
  utrs: string[];
  /** When the last payment's refund window ends. */
  windowEndsAt: Date | null;
}

/**
 * A daily statement's columns from its figures: the money, its status, and every UTR that paid it (the
 * transfers', then the platform's own payout, `payoutUtr`, once recorded).
 */
export function statementColumns(f: StatementFigures, payoutUtr: string | null) {
  const status = statementStatus({ transfers: f.counts, platformOwedPaise: f.platformOwedPaise, payoutRecorded: payoutUtr !== null });
  const utrs = [...f.utrs, ...(payoutUtr ? [payoutUtr] : [])];
  return {
    ordersCount: f.ordersCount,
    grossPaise: f.grossPaise,
    discountPaise: f.discountPaise,
    feePaise: f.feePaise,
    feeGstPaise: f.feeGstPaise,
    netPaise: f.netPaise,
    refundPaise: f.refundPaise,
    payoutPaise: f.payoutPaise,
    routedPaise: f.routedPaise,
    transfersCount: f.transfersCount,
    status,
    utr: utrs.length ? utrs.join(', ') : null,
  };
}

export function figuresOf(rows: DayOrderRow[], gstBps: number): StatementFigures {
  const f: StatementFigures = {
    ordersCount: rows.length,
    grossPaise: 0,
    discountPaise: 0,
    feePaise: 0,
    feeGstPaise: 0,
    netPaise: 0,
    refundPaise: 0,
    payoutPaise: 0,
    routedPaise: 0,
    transfersCount: 0,
    platformOwedPaise: 0,
    counts: { created: 0, processed: 0, released: 0, settled: 0, failed: 0 },
    utrs: [],
    windowEndsAt: null,
  };
  for (const o of rows) {
    const m = orderMoney(o, gstBps);
    const left = netOfRefunds(m, o.refundedPaise);
    f.grossPaise += m.billPaise;
    f.discountPaise += discountOf(m);
    f.feePaise += m.platformFeePaise;
    f.feeGstPaise += m.platformFeeGstPaise;
    f.netPaise += m.subtotalPaise - m.platformFeePaise;
    const routed = o.transferStatus !== null && o.transferStatus !== 'failed';
    // What the outlet is paid for the order (its transfer carries the same: npm run reconcile checks it).
    f.refundPaise += m.payoutPaise - left.payoutPaise;
    f.payoutPaise += left.payoutPaise;
    if (o.transferStatus !== null) {
      f.counts[o.transferStatus]++;
      f.transfersCount++;
    }
    if (routed) f.routedPaise += left.payoutPaise;
    else f.platformOwedPaise += left.payoutPaise;
    if (o.settlementUtr && !f.utrs.includes(o.settlementUtr)) f.utrs.push(o.settlementUtr);
    const ends = new Date(o.paidAt.getTime() + REFUND_WINDOW_MS);
    if (!f.windowEndsAt || ends > f.windowEndsAt) f.windowEndsAt = ends;
  }
  return f;
}

const gstBpsNow = () => feeConfigOf(runtime().env).gstBps;

/**
 * Recomputes one statement (locked) and writes what changed: figures, status, UTRs; the first time it
 * is settled, its payout is booked in the ledger. A settled statement is left as it is.
 */
async function refreshStatementRow(trx: Knex.Transaction, id: number, at: Date): Promise<SettlementRow | undefined> {
  const s = await trx('settlements').where({ id }).forUpdate().first();
  if (!s || s.status === 'settled' || s.periodStart !== s.periodEnd) return s;
  const columns = statementColumns(figuresOf(await dayOrders(trx, s.outletId, s.periodStart), gstBpsNow()), s.payoutUtr);
  const { status } = columns;
  const patch = {
    ...columns,
    onHoldAt: s.onHoldAt ?? (status === 'on_hold' || status === 'settled' ? at : null),
    settledAt: status === 'settled' ? at : null,
    updatedAt: at,
  };
  const [row] = await trx('settlements').where({ id }).update(patch).returning('*');
  if (status === 'settled') await bookPayout(trx, { outletId: s.outletId, settlementId: id, amountPaise: columns.payoutPaise, at });
  if (status !== s.status) runtime().logger.info({ settlementId: id, outletId: s.outletId, day: s.periodStart, from: s.status, to: status }, 'statement moved');
  return row;
}

/** Refreshes the statements of these orders' days (the ones that exist), inside `trx`. */
export async function refreshStatementsOfOrders(trx: Knex.Transaction, orderIds: number[], at: Date): Promise<void> {
  if (!orderIds.length) return;
  const days = await rawRows<{ id: number }>(
    trx,
    `SELECT DISTINCT s.id
       FROM orders o
       JOIN settlements s ON s.outlet_id = o.outlet_id
        AND s.period_start = (o.paid_at AT TIME ZONE 'Asia/Kolkata')::date AND s.period_end = s.period_start
      WHERE o.id IN (${orderIds.map(() => '?').join(', ')}) AND o.paid_at IS NOT NULL`,
    orderIds,
  );
  for (const { id } of days) await refreshStatementRow(trx, id, at);
}

/**
 * The nightly job (and its run at start): every outlet-day before today (IST) with paid bills in the
 * last STATEMENT_LOOKBACK_DAYS gets its statement, and every open statement of that span is refreshed.
 * Safe to run any number of times, anywhere: one statement per outlet and day (a unique key).
 */
export async function createStatements(): Promise<{ created: number; refreshed: number }> {
  const { db, now } = runtime();
  const at = now();
  const today = istMoment(at).date;
  const since = addDays(today, -STATEMENT_LOOKBACK_DAYS);
  const missing = await db('outletDailyStats as d')
    .where('d.day', '<', today)
    .where('d.day', '>=', since)
    .where('d.ordersCount', '>', 0)
    .whereNotExists((q) =>
      q.select(db.raw('1')).from('settlements as s').whereRaw('s.outlet_id = d.outlet_id AND s.period_start = d.day AND s.period_end = d.day'),
    )
    .orderBy([{ column: 'd.day' }, { column: 'd.outletId' }])
    .select<{ outletId: number; day: string }[]>('d.outletId', 'd.day');
  let created = 0;
  for (const { outletId, day } of missing) {
    await db.transaction(async (trx) => {
      const inserted = await trx('settlements')
        .insert({ outletId, periodStart: day, periodEnd: day, grossPaise: 0, discountPaise: 0, feePaise: 0, netPaise: 0, payoutPaise: 0, status: 'pending' })
        .onConflict(['outletId', 'periodStart', 'periodEnd'])
        .ignore()
        .returning('id');
      if (inserted[0]) {
        created++;
        await refreshStatementRow(trx, inserted[0].id, at);
      }
    });
  }
  const open = await db('settlements').whereNot({ status: 'settled' }).where('periodStart', '>=', since).whereRaw('period_start = period_end').orderBy('id').pluck('id');
  for (const id of open) await db.transaction((trx) => refreshStatementRow(trx, id, at));
  return { created, refreshed: open.length };
}

/**
 * The platform's own payout of a statement's part not sent through Route (outlets without an activated
 * linked account), recorded by sales staff with the bank transfer's UTR once the day's refund windows
 * have ended. The statement is then refreshed (settled when its transfers are too).
 */
export async function recordPayout(statementId: number, utrInput: string, salesStaffId: number | null, trx?: Knex.Transaction): Promise<SettlementRow> {
  const { db, now } = runtime();
  const parsed = utrSchema.safeParse(utrInput);
  if (!parsed.success) throw badRequest(SETTLEMENT_MESSAGES.badUtr, { payoutUtr: SETTLEMENT_MESSAGES.badUtr });
  const utr = parsed.data;
  const run = async (t: Knex.Transaction) => {
    const at = now();
    const s = await t('settlements').where({ id: statementId }).forUpdate().first();
    if (!s) throw notFound(SETTLEMENT_MESSAGES.notFound);
    if (s.status === 'settled') throw badRequest(SETTLEMENT_MESSAGES.alreadySettled, { payoutUtr: SETTLEMENT_MESSAGES.alreadySettled });
    const f = figuresOf(await dayOrders(t, s.outletId, s.periodStart), gstBpsNow());
    if (f.platformOwedPaise <= 0) throw badRequest(SETTLEMENT_MESSAGES.nothingOwed, { payoutUtr: SETTLEMENT_MESSAGES.nothingOwed });
    if (f.windowEndsAt && f.windowEndsAt > at) {
      const message = SETTLEMENT_MESSAGES.windowOpen.replace('{time}', istClock.format(f.windowEndsAt));
      throw badRequest(message, { payoutUtr: message });
    }
    await t('settlements').where({ id: statementId }).update({ payoutUtr: utr, payoutRecordedBy: salesStaffId, updatedAt: at });
    return (await refreshStatementRow(t, statementId, at))!;
  };
  return trx ? run(trx) : db.transaction(run);
}

const istClock = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
