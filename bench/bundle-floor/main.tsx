/**
 * The bundle floor (issue 4 "Speed"): the smallest app built with the same toolchain as the shopper
 * app: react, react-dom, wouter, jotai, react-query and the tRPC client (with its React bindings),
 * each actually used so tree-shaking keeps what a real screen needs. bench/suites/bundle.ts builds it
 * and compares the home route's JavaScript with it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { Provider, atom, createStore, useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { StrictMode, Suspense, lazy, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Route, Switch } from 'wouter';
import type { AppRouter } from '../../server/trpc/app-router.ts';

const trpc = createTRPCReact<AppRouter>();
const countAtom = atom(0);
const cityAtom = atomWithStorage<string | null>('city', null, createJSONStorage(() => sessionStorage));
const Page = lazy(async () => ({ default: () => <p>page</p> }));

function Home() {
  const [count, setCount] = useAtom(countAtom);
  const [city, setCity] = useAtom(cityAtom);
  const categories = trpc.categories.list.useQuery();
  return (
    <main>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {count}
      </button>
      <button type="button" onClick={() => setCity(city ? null : 'pune')}>
        {city}
      </button>
      <Link href="/page">{categories.data?.length ?? 0}</Link>
    </main>
  );
}

function App() {
  const [queryClient] = useState(() => new QueryClient());
  // No transformer: superjson is not part of the floor (the app pays for it); the cast only
  // satisfies the app router's transformer type.
  const [client] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: '/trpc' } as never)] }));
  const [store] = useState(() => createStore());
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Provider store={store}>
          <Suspense fallback={null}>
            <Switch>
              <Route path="/" component={Home} />
              <Route path="/page" component={Page} />
            </Switch>
          </Suspense>
        </Provider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
