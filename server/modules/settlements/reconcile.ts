import type { Knex } from 'knex';
import { rawRows } from '../../db/rows.ts';
import { toBps } from '../orders/money.ts';
import { checkCapturedOrders, type MoneyProblem } from '../payments/integrity.ts';
import { dayBounds, dayOrders, figuresOf } from './statements.ts';

/**
 * The money reconciliation (`npm run reconcile`, the nightly job `settlements.reconcile-money`;
 * docs/payments.md "One meaning of net"). For every outlet and IST day with paid bills, to the paisa:
 *
 *   revenue payout (outlet_daily_stats.payout_paise, what "Net to you" shows)
 *     = settlement payout (the day's statement, recomputed from its orders; and the stored statement)
 *     and the part paid through Razorpay Route = Route transfers − reversals of that day's orders
 *
 * plus, for every paid order, the rows one capture makes (payments/integrity.ts). Reads only.
 */

export interface MoneyDifference {
  outletId: number;
  day: string;
  /** outlet_daily_stats.payout_paise. */
  revenuePayoutPaise: number;
  /** The day's statement as its orders say it now. */
  settlementPayoutPaise: number;
  /** The stored statement's payout (null: no statement yet). */
  statementPayoutPaise: number | null;
  /** The statement's part paid through Route … */
  routedPaise: number;
  /** … and what the provider was asked to carry: transfers − reversals. */
  transfersPaise: number;
  reversalsPaise: number;
}

export interface ReconcileReport {
  /** Outlet-days checked. */
  days: number;
  differences: MoneyDifference[];
  /** Paid orders checked, and those whose capture rows are wrong. */
  orders: number;
  captureProblems: MoneyProblem[];
  ok: boolean;
}

/** Checks every outlet-day with paid bills (within [from, to] when given, 'YYYY-MM-DD', IST). */
export async function reconcileMoney(db: Knex, env: { GST_PERCENT: number }, range: { from?: string; to?: string } = {}): Promise<ReconcileReport> {
  const gstBps = toBps(env.GST_PERCENT);
  const days = await db('outletDailyStats')
    .where('ordersCount', '>', 0)
    .modify((q) => {
      if (range.from) q.where('day', '>=', range.from);
      if (range.to) q.where('day', '<=', range.to);
    })
    .orderBy([{ column: 'day' }, { column: 'outletId' }])
    .select('outletId', 'day', 'payoutPaise');
  const differences: MoneyDifference[] = [];
  for (const d of days) {
    const f = figuresOf(await dayOrders(db, d.outletId, d.day), gstBps);
    const { start, end } = dayBounds(d.day);
    const [route] = await rawRows<{ transfersPaise: number; reversalsPaise: number }>(
      db,
      `SELECT coalesce(sum(t.amount_paise), 0)::bigint AS transfers_paise,
              coalesce(sum((SELECT sum(r.amount_paise) FROM transfer_reversals r WHERE r.transfer_id = t.id AND r.status <> 'skipped')), 0)::bigint AS reversals_paise
         FROM transfers t JOIN orders o ON o.id = t.order_id
        WHERE o.outlet_id = ? AND o.status = 'paid' AND o.paid_at >= ? AND o.paid_at < ? AND t.status <> 'failed'`,
      [d.outletId, start, end],
    );
    const statement = await db('settlements').where({ outletId: d.outletId, periodStart: d.day, periodEnd: d.day }).first('payoutPaise');
    const transfers = Number(route?.transfersPaise ?? 0);
    const reversals = Number(route?.reversalsPaise ?? 0);
    const statementPayout = statement ? statement.payoutPaise : null;
    const agrees =
      d.payoutPaise === f.payoutPaise && (statementPayout === null || statementPayout === f.payoutPaise) && f.routedPaise === transfers - reversals;
    if (!agrees) {
      differences.push({
        outletId: d.outletId,
        day: d.day,
        revenuePayoutPaise: d.payoutPaise,
        settlementPayoutPaise: f.payoutPaise,
        statementPayoutPaise: statementPayout,
        routedPaise: f.routedPaise,
        transfersPaise: transfers,
        reversalsPaise: reversals,
      });
    }
  }
  const captures = await checkCapturedOrders(db);
  return {
    days: days.length,
    differences,
    orders: captures.checked,
    captureProblems: captures.problems,
    ok: differences.length === 0 && captures.problems.length === 0,
  };
}
