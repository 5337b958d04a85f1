import './lib/zod-jitless'; // first: before any zod schema is built (CSP, see the file)
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { App } from './app/app';
import { prefetchFirstScreen } from './app/prefetch';
import { preloadRoute } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in client/index.html');

// The HTML holds this route's prerendered shell (client/app/shells.tsx). Render once the route's own
// code is here, so React paints the page over the shell in one go rather than a spinner first (a chunk
// that fails to load is shown by the app's error handling on that first render), and not before the
// browser has painted the shell once: on a fast connection the scripts arrive before the first frame,
// and the shell would otherwise never be seen on its own.
const shellPainted = new Promise<void>((resolve) => {
  const fallback = setTimeout(resolve, 100); // no frames in a hidden tab
  requestAnimationFrame(() => setTimeout(() => (clearTimeout(fallback), resolve()), 0));
});
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const store = createStore();
/** The shell is inert (prerender-shells.ts) until the app's own markup, with its handlers, replaces it. */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => container!.removeAttribute('inert'), []);
  return children;
}
// In a transition: React renders the first screen in slices that yield to the browser every few
// milliseconds instead of one long task, so a tap or a scroll on the shell is never held up behind it
// (issue 18: total blocking time on a slow phone). The shell stays on screen until React commits.
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Live>
          <App queryClient={queryClient} trpcClient={trpcClient} store={store} />
        </Live>
      </StrictMode>,
    ),
  );
};
const routeCode = preloadRoute(window.location.pathname).catch(() => undefined);
prefetchFirstScreen(window.location.pathname, { queryClient, trpcClient, store });
void Promise.all([routeCode, shellPainted]).then(render);
if (import.meta.env.PROD) registerServiceWorkerWhenIdle();
