import type { Knex } from 'knex';
import type { LedgerEntryType } from '../server/db/tables.ts';
import { netOfRefunds, orderMoney, splitRefund, toBps } from '../server/modules/orders/money.ts';

// One meaning of net (issue 29, docs/payments.md "Money rules"): what the outlet is paid, the payout =
// goods − platform fee − GST on the fee. The ledger records the fee's GST as its own entry
// (`platform_fee_gst`, and `refund_platform_fee_gst` for a refund's share of it) and `net_to_outlet` /
// `refund_net_to_outlet` are the payout; outlet_daily_stats carries the fee's GST and the payout.
// Past bills and refunds are rewritten to that rule (the ledger's append-only trigger is lifted for this
// migration only), and every past day's figures recomputed from its orders, by the one money module.
const TYPES = ['bill', 'instant_discount', 'shuffle_discount', 'convenience_fee', 'gst', 'platform_fee', 'net_to_outlet', 'payout'];
const REFUND_TYPES = ['refund', 'refund_net_to_outlet', 'refund_platform_fee', 'refund_convenience_fee', 'refund_gst'];
const list = (types: string[]) => types.map((t) => `'${t}'`).join(', ');

async function setTypes(knex: Knex, types: string[], refundTypes: string[]): Promise<void> {
  await knex.raw('ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_entry_type_check');
  await knex.raw(`ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_entry_type_check CHECK (entry_type IN (${list([...types, ...refundTypes])}))`);
  await knex.raw('ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_refund_id_check');
  await knex.raw(
    `ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_refund_id_check CHECK ((entry_type IN (${list(refundTypes)})) = (refund_id IS NOT NULL AND order_id IS NOT NULL))`,
  );
}

interface OrderMoneyRow {
  id: number;
  outletId: number;
  day: string;
  billPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
  paidAt: Date;
}

export async function up(knex: Knex): Promise<void> {
  await setTypes(knex, [...TYPES, 'platform_fee_gst'], [...REFUND_TYPES, 'refund_platform_fee_gst']);
  await knex.raw('ALTER TABLE outlet_daily_stats ADD COLUMN fee_gst_paise bigint NOT NULL DEFAULT 0, ADD COLUMN payout_paise bigint NOT NULL DEFAULT 0');

  const gstBps = toBps(Number(process.env.GST_PERCENT ?? 18));
  const { rows: orders } = (await knex.raw(
    `SELECT o.id, o.outlet_id AS "outletId", (o.paid_at AT TIME ZONE 'Asia/Kolkata')::date::text AS day, o.bill_paise::int AS "billPaise",
            o.instant_discount_paise::int AS "instantDiscountPaise", o.shuffle_discount_paise::int AS "shuffleDiscountPaise",
            o.convenience_fee_paise::int AS "convenienceFeePaise", o.gst_paise::int AS "gstPaise", o.paid_at AS "paidAt"
       FROM orders o
      WHERE o.status = 'paid' AND EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = o.id AND l.entry_type = 'net_to_outlet' AND l.refund_id IS NULL)
      ORDER BY o.id`,
  )) as { rows: OrderMoneyRow[] };
  if (!orders.length) return;
  const { rows: refunds } = (await knex.raw(
    `SELECT l.order_id AS "orderId", l.refund_id AS "refundId", l.amount_paise::bigint AS amount, l.occurred_at AS at
       FROM ledger_entries l WHERE l.entry_type = 'refund' ORDER BY l.refund_id`,
  )) as { rows: { orderId: number; refundId: number; amount: string | number; at: Date }[] };
  const refundsOf = new Map<number, typeof refunds>();
  for (const r of refunds) refundsOf.set(Number(r.orderId), [...(refundsOf.get(Number(r.orderId)) ?? []), r]);

  const days = new Map<string, { outletId: number; day: string; fee: number; net: number; feeGst: number; payout: number; refund: number }>();
  await knex.raw('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
  for (const o of orders) {
    const m = orderMoney(o, gstBps);
    await knex('ledgerEntries').where({ orderId: o.id, entryType: 'net_to_outlet' }).whereNull('refundId').update({ amountPaise: m.payoutPaise });
    await knex('ledgerEntries').insert({ outletId: o.outletId, orderId: o.id, entryType: 'platform_fee_gst', amountPaise: m.platformFeeGstPaise, occurredAt: o.paidAt });
    let before = 0;
    for (const r of refundsOf.get(o.id) ?? []) {
      const amount = Number(r.amount);
      const s = splitRefund(m, before, amount);
      before += amount;
      const set = (type: LedgerEntryType, value: number) => knex('ledgerEntries').where({ refundId: r.refundId, entryType: type }).update({ amountPaise: value });
      await set('refund_net_to_outlet', s.payoutPaise);
      await set('refund_platform_fee', s.platformFeePaise);
      await set('refund_convenience_fee', s.convenienceFeePaise);
      await set('refund_gst', s.convenienceFeeGstPaise);
      await knex('ledgerEntries').insert({
        outletId: o.outletId,
        orderId: o.id,
        refundId: r.refundId,
        entryType: 'refund_platform_fee_gst',
        amountPaise: s.platformFeeGstPaise,
        occurredAt: r.at,
      });
    }
    const left = netOfRefunds(m, before);
    const key = `${o.outletId}|${o.day}`;
    const d = days.get(key) ?? { outletId: o.outletId, day: o.day, fee: 0, net: 0, feeGst: 0, payout: 0, refund: 0 };
    d.fee += left.platformFeePaise;
    d.net += left.goodsPaise - left.platformFeePaise;
    d.feeGst += left.platformFeeGstPaise;
    d.payout += left.payoutPaise;
    d.refund += m.subtotalPaise - left.goodsPaise;
    days.set(key, d);
  }
  await knex.raw('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
  for (const d of days.values()) {
    await knex('outletDailyStats')
      .where({ outletId: d.outletId, day: d.day })
      .update({ feePaise: d.fee, netPaise: d.net, feeGstPaise: d.feeGst, payoutPaise: d.payout, refundPaise: d.refund });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE outlet_daily_stats DROP COLUMN fee_gst_paise, DROP COLUMN payout_paise');
  // The fee's GST entries cannot be folded back into net_to_outlet without rewriting the ledger: roll back only an unused schema.
  await knex.raw('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
  await knex.raw(`DELETE FROM ledger_entries WHERE entry_type IN ('platform_fee_gst', 'refund_platform_fee_gst')`);
  await knex.raw('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
  await setTypes(knex, TYPES, REFUND_TYPES);
}
