import type { Language } from '../lib/i18n.ts';
import type { Principal } from '../modules/sessions/service.ts';
import type { SessionCookieJar } from '../http/session-cookies.ts';

export interface Context {
  principal: Principal | null;
  /** The caller's IP as Koa saw it (honours X-Forwarded-For only when the app trusts proxies). */
  ip: string | null;
  userAgent: string | null;
  /** The request's origin (`http://host:port`, as Koa saw it), for links built from it (pay links' QR). */
  origin: string | null;
  requestId: string | null;
  /** The language the caller asked for (`Accept-Language`, docs/i18n.md), else English; errors are sent in it. */
  language: Language;
  /** The same, null when the request named no language we speak (then an account's own language applies). */
  requestedLanguage: Language | null;
  /** Response headers a procedure wants sent (e.g. Retry-After), applied by the Koa glue. */
  responseHeaders: Map<string, string>;
  /** The browser's session cookies: a login opens one, a logout closes it (server/http/session-cookies.ts). */
  cookies: SessionCookieJar;
}

/** A jar with no browser behind it (createCaller in tests, server-side calls): nothing is set. */
export const NO_COOKIES: SessionCookieJar = { open: async () => undefined, close: () => undefined, handsOverToken: false };

/** Builds a context without HTTP: used by the Koa glue and by `createCaller` in tests. */
export function createContextInner(opts: Partial<Omit<Context, 'responseHeaders'>> = {}): Context {
  return {
    principal: opts.principal ?? null,
    ip: opts.ip ?? null,
    userAgent: opts.userAgent ?? null,
    origin: opts.origin ?? null,
    requestId: opts.requestId ?? null,
    language: opts.language ?? opts.requestedLanguage ?? 'en',
    requestedLanguage: opts.requestedLanguage ?? opts.language ?? null,
    responseHeaders: new Map(),
    cookies: opts.cookies ?? NO_COOKIES,
  };
}
