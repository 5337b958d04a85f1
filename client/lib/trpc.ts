import { httpBatchLink, loggerLink, splitLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/app-router';
import { BUSINESS_TOKEN_COOKIE, getAuthToken } from './auth-token';
import { readCookie } from './cookies';
import { acceptLanguageHeader } from './i18n';

/**
 * Classic `@trpc/react-query` bindings (fixed by the brief; see CONVENTIONS §D for the
 * `@trpc/tanstack-react-query` alternative: only this file and call sites would change).
 */
export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** SPEC §9: every request times out after 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

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
const BUSINESS_ROUTERS = new Set(['businessAuth', 'businessAccount', 'subAccounts', 'promotions', 'dashboards']);
export const isBusinessProcedure = (path: string) => BUSINESS_ROUTERS.has(path.split('.')[0] ?? '');

function businessAuthHeaders(): Record<string, string> {
  const token = readCookie(BUSINESS_TOKEN_COOKIE);
  return token ? { ...acceptLanguageHeader(), Authorization: `Bearer ${token}` } : acceptLanguageHeader();
}

const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: withTimeout(init?.signal) });

export function createTrpcClient(links?: TRPCLink<AppRouter>[]) {
  return trpc.createClient({
    links: links ?? [
      loggerLink({
        enabled: (op) =>
          import.meta.env.DEV || (op.direction === 'down' && op.result instanceof Error),
      }),
      splitLink({
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
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
