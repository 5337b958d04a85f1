import { TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
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

/**
 * The procedures that need the owner's session (the console takes their 401 for its session ending,
 * features/business/components/business-shell.tsx).
 */
const BUSINESS_ROUTERS = new Set(['businessAuth', 'businessAccount', 'subAccounts', 'promotions', 'dashboards', 'counter']);
export const isBusinessProcedure = (path: string) => BUSINESS_ROUTERS.has(path.split('.')[0] ?? '');

/**
 * A link that loads the links it stands for on the first call (each call waits for them), then runs
 * every call through them. Calls made while they load go out together, batched as usual.
 */
export function lazyLink(load: () => Promise<TRPCLink<AppRouter>[]>): TRPCLink<AppRouter> {
  return (runtime) => {
    let links: Promise<OperationLink<AppRouter>[]> | undefined;
    return ({ op }) =>
      observable((observer) => {
        let subscription: Unsubscribable | undefined;
        let closed = false;
        const ready = (links ??= load().then(
          (loaded) => loaded.map((link) => link(runtime)),
          (error: unknown) => {
            links = undefined; // a later call may try again
            throw error;
          },
        ));
        ready.then(
          (chain) => {
            if (closed) return;
            // The chain as tRPC's client runs it: each link's `next` is the one after it.
            const call = (index: number, operation: typeof op): ReturnType<OperationLink<AppRouter>> =>
              chain[index]!({ op: operation, next: (nextOp) => call(index + 1, nextOp) });
            subscription = call(0, op).subscribe(observer);
          },
          (error: unknown) => {
            if (!closed) observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      });
  };
}

/**
 * The app's tRPC client. Its transport (batched HTTP, superjson, tokens: lib/trpc-transport.ts) loads
 * with the first call, not with the first screen's code (issue 18); tests pass their own links.
 */
export function createTrpcClient(links?: TRPCLink<AppRouter>[]) {
  return trpc.createClient({
    links: links ?? [lazyLink(() => import('./trpc-transport').then((m) => m.transportLinks))],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;
