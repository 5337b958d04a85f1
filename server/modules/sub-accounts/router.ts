import { masterProcedure, router } from '../../trpc/trpc.ts';
import { createSubAccountSchema, setSubAccountOutletsSchema, subAccountIdSchema, updateSubAccountSchema } from './schema.ts';
import { createSubAccount, deleteSubAccount, listSubAccounts, setSubAccountOutlets, updateSubAccount } from './service.ts';

/** `trpc.subAccounts.*`: /for-bussiness/account/user-management (master accounts only). */
export const subAccountsRouter = router({
  list: masterProcedure.query(({ ctx }) => listSubAccounts(ctx.principal.businessOwnerId)),
  create: masterProcedure.input(createSubAccountSchema).mutation(({ ctx, input }) => createSubAccount(ctx.principal.businessOwnerId, input)),
  update: masterProcedure.input(updateSubAccountSchema).mutation(({ ctx, input }) => updateSubAccount(ctx.principal.businessOwnerId, input)),
  setOutlets: masterProcedure
    .input(setSubAccountOutletsSchema)
    .mutation(({ ctx, input }) => setSubAccountOutlets(ctx.principal.businessOwnerId, input)),
  delete: masterProcedure.input(subAccountIdSchema).mutation(({ ctx, input }) => deleteSubAccount(ctx.principal.businessOwnerId, input.subAccountId)),
});
