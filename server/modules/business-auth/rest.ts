import type Router from '@koa/router';
import { HTTP_STATUS, restBodyOf, toAppError, unauthorized } from '../../lib/errors.ts';
import { languageOf, localizeAppError } from '../../lib/i18n.ts';
import { businessOf } from '../../rest/guards.ts';
import { clearBrowserSession, isAppRequest, openBrowserSession } from '../../http/session-cookies.ts';
import { parseWith } from '../../rest/validate.ts';
import { setLanguageSchema } from '../common/schema.ts';
import { businessOwnerDetails } from '../business-owners/service.ts';
import { businessLoginSchema, type BusinessOutletSummary } from './schema.ts';
import { loginBusinessOwner, logoutBusinessOwner, setBusinessOwnerLanguage } from './service.ts';

export const outletDetails = (outlets: BusinessOutletSummary[]) =>
  outlets.map((o) => ({ OUTLET_ID: o.id, NAME: o.name, ADDRESS_LINE_TWO: o.addressLineTwo }));

/**
 * `POST /api/onboarding/bo/login` → { accessToken, businessOwnerDetails, outletDetails } (SPEC §3, §7);
 * a failure's `message` and `error` carry the same text (the business client shows `error`).
 * `POST /api/onboarding/bo/logout` with the business token.
 */
export function businessAuthRest({ api }: { api: Router; admin: Router }): void {
  api.post('/onboarding/bo/login', async (ctx) => {
    try {
      const input = parseWith(businessLoginSchema, ctx.request.body ?? {});
      const result = await loginBusinessOwner(input, { userAgent: ctx.get('User-Agent'), ip: ctx.ip || null });
      await openBrowserSession(ctx, 'business', { token: result.accessToken, expiresAt: result.expiresAt });
      ctx.body = {
        // For the Android wrapper and API clients (Authorization: Bearer); a browser has the cookie.
        ...(isAppRequest(ctx) ? {} : { accessToken: result.accessToken }),
        businessOwnerDetails: businessOwnerDetails(result.businessOwner),
        outletDetails: outletDetails(result.outlets),
      };
    } catch (error) {
      const found = toAppError(error);
      if (!found) throw error;
      const appError = localizeAppError(found, languageOf(ctx.get('Accept-Language')));
      ctx.status = HTTP_STATUS[appError.code];
      if (appError.retryAfter) ctx.set('Retry-After', String(appError.retryAfter));
      ctx.body = { ...restBodyOf(appError), error: appError.message };
    }
  });
  api.post('/onboarding/bo/logout', async (ctx) => {
    const principal = ctx.state.principal;
    if (principal?.kind !== 'business') throw unauthorized('Please sign in to your business account.');
    await logoutBusinessOwner(principal.sessionId);
    clearBrowserSession(ctx, 'business');
    ctx.body = { success: true, message: 'Logged out' };
  });
  /** `{ language: 'en' | 'hi' }`: the signed-in account's console language (docs/i18n.md). */
  api.put('/business/language', async (ctx) => {
    const { businessOwnerId } = businessOf(ctx);
    const { language } = parseWith(setLanguageSchema, ctx.request.body ?? {});
    ctx.body = await setBusinessOwnerLanguage(businessOwnerId, language);
  });
}
