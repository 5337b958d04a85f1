import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@client/components/ui/error-boundary';
import { catalogsReady, catalogsSettled, i18n } from '@client/lib/i18n';
import { createQueryClient } from '@client/lib/query-client';
import { createTrpcClient, trpc, type TrpcClient } from '@client/lib/trpc';

type JotaiStore = ReturnType<typeof createStore>;

type ProvidersProps = {
  children: ReactNode;
  /** Injected by tests (fresh client, retries off); created once otherwise. */
  queryClient?: QueryClient;
  trpcClient?: TrpcClient;
  store?: JotaiStore;
};

/**
 * Holds the first render until the catalogs registered at start have the active language's messages:
 * nothing to wait for in English; in Hindi, the shared layer's Hindi chunk (docs/i18n.md).
 */
function CatalogGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(catalogsReady);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void catalogsSettled().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? children : null;
}

export function Providers({ children, queryClient, trpcClient, store }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [trpcLinkClient] = useState(() => trpcClient ?? createTrpcClient());
  const [jotaiStore] = useState(() => store ?? createStore());

  return (
    <I18nProvider i18n={i18n}>
      <CatalogGate>
        <ErrorBoundary>
          <trpc.Provider client={trpcLinkClient} queryClient={client}>
            <QueryClientProvider client={client}>
              <JotaiProvider store={jotaiStore}>{children}</JotaiProvider>
            </QueryClientProvider>
          </trpc.Provider>
        </ErrorBoundary>
      </CatalogGate>
    </I18nProvider>
  );
}
