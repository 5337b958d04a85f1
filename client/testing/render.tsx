import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { I18nProvider } from '@lingui/react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppRouter } from '@server/trpc/app-router';
import { Providers } from '@client/app/providers';
import { i18n } from '@client/lib/i18n';
import { createTrpcClient } from '@client/lib/trpc';
import { cookiesChanged } from '@client/lib/cookies';

/**
 * Answers for tRPC procedures, keyed by path (`'categories.list'`). A handler returns the
 * procedure's output (sync or async) or throws to make the call fail. Unknown paths fail.
 */
export type TrpcFixtures = Record<string, (input: unknown) => unknown>;

/**
 * The error a fixture throws to fail a call the way the server does (docs/architecture.md "Errors"):
 * a message with the formatter's data, e.g. `{ code: 'BAD_REQUEST', httpStatus: 400, fieldErrors }`.
 */
export function serverError(message: string, data: { code: string; httpStatus: number; fieldErrors?: Record<string, string> }): TRPCClientError<AppRouter> {
  return TRPCClientError.from({ error: { message, code: -32600, data } } as never);
}

/**
 * A terminating link that answers from fixtures instead of the network (no transformer needed). A
 * fixture plays the server's Set-Cookie by writing `document.cookie` (e.g. the `signedIn` flag); like
 * the real transport, the link tells the cookie store after every answer.
 */
export function fixtureLink(fixtures: TrpcFixtures): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        let active = true;
        Promise.resolve()
          .then(() => {
            const handler = fixtures[op.path];
            if (!handler) throw new Error(`No tRPC fixture for "${op.path}"`);
            return handler(op.input);
          })
          .finally(cookiesChanged)
          .then(
            (data) => {
              if (!active) return;
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (cause: unknown) => {
              if (!active) return;
              observer.error(
                TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))),
              );
            },
          );
        return () => {
          active = false;
        };
      });
}

type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** Initial URL (path + optional `?search`). */
  path?: string;
  trpc?: TrpcFixtures;
  store?: ReturnType<typeof createStore>;
};

/** Renders `ui` inside the app's real providers with a memory router, fresh caches and fixtures. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', trpc = {}, store = createStore(), ...options }: RenderWithProvidersOptions = {},
) {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const trpcClient = createTrpcClient([fixtureLink(trpc)]);

  const result = render(
    <Providers queryClient={queryClient} trpcClient={trpcClient} store={store}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </Providers>,
    options,
  );

  return { ...result, user: userEvent.setup(), location, queryClient, store };
}

/** Renders a component that needs only the catalogs (no queries, router or store). */
export function renderWithI18n(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  return render(ui, { ...options, wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });
}
