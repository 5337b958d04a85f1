import { router, userProcedure } from '../../trpc/trpc.ts';
import { getBillInputSchema } from './schema.ts';
import { getBill } from './service.ts';

export const billsRouter = router({
  /** The whole breakdown of a bill at an outlet (docs/payments.md). */
  get: userProcedure.input(getBillInputSchema).query(({ ctx, input }) => getBill(ctx.principal.consumerId, input)),
});
