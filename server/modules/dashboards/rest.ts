import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseWith } from '../../rest/validate.ts';
import { checkedInputOf } from '../../rest/guards.ts';
import { bool } from '../../rest/legacy.ts';
import { dashboardPageSchema, revenueInputSchema, settlementCsvSchema, statementPdfInputSchema } from './schema.ts';
import { listCoupons, listLiveAds, listRevenue, listSettlements, settlementCsv, statementPdf } from './service.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Dashboard REST (SPEC §7: POST, business token, query offSet & limit, payload outletId). Each answer
 * carries `data`, `offSet` and `totalPages` (SPEC §3 Dashboard lists). Rows use the legacy UPPER_SNAKE
 * keys, coupons with IS_LIVE / REDEEMED as "true"/"false" strings and DISCOUNT_PRECENT as spelled (SPEC §3).
 */
export function dashboardsRest({ api }: { api: Router; admin: Router }): void {
  const coupons = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const page = await listCoupons(ownerId, parseWith(dashboardPageSchema, raw));
    ctx.body = {
      coupons: {
        data: page.data.map((c) => ({
          COUPON_ID: c.id,
          CODE: c.code,
          USER_ID: c.consumerId,
          DISCOUNT_PRECENT: c.discountPercent,
          IS_LIVE: bool(c.isLive),
          REDEEMED: bool(c.redeemed),
          ISSUED_ON: c.issuedOn,
          VALID_UNTIL: iso(c.validUntil),
          REDEEMED_AT: iso(c.redeemedAt),
          CREATED_AT: iso(c.createdAt),
        })),
        offset: page.offSet,
        totalPages: page.totalPages,
        total: page.total,
        summary: { ISSUED: page.summary.issued, REDEEMED: page.summary.redeemed },
      },
    };
  };
  const liveAdv = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const page = await listLiveAds(ownerId, parseWith(dashboardPageSchema, raw));
    ctx.body = {
      liveAds: {
        data: page.data.map((a) => ({
          ADV_ID: a.advId,
          AD_TYPE: a.adType,
          TITLE: a.title,
          DISCOUNT_PERCENT: a.discountPercent,
          STATUS: a.status,
          IS_LIVE: bool(a.status === 'live'),
          DATE: a.slotDate,
          START_TIME: a.startTime,
          END_TIME: a.endTime,
          IMAGE_URL: a.imageUrl,
        })),
        offset: page.offSet,
        totalPages: page.totalPages,
        total: page.total,
      },
    };
  };
  const revenue = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const page = await listRevenue(ownerId, parseWith(revenueInputSchema, raw));
    ctx.body = {
      revenue: {
        data: page.data.map((d) => ({
          DATE: d.day,
          ORDERS: d.ordersCount,
          COUPONS: d.couponsCount,
          BILL_PAISE: d.billPaise,
          DISCOUNT_PAISE: d.discountPaise,
          FEE_PAISE: d.feePaise,
          NET_PAISE: d.netPaise,
          FEE_GST_PAISE: d.feeGstPaise,
          PAYOUT_PAISE: d.payoutPaise,
          REFUNDS: d.refundsCount,
          REFUND_PAISE: d.refundPaise,
        })),
        offset: page.offSet,
        totalPages: page.totalPages,
        total: page.total,
        totals: page.totals,
      },
    };
  };
  const settlements = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const page = await listSettlements(ownerId, parseWith(revenueInputSchema, raw));
    ctx.body = {
      settlements: {
        data: page.data.map((s) => ({
          PERIOD_START: s.periodStart,
          PERIOD_END: s.periodEnd,
          ORDERS: s.ordersCount,
          GROSS_PAISE: s.grossPaise,
          DISCOUNT_PAISE: s.discountPaise,
          FEE_PAISE: s.feePaise,
          NET_PAISE: s.netPaise,
          FEE_GST_PAISE: s.feeGstPaise,
          REFUND_PAISE: s.refundPaise,
          PAYOUT_PAISE: s.payoutPaise,
          ROUTED_PAISE: s.routedPaise,
          STATUS: s.status,
          UTR: s.utr,
          REFERENCE: s.utr,
          ON_HOLD_AT: iso(s.onHoldAt),
          SETTLED_AT: iso(s.settledAt),
          PAID_AT: iso(s.settledAt),
        })),
        offset: page.offSet,
        totalPages: page.totalPages,
        total: page.total,
      },
    };
  };
  const csv = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const { filename, csv: body } = await settlementCsv(ownerId, parseWith(settlementCsvSchema, raw));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };

  api.post('/business/v1/dashboard/coupons', coupons);
  api.post('/business/dashboard/liveAdv', liveAdv);
  api.post('/business/dashboard/revenue', revenue);
  api.post('/business/dashboard/settlement', settlements);
  // The monthly statement with its tax invoice, as a PDF file.
  api.get('/business/dashboard/settlement/statement.pdf', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const pdf = await statementPdf(ownerId, parseWith(statementPdfInputSchema, raw));
    ctx.set('Content-Type', pdf.contentType);
    ctx.set('Content-Disposition', `attachment; filename="${pdf.filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf.bytes;
  });
  api.get('/business/dashboard/settlement.csv', csv);
  api.post('/business/dashboard/settlement.csv', csv);
}
