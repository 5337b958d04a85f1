// The app's start, imported by the entry (main.tsx): at once on a prerendered shell, once the page's
// content has painted on a page the server rendered (lib/app-code.ts).
import './lib/zod-jitless'; // first: before any zod schema is built (CSP, see the file)
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { App } from './app/app';
import { firstScreenIsServers, prefetchFirstScreen } from './app/prefetch';
import { serverRenderedListAtom } from './features/outlets/atoms';
import { keepBrowseCookie } from './features/outlets/lib/browse-cookie';
import { framePainted } from './lib/app-code';
import { hasShopperSession } from './lib/session-cookies';
import { catalogsSettled } from './lib/i18n';
import { startHydration } from './lib/hydration';
import { preloadRoute } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in client/index.html');

// The HTML holds this route's prerendered shell (client/app/shells.tsx). Render once the route's own
// code is here, so React paints the page over the shell in one go rather than a spinner first (a chunk
// that fails to load is shown by the app's error handling on that first render), and not before the
// browser has painted the shell once: on a fast connection the scripts arrive before the first frame,
// and the shell would otherwise never be seen on its own.
const shellPainted = framePainted();
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const store = createStore();
/** The shell is inert (prerender-shells.ts) until the app's own markup, with its handlers, replaces it. */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => container!.removeAttribute('inert'), []);
  return children;
}
// The server rendered this page's first screen into the HTML (`data-ssr`, client/app/server-render.tsx)
// and this browser's first render is that very screen: React hydrates the markup, attaching to it
// rather than building it again (issue 18: no second copy of the page's DOM and styles on a slow
// phone).
const hydrate =
  container.hasAttribute('data-ssr') && firstScreenIsServers(window.location.pathname, window.location.search, store, hasShopperSession());
if (hydrate) {
  store.set(serverRenderedListAtom, true);
  startHydration();
}
const app = (
  <StrictMode>
    <Live>
      <App queryClient={queryClient} trpcClient={trpcClient} store={store} />
    </Live>
  </StrictMode>
);
// Otherwise in a transition: React renders the first screen in slices that yield to the browser every
// few milliseconds instead of one long task, so a tap or a scroll on the shell is never held up behind
// it (issue 18: total blocking time on a slow phone). The shell stays on screen until React commits.
const render = () => {
  if (hydrate) {
    // As a transition too: hydration then yields to the browser as it goes instead of one long task.
    startTransition(() => void hydrateRoot(container, app));
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
};
const routeCode = preloadRoute(window.location.pathname).catch(() => undefined);
// The first screen's data in a task of its own, after the one that evaluated the app's code (a slow
// phone's longest): the render waits for the shell's first frame anyway.
const firstScreen = new Promise<void>((resolve) =>
  setTimeout(() => {
    prefetchFirstScreen(window.location.pathname, { queryClient, trpcClient, store });
    resolve();
  }, 0),
);
// Hydrating needs the language's messages too: the server's markup is in it.
void Promise.all([routeCode, shellPainted, firstScreen, hydrate ? catalogsSettled() : null]).then(render);
setTimeout(() => keepBrowseCookie(store), 0);
if (import.meta.env.PROD) registerServiceWorkerWhenIdle();
