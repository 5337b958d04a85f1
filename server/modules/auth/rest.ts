import type Router from '@koa/router';
import type { Context } from 'koa';
import { requestedLanguage } from '../../lib/i18n.ts';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { clearBrowserSession, isAppRequest, openBrowserSession } from '../../http/session-cookies.ts';
import { toUserDetails } from '../users/schema.ts';
import { loginSchema, sendOtpSchema, signupSchema, verifyOtpSchema } from './schema.ts';
import { login, logout, resendOtp, signup, verifyOtp } from './service.ts';

const metaOf = (ctx: Context) => ({
  ip: ctx.ip || null,
  userAgent: ctx.get('User-Agent') || null,
  language: requestedLanguage(ctx.get('Accept-Language')),
});

/** `/api/onboarding/*` (SPEC §7 Auth) plus `POST /api/onboarding/logout`. */
export function authRest({ api }: { api: Router }): void {
  api.post('/onboarding/signup', async (ctx) => {
    const sent = await signup(parseWith(signupSchema, ctx.request.body ?? {}), metaOf(ctx));
    ctx.body = { ...sent, message: 'OTP sent' };
  });
  api.post('/onboarding/login', async (ctx) => {
    const sent = await login(parseWith(loginSchema, ctx.request.body ?? {}), metaOf(ctx));
    ctx.body = { ...sent, message: 'OTP sent' };
  });
  api.post('/onboarding/send-otp', async (ctx) => {
    const sent = await resendOtp(parseWith(sendOtpSchema, ctx.request.body ?? {}), metaOf(ctx));
    ctx.body = { success: true, ...sent, message: 'OTP sent' };
  });
  api.post('/onboarding/verifyOtp', async (ctx) => {
    const session = await verifyOtp(parseWith(verifyOtpSchema, ctx.request.body ?? {}), metaOf(ctx));
    await openBrowserSession(ctx, 'consumer', { token: session.accessToken, expiresAt: session.expiresAt });
    ctx.body = {
      // For the Android wrapper and API clients (Authorization: Bearer); a browser has the cookie.
      ...(isAppRequest(ctx) ? {} : { accessToken: session.accessToken }),
      expiresAt: session.expiresAt.toISOString(),
      isNewUser: session.isNewUser,
      userId: session.user.id,
      userDetails: toUserDetails(session.user),
    };
  });
  api.post('/onboarding/logout', async (ctx) => {
    ctx.body = await logout(consumerOf(ctx).sessionId);
    clearBrowserSession(ctx, 'consumer');
  });
}
