import { z } from 'zod';
import { outletProcedure, publicProcedure, router } from '../../trpc/trpc.ts';
import { idSchema } from '../common/schema.ts';
import { resolvePayCodeSchema } from './schema.ts';
import { getOutletPayLink, resolvePayCode } from './service.ts';

/** `trpc.payLinks.*` (docs/payments.md "Pay links and QR codes"). */
export const payLinksRouter = router({
  /** A typed or scanned outlet code → its outlet (the scanner; NOT_FOUND when no outlet has it). */
  resolve: publicProcedure.input(resolvePayCodeSchema).query(({ input }) => resolvePayCode(input.code)),
  /** The console's "QR and standee" page: the outlet's code, link and today's best offer. */
  forOutlet: outletProcedure
    .input(z.object({ outletId: idSchema }))
    .query(({ ctx, input }) => getOutletPayLink(ctx.principal.businessOwnerId, input.outletId, ctx.origin ?? '')),
});
