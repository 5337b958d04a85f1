import { businessProcedure, publicProcedure, router } from '../../trpc/trpc.ts';
import { businessLoginSchema } from './schema.ts';
import { loginBusinessOwner, logoutBusinessOwner } from './service.ts';

export const businessAuthRouter = router({
  login: publicProcedure
    .input(businessLoginSchema)
    .mutation(({ input, ctx }) => loginBusinessOwner(input, { userAgent: ctx.userAgent ?? undefined, ip: ctx.ip })),
  logout: businessProcedure.mutation(async ({ ctx }) => {
    await logoutBusinessOwner(ctx.principal.sessionId);
    return { success: true as const };
  }),
});
