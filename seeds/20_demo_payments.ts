import { randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { SeedContext } from '../server/db/seed.ts';
import { computeBill, orderMoney } from '../server/modules/orders/money.ts';
import { figuresOf, statementColumns, type DayOrderRow } from '../server/modules/settlements/statements.ts';
import { addDays, istToInstant } from '../server/modules/offers/rules.ts';
import type { LedgerEntryType, TransferStatus } from '../server/db/tables.ts';
import { DEMO_OWNER_OUTLET_SLUGS, DEMO_SHOPPER } from './data/demo-logins.ts';
import { todayInIndia } from './data/util.ts';

/**
 * Demo money (docs/payments.md, "The sandbox"): the demo shopper's paid bills at the demo owner's
 * outlets over the last five days, so the settlement report shows the whole loop at once:
 * - Sri Krishna Udupi Grand has an activated Razorpay linked account: its older days are settled
 *   (transfers settled by a provider settlement with a UTR), the last two are on hold;
 * - Kaapi Katte's linked account is under review and Krishna Sweets has none: Bachat pays them itself;
 *   their oldest day carries the platform's payout UTR (settled), the others are pending.
 * Inserted once, with the demo outlets (skipped when the demo shopper already has orders).
 */
const GST_BPS = 1800;
const ACCOUNTS: Record<string, { id: string; status: 'activated' | 'under_review' } | null> = {
  'sri-krishna-udupi-grand': { id: 'acc_DEMOUDUPI00001', status: 'activated' },
  'kaapi-katte-koramangala': { id: 'acc_DEMOKAAPI00001', status: 'under_review' },
  'krishna-sweets-bakery': null,
};
const BILLS = [64_000, 128_050, 35_500, 99_900, 212_000];
const RECEIPT = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const receipt = () => `BCH-${Array.from({ length: 8 }, () => RECEIPT[randomInt(RECEIPT.length)]).join('')}`;
const utr = (bank: string) => `${bank}N5${Array.from({ length: 11 }, () => randomInt(10)).join('')}`;

export async function seed(db: Knex, ctx: SeedContext): Promise<void> {
  if (!ctx.demo || !ctx.hashPhone) return;
  const shopper = await db('consumers').where({ phoneHash: ctx.hashPhone(DEMO_SHOPPER.phoneNumber) }).first('id');
  if (!shopper) return;
  if (await db('orders').where({ consumerId: shopper.id }).first('id')) {
    ctx.log('demo payments: already present, skipped');
    return;
  }
  const outlets = await db('outlets').whereIn('slug', [...DEMO_OWNER_OUTLET_SLUGS]).whereNotNull('ownerId').select('id', 'slug');
  const today = todayInIndia();
  let orders = 0;
  for (const outlet of outlets) {
    const account = ACCOUNTS[outlet.slug] ?? null;
    if (account) await db('outlets').where({ id: outlet.id }).update({ routeAccountId: account.id, routeAccountStatus: account.status });
    const routed = account?.status === 'activated';
    const settlementUtr = utr('HDFC');
    const settlementId = `setl_demo${outlet.id}${randomInt(1e6)}`;
    let settledAmount = 0;
    for (let back = 5; back >= 1; back--) {
      const day = addDays(today, -back);
      const rows: DayOrderRow[] = [];
      for (let n = 0; n < 3; n++) {
        const bill = BILLS[(back + n + outlet.id) % BILLS.length]!;
        const b = computeBill({ billPaise: bill, instantDiscountPercent: 10, shuffleDiscountPercent: 0, fees: { convenienceFeeBps: 100, convenienceFeeMaxPaise: 5_000, gstBps: GST_BPS } });
        const paidAt = istToInstant(day, 12 * 60 + 30 + n * 150);
        const publicId = randomUUID();
        const [order] = await db('orders')
          .insert({
            publicId,
            consumerId: shopper.id,
            outletId: outlet.id,
            idempotencyKey: `demo-${publicId}`,
            status: 'paid',
            provider: 'sandbox',
            providerOrderId: `order_sbxdemo${orders}`,
            billPaise: b.billPaise,
            instantDiscountPercent: 10,
            instantDiscountPaise: b.instantDiscountPaise,
            convenienceFeePaise: b.convenienceFeePaise,
            gstPaise: b.gstPaise,
            amountPaise: b.amountPaise,
            offerSource: 'base',
            receiptCode: receipt(),
            verificationCode: String(randomInt(1_000_000)).padStart(6, '0'),
            paidAt,
            expiresAt: new Date(paidAt.getTime() + 10 * 60_000),
            createdAt: new Date(paidAt.getTime() - 60_000),
          })
          .returning(['id']);
        orders++;
        const orderId = (order as { id: number }).id;
        await db('payments').insert({ orderId, provider: 'sandbox', providerPaymentId: `pay_sbxdemo${orderId}`, status: 'captured', amountPaise: b.amountPaise, method: 'upi', capturedAt: paidAt });
        await db('redemptions').insert({ orderId, consumerId: shopper.id, outletId: outlet.id, redeemedAt: paidAt });
        const m = orderMoney(b, GST_BPS);
        const ledger: Record<Exclude<LedgerEntryType, `refund${string}`>, number> = {
          bill: m.billPaise,
          instant_discount: m.instantDiscountPaise,
          shuffle_discount: 0,
          convenience_fee: m.convenienceFeePaise,
          gst: m.convenienceFeeGstPaise,
          platform_fee: m.platformFeePaise,
          platform_fee_gst: m.platformFeeGstPaise,
          net_to_outlet: m.payoutPaise,
          payout: 0,
        };
        const types = ['bill', 'instant_discount', 'shuffle_discount', 'convenience_fee', 'gst', 'platform_fee', 'platform_fee_gst', 'net_to_outlet'] as const;
        await db('ledgerEntries').insert(types.map((entryType) => ({ outletId: outlet.id, orderId, entryType, amountPaise: ledger[entryType], occurredAt: paidAt })));
        await db.raw(
          `INSERT INTO outlet_daily_stats (outlet_id, day, orders_count, coupons_count, bill_paise, discount_paise, fee_paise, net_paise, fee_gst_paise, payout_paise)
           VALUES (?, ?, 1, 0, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (outlet_id, day) DO UPDATE SET orders_count = outlet_daily_stats.orders_count + 1,
             bill_paise = outlet_daily_stats.bill_paise + EXCLUDED.bill_paise, discount_paise = outlet_daily_stats.discount_paise + EXCLUDED.discount_paise,
             fee_paise = outlet_daily_stats.fee_paise + EXCLUDED.fee_paise, net_paise = outlet_daily_stats.net_paise + EXCLUDED.net_paise,
             fee_gst_paise = outlet_daily_stats.fee_gst_paise + EXCLUDED.fee_gst_paise, payout_paise = outlet_daily_stats.payout_paise + EXCLUDED.payout_paise`,
          [outlet.id, day, m.billPaise, m.discountPaise, m.platformFeePaise, m.subtotalPaise - m.platformFeePaise, m.platformFeeGstPaise, m.payoutPaise],
        );
        let status: TransferStatus | null = null;
        if (routed) {
          status = back >= 3 ? 'settled' : back === 2 ? 'released' : 'processed';
          if (status === 'settled') settledAmount += m.payoutPaise;
          await db('transfers').insert({
            orderId,
            outletId: outlet.id,
            provider: 'sandbox',
            providerTransferId: `trf_sbxdemo${orderId}`,
            routeAccountId: account.id,
            amountPaise: m.payoutPaise,
            status,
            onHoldUntil: new Date(paidAt.getTime() + 24 * 3_600_000 + 15 * 60_000),
            processedAt: paidAt,
            releasedAt: status === 'processed' ? null : new Date(paidAt.getTime() + 24 * 3_600_000),
            providerSettlementId: status === 'settled' ? settlementId : null,
            settledAt: status === 'settled' ? istToInstant(addDays(today, -1), 10 * 60) : null,
          });
        }
        rows.push({
          id: orderId,
          billPaise: b.billPaise,
          instantDiscountPaise: b.instantDiscountPaise,
          shuffleDiscountPaise: 0,
          convenienceFeePaise: b.convenienceFeePaise,
          gstPaise: b.gstPaise,
          amountPaise: b.amountPaise,
          paidAt,
          refundedPaise: 0,
          transferStatus: status,
          transferPaise: routed ? m.payoutPaise : null,
          settlementUtr: status === 'settled' ? settlementUtr : null,
        });
      }
      const f = figuresOf(rows, GST_BPS);
      const payoutUtr = !routed && back === 5 ? utr('SBIN') : null;
      const columns = statementColumns(f, payoutUtr);
      const { status } = columns;
      const settledAt = status === 'settled' ? istToInstant(addDays(today, back === 5 ? -3 : -1), 10 * 60) : null;
      const [statement] = await db('settlements')
        .insert({
          outletId: outlet.id,
          periodStart: day,
          periodEnd: day,
          ...columns,
          payoutUtr,
          onHoldAt: status === 'pending' ? null : istToInstant(addDays(day, 1), 30),
          settledAt,
        })
        .returning(['id']);
      if (settledAt) await db('ledgerEntries').insert({ outletId: outlet.id, settlementId: (statement as { id: number }).id, entryType: 'payout', amountPaise: f.payoutPaise, occurredAt: settledAt });
    }
    if (routed && settledAmount) {
      await db('providerSettlements').insert({
        provider: 'sandbox',
        providerSettlementId: settlementId,
        utr: settlementUtr,
        amountPaise: settledAmount,
        processedAt: istToInstant(addDays(today, -1), 10 * 60),
        reconciledAt: istToInstant(addDays(today, -1), 10 * 60),
      });
    }
  }
  ctx.log(`demo payments: ${orders} paid bills with statements, transfers and a settled day`);
}
