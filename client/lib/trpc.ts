import { httpBatchLink, loggerLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/app-router';

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

const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: withTimeout(init?.signal) });

export function createTrpcClient(links?: TRPCLink<AppRouter>[]) {
  return trpc.createClient({
    links: links ?? [
      loggerLink({
        enabled: (op) =>
          import.meta.env.DEV || (op.direction === 'down' && op.result instanceof Error),
      }),
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        maxURLLength: 2083,
        fetch: timedFetch,
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
