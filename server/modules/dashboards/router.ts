import { outletProcedure, router } from '../../trpc/trpc.ts';
import { dashboardPageSchema, revenueInputSchema, settlementCsvSchema, statementPdfInputSchema } from './schema.ts';
import { listCoupons, listLiveAds, listRevenue, listSettlements, settlementCsv, statementPdf } from './service.ts';

/** `trpc.dashboards.*`: 20 a page, totalPages = ceil(count / 20), at least 1. */
export const dashboardsRouter = router({
  coupons: outletProcedure.input(dashboardPageSchema).query(({ ctx, input }) => listCoupons(ctx.principal.businessOwnerId, input)),
  liveAds: outletProcedure.input(dashboardPageSchema).query(({ ctx, input }) => listLiveAds(ctx.principal.businessOwnerId, input)),
  revenue: outletProcedure.input(revenueInputSchema).query(({ ctx, input }) => listRevenue(ctx.principal.businessOwnerId, input)),
  settlements: outletProcedure.input(revenueInputSchema).query(({ ctx, input }) => listSettlements(ctx.principal.businessOwnerId, input)),
  settlementCsv: outletProcedure.input(settlementCsvSchema).query(({ ctx, input }) => settlementCsv(ctx.principal.businessOwnerId, input)),
  /** The monthly PDF statement with the tax invoice for the platform fee (base64; REST sends the bytes). */
  statementPdf: outletProcedure.input(statementPdfInputSchema).query(async ({ ctx, input }) => {
    const { filename, contentType, base64 } = await statementPdf(ctx.principal.businessOwnerId, input);
    return { filename, contentType, base64 };
  }),
});
