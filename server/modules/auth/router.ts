import { loginAnswer } from '../../http/session-cookies.ts';
import { publicProcedure, router, userProcedure } from '../../trpc/trpc.ts';
import { loginSchema, sendOtpSchema, signupSchema, verifyOtpSchema } from './schema.ts';
import { login, logout, resendOtp, signup, verifyOtp } from './service.ts';

export const authRouter = router({
  signup: publicProcedure.input(signupSchema).mutation(({ input, ctx }) => signup(input, { ip: ctx.ip, language: ctx.requestedLanguage })),
  login: publicProcedure.input(loginSchema).mutation(({ input, ctx }) => login(input, { ip: ctx.ip, language: ctx.requestedLanguage })),
  sendOtp: publicProcedure.input(sendOtpSchema).mutation(({ input, ctx }) => resendOtp(input, { ip: ctx.ip, language: ctx.requestedLanguage })),
  // The session goes into the browser as an HttpOnly cookie (docs/auth.md); our app gets no token in the body.
  verifyOtp: publicProcedure.input(verifyOtpSchema).mutation(async ({ input, ctx }) => {
    const session = await verifyOtp(input, { ip: ctx.ip, userAgent: ctx.userAgent });
    await ctx.cookies.open('consumer', { token: session.accessToken, expiresAt: session.expiresAt });
    return loginAnswer(ctx.cookies, session);
  }),
  logout: userProcedure.mutation(async ({ ctx }) => {
    const result = await logout(ctx.principal.sessionId);
    ctx.cookies.close('consumer');
    return result;
  }),
});
