import type { Knex } from 'knex';
import { rawRows } from '../../db/rows.ts';
import { BILL_LEDGER_ENTRY_TYPES } from './schema.ts';

/** A paid order whose money rows are not what one capture makes. */
export interface MoneyProblem {
  orderId: string;
  status: string;
  captures: number;
  redemptions: number;
  entries: number;
  entryTypes: number;
  bookedBillPaise: number | null;
  billPaise: number;
}

/**
 * The capture check the cluster bench, the restore drill and `npm run reconcile` (settlements/reconcile.ts) run:
 * every paid order (or each of `orderIds`, paid or not) has exactly one captured payment, one
 * redemption and the ledger entries of its capture (one of each of BILL_LEDGER_ENTRY_TYPES), the bill entry equal to the
 * order's bill. Returns the orders that break it and how many were checked; none lost means every id
 * given was found.
 */
export async function checkCapturedOrders(db: Knex, orderIds?: readonly string[]): Promise<{ checked: number; problems: MoneyProblem[]; missing: number }> {
  const rows = await rawRows<MoneyProblem>(
    db,
    `SELECT o.public_id::text AS order_id, o.status,
            (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status IN ('captured', 'refunded'))::int AS captures,
            (SELECT count(*) FROM redemptions r WHERE r.order_id = o.id)::int AS redemptions,
            (SELECT count(*) FROM ledger_entries l WHERE l.order_id = o.id AND l.entry_type = ANY(?::text[]))::int AS entries,
            (SELECT count(DISTINCT entry_type) FROM ledger_entries l WHERE l.order_id = o.id AND l.entry_type = ANY(?::text[]))::int AS entry_types,
            (SELECT l.amount_paise FROM ledger_entries l WHERE l.order_id = o.id AND l.entry_type = 'bill' LIMIT 1) AS booked_bill_paise,
            o.bill_paise
       FROM orders o
      WHERE ${orderIds ? 'o.public_id = ANY(?::uuid[])' : "o.status = 'paid'"}`,
    [[...BILL_LEDGER_ENTRY_TYPES], [...BILL_LEDGER_ENTRY_TYPES], ...(orderIds ? [orderIds as string[]] : [])],
  );
  const problems = rows.filter(
    (r) => r.status !== 'paid' || r.captures !== 1 || r.redemptions !== 1 || r.entries !== BILL_LEDGER_ENTRY_TYPES.length || r.entryTypes !== BILL_LEDGER_ENTRY_TYPES.length || r.bookedBillPaise !== r.billPaise,
  );
  return { checked: rows.length, problems, missing: orderIds ? orderIds.length - rows.length : 0 };
}
