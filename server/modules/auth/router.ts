import { publicProcedure, router, userProcedure } from '../../trpc/trpc.ts';
import { loginSchema, sendOtpSchema, signupSchema, verifyOtpSchema } from './schema.ts';
import { login, logout, resendOtp, signup, verifyOtp } from './service.ts';

export const authRouter = router({
  signup: publicProcedure.input(signupSchema).mutation(({ input, ctx }) => signup(input, { ip: ctx.ip, language: ctx.requestedLanguage })),
  login: publicProcedure.input(loginSchema).mutation(({ input, ctx }) => login(input, { ip: ctx.ip, language: ctx.requestedLanguage })),
  sendOtp: publicProcedure.input(sendOtpSchema).mutation(({ input, ctx }) => resendOtp(input, { ip: ctx.ip, language: ctx.requestedLanguage })),
  verifyOtp: publicProcedure
    .input(verifyOtpSchema)
    .mutation(({ input, ctx }) => verifyOtp(input, { ip: ctx.ip, userAgent: ctx.userAgent })),
  logout: userProcedure.mutation(({ ctx }) => logout(ctx.principal.sessionId)),
});
