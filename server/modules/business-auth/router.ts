import { businessProcedure, publicProcedure, router } from '../../trpc/trpc.ts';
import { setLanguageSchema } from '../common/schema.ts';
import { businessLoginSchema } from './schema.ts';
import { loginBusinessOwner, logoutBusinessOwner, setBusinessOwnerLanguage } from './service.ts';

export const businessAuthRouter = router({
  login: publicProcedure
    .input(businessLoginSchema)
    .mutation(({ input, ctx }) => loginBusinessOwner(input, { userAgent: ctx.userAgent ?? undefined, ip: ctx.ip })),
  setLanguage: businessProcedure
    .input(setLanguageSchema)
    .mutation(({ input, ctx }) => setBusinessOwnerLanguage(ctx.principal.businessOwnerId, input.language)),
  logout: businessProcedure.mutation(async ({ ctx }) => {
    await logoutBusinessOwner(ctx.principal.sessionId);
    return { success: true as const };
  }),
});
