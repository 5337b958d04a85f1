import { loginAnswer } from '../../http/session-cookies.ts';
import { businessProcedure, publicProcedure, router } from '../../trpc/trpc.ts';
import { setLanguageSchema } from '../common/schema.ts';
import { businessLoginSchema } from './schema.ts';
import { loginBusinessOwner, logoutBusinessOwner, setBusinessOwnerLanguage } from './service.ts';

export const businessAuthRouter = router({
  // The session goes into the browser as an HttpOnly cookie, ending a shopper's (SPEC §6, docs/auth.md).
  login: publicProcedure.input(businessLoginSchema).mutation(async ({ input, ctx }) => {
    const result = await loginBusinessOwner(input, { userAgent: ctx.userAgent ?? undefined, ip: ctx.ip });
    await ctx.cookies.open('business', { token: result.accessToken, expiresAt: result.expiresAt });
    return loginAnswer(ctx.cookies, result);
  }),
  setLanguage: businessProcedure
    .input(setLanguageSchema)
    .mutation(({ input, ctx }) => setBusinessOwnerLanguage(ctx.principal.businessOwnerId, input.language)),
  logout: businessProcedure.mutation(async ({ ctx }) => {
    await logoutBusinessOwner(ctx.principal.sessionId);
    ctx.cookies.close('business');
    return { success: true as const };
  }),
});
