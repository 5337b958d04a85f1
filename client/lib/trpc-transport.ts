import { httpBatchLink, loggerLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/app-router';
import { cookiesChanged } from './cookies';
import { appRequestHeaders } from './session-cookies';
import { REQUEST_TIMEOUT_MS } from './trpc';

/**
 * How tRPC calls travel: batched HTTP with superjson, a 20 s timeout, errors logged. Loaded on the
 * first call (lib/trpc.ts, `lazyLink`), not with the first screen's code: the home page paints from
 * the data in its HTML (issue 18).
 *
 * The sessions ride in their HttpOnly cookies (docs/auth.md): the shopper's and the owner's, at most
 * one at a time (SPEC §6, the server ends one as the other logs in), so one batch serves both. Every
 * call carries the app's marker header (CSRF) and, after its answer, tells the cookie store to look
 * again: the answer may have set or cleared session cookies.
 */

function withTimeout(signal: AbortSignal | null | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  // AbortSignal.any is missing on some older mobile browsers; keep the caller's signal there.
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

const appFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, { ...init, credentials: 'same-origin', signal: withTimeout(init?.signal) });
  } finally {
    cookiesChanged();
  }
};

export const transportLinks: TRPCLink<AppRouter>[] = [
  loggerLink({
    enabled: (op) => import.meta.env.DEV || (op.direction === 'down' && op.result instanceof Error),
  }),
  httpBatchLink({
    url: '/trpc',
    transformer: superjson,
    maxURLLength: 2083,
    fetch: appFetch,
    headers: appRequestHeaders,
  }),
];
