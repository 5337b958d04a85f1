import { publicProcedure, router, userProcedure } from '../../trpc/trpc.ts';
import {
  createGroupBillInputSchema,
  groupCodeInputSchema,
  payRestInputSchema,
  payShareInputSchema,
  updateGroupBillInputSchema,
} from './schema.ts';
import { createGroupBill, getGroupBill, payRest, payShare, quoteGroupBill, updateGroupBill } from './service.ts';

/** `trpc.groupBills.*` (docs/payments.md "Group pay"); REST twins in rest.ts. */
export const groupBillsRouter = router({
  /** A preview of the split (nothing stored). */
  quote: publicProcedure.input(createGroupBillInputSchema).query(({ input }) => quoteGroupBill(input)),
  /** The host starts a group bill. */
  create: userProcedure.input(createGroupBillInputSchema).mutation(({ ctx, input }) => createGroupBill(ctx.principal.consumerId, input)),
  /** The group's page: anyone with the code; first names for signed-in shoppers. */
  get: publicProcedure
    .input(groupCodeInputSchema)
    .query(({ ctx, input }) => getGroupBill(input.code, ctx.principal?.kind === 'consumer' ? ctx.principal.consumerId : null)),
  /** The host changes the bill or the shares before anyone paid. */
  update: userProcedure.input(updateGroupBillInputSchema).mutation(({ ctx, input }) => updateGroupBill(ctx.principal.consumerId, input)),
  /** One share's order (then the provider's checkout, as for any bill). */
  payShare: userProcedure.input(payShareInputSchema).mutation(({ ctx, input }) => payShare(ctx.principal.consumerId, input)),
  /** The host's order for every share left. */
  payRest: userProcedure.input(payRestInputSchema).mutation(({ ctx, input }) => payRest(ctx.principal.consumerId, input)),
});
