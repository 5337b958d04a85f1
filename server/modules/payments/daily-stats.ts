import type { Knex } from 'knex';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { runtime } from '../../lib/runtime.ts';
import { feeConfigOf, orderMoney } from '../orders/money.ts';
import { istMoment } from '../offers/rules.ts';
import { isBookedRefund } from './schema.ts';

/**
 * The outlet's day in figures (`outlet_daily_stats`, owned here; read by dashboards, counter and
 * settlements), kept by two subscriptions of the payments manifest (server/lib/domain-events.ts): a
 * capture adds the bill's figures to its IST day, a processed owner refund takes its split (the ledger
 * entries it just booked) off the bill's day. Every figure is orders/money.ts's.
 */

/** `payment.captured`: the bill's day +1 order (+1 coupon), its bill, discount, fee, net, fee GST and payout. */
export async function countCapture(trx: Knex.Transaction, e: DomainEventMap['payment.captured']): Promise<void> {
  const order = await trx('orders').where({ id: e.orderId }).first('billPaise', 'instantDiscountPaise', 'shuffleDiscountPaise', 'convenienceFeePaise', 'gstPaise');
  if (!order) throw new Error(`payment.captured: order ${e.orderId} is gone`);
  const m = orderMoney(order, feeConfigOf(runtime().env).gstBps);
  await trx.raw(
    `INSERT INTO outlet_daily_stats (outlet_id, day, orders_count, coupons_count, bill_paise, discount_paise, fee_paise, net_paise, fee_gst_paise, payout_paise, updated_at)
     VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (outlet_id, day) DO UPDATE SET
       orders_count = outlet_daily_stats.orders_count + 1,
       coupons_count = outlet_daily_stats.coupons_count + EXCLUDED.coupons_count,
       bill_paise = outlet_daily_stats.bill_paise + EXCLUDED.bill_paise,
       discount_paise = outlet_daily_stats.discount_paise + EXCLUDED.discount_paise,
       fee_paise = outlet_daily_stats.fee_paise + EXCLUDED.fee_paise,
       net_paise = outlet_daily_stats.net_paise + EXCLUDED.net_paise,
       fee_gst_paise = outlet_daily_stats.fee_gst_paise + EXCLUDED.fee_gst_paise,
       payout_paise = outlet_daily_stats.payout_paise + EXCLUDED.payout_paise,
       updated_at = EXCLUDED.updated_at`,
    // net: the goods net of the platform fee (the dashboards' NET_PAISE, kept); payout: net of its GST too.
    [
      e.outletId,
      istMoment(e.at).date,
      e.couponId !== null ? 1 : 0,
      m.billPaise,
      m.discountPaise,
      m.platformFeePaise,
      m.subtotalPaise - m.platformFeePaise,
      m.platformFeeGstPaise,
      m.payoutPaise,
      e.at,
    ],
  );
}

/** `refund.changed` (an owner refund processed): the bill's day net of the refund's split, from its ledger entries. */
export async function countRefund(trx: Knex.Transaction, e: DomainEventMap['refund.changed']): Promise<void> {
  if (!isBookedRefund(e.kind) || e.status !== 'processed') return;
  const rows = await trx('ledgerEntries').where({ refundId: e.refundId }).select('entryType', 'amountPaise');
  const part = (type: string) => rows.find((r) => r.entryType === type)?.amountPaise ?? 0;
  const payout = part('refund_net_to_outlet');
  const fee = part('refund_platform_fee');
  const feeGst = part('refund_platform_fee_gst');
  const order = await trx('orders').where({ id: e.orderId }).first('paidAt', 'createdAt');
  if (!order) throw new Error(`refund ${e.refundId}: its order ${e.orderId} is gone`);
  await trx('outletDailyStats')
    .where({ outletId: e.outletId, day: istMoment(order.paidAt ?? order.createdAt).date })
    .update({
      refundsCount: trx.raw('refunds_count + 1'),
      refundPaise: trx.raw('refund_paise + ?', [payout + fee + feeGst]),
      feePaise: trx.raw('fee_paise - ?', [fee]),
      netPaise: trx.raw('net_paise - ?', [payout + feeGst]),
      feeGstPaise: trx.raw('fee_gst_paise - ?', [feeGst]),
      payoutPaise: trx.raw('payout_paise - ?', [payout]),
      updatedAt: e.at,
    });
}
