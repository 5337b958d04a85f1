import { httpBatchLink, loggerLink, splitLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/app-router';
import { BUSINESS_TOKEN_COOKIE, getAuthToken } from './auth-token';
import { readCookie } from './cookies';
import { acceptLanguageHeader } from './i18n';
import { REQUEST_TIMEOUT_MS, isBusinessProcedure } from './trpc';

/**
 * How tRPC calls travel: batched HTTP with superjson, the shopper's or the business token, a 20 s
 * timeout, errors logged. Loaded on the first call (lib/trpc.ts, `lazyLink`), not with the first
 * screen's code: the home page paints from the data in its HTML (issue 18).
 */

function withTimeout(signal: AbortSignal | null | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  // AbortSignal.any is missing on some older mobile browsers; keep the caller's signal there.
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

/** SPEC §6/§7: the shopper token is sent as `Authorization: Bearer <token>` when present. */
function authHeaders(): Record<string, string> {
  const token = getAuthToken();
  return token ? { ...acceptLanguageHeader(), Authorization: `Bearer ${token}` } : acceptLanguageHeader();
}

/**
 * Business procedures carry the business token (`business_auth_token`) instead; they go in their own
 * batch so one request never mixes the two principals.
 */
function businessAuthHeaders(): Record<string, string> {
  const token = readCookie(BUSINESS_TOKEN_COOKIE);
  return token ? { ...acceptLanguageHeader(), Authorization: `Bearer ${token}` } : acceptLanguageHeader();
}

const timedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: withTimeout(init?.signal) });

/**
 * The links, with tRPC's logger only in development (issue 28: a production console logged every
 * failed query; errors reach the screens that show them, and the server logs its own).
 */
export function transportLinksFor(development: boolean): TRPCLink<AppRouter>[] {
  return [...(development ? [loggerLink<AppRouter>()] : []), requestLinks];
}

const requestLinks: TRPCLink<AppRouter> = splitLink({
  condition: (op) => isBusinessProcedure(op.path),
  true: httpBatchLink({
    url: '/trpc',
    transformer: superjson,
    maxURLLength: 2083,
    fetch: timedFetch,
    headers: businessAuthHeaders,
  }),
  false: httpBatchLink({
    url: '/trpc',
    transformer: superjson,
    maxURLLength: 2083,
    fetch: timedFetch,
    headers: authHeaders,
  }),
});

export const transportLinks: TRPCLink<AppRouter>[] = transportLinksFor(import.meta.env.DEV);
