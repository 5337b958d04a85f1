import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@client/components/ui/error-boundary';
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

export function Providers({ children, queryClient, trpcClient, store }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [trpcLinkClient] = useState(() => trpcClient ?? createTrpcClient());
  const [jotaiStore] = useState(() => store ?? createStore());

  return (
    <ErrorBoundary>
      <trpc.Provider client={trpcLinkClient} queryClient={client}>
        <QueryClientProvider client={client}>
          <JotaiProvider store={jotaiStore}>{children}</JotaiProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </ErrorBoundary>
  );
}
