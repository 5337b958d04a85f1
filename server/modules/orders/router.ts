import { router, userProcedure } from '../../trpc/trpc.ts';
import { createOrderInputSchema } from './schema.ts';
import { createOrder } from './service.ts';

export const ordersRouter = router({
  /** An order for a breakdown; the amount is recomputed here. Same idempotency key → same order. */
  create: userProcedure.input(createOrderInputSchema).mutation(({ ctx, input }) => createOrder(ctx.principal.consumerId, input)),
});
