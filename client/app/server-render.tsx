import './server-globals'; // first: the atoms read session storage as their modules load
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { createStore } from 'jotai';
import { preloadCategoryDrawings } from '@client/components/ui/category-icon';
import { serverRenderedListAtom } from '@client/features/outlets/atoms';
import { i18n, INTL_LOCALE, setLocale, type Locale } from '@client/lib/i18n';
import { createQueryClient } from '@client/lib/query-client';
import { createTrpcClient } from '@client/lib/trpc';
import { App } from './app';
import { withoutHoisted } from './hoisted';
import { prefetchFirstScreen, rendersOnServer, type SentCall } from './prefetch';

// The server asks this before a render (server/http/page-render.ts).
export { rendersOnServer };
import { preloadRoute } from './routes';

/**
 * The home page and an outlet page as a first-time visitor sees them, and a signed-out shopper's
 * enter-amount page, rendered on the server at request time with the data the page carries (issue
 * 18): the outlet cards or the outlet's details, their photos and the whole first screen are in the
 * HTML, so a slow phone paints them before any JavaScript has run, and boot.tsx then hydrates that
 * markup instead of building the page a second time.
 *
 * It renders the very tree boot.tsx renders (the App, with the answers put in its cache exactly as
 * prefetch.ts puts them), so the browser's first render matches it. It is only asked for when that
 * holds (`rendersOnServer` in prefetch.ts, and server/http/page-render.ts): no query in the URL, no
 * city, category or place chosen in this browser session and the location not granted (the `browse`
 * and `located` cookies, client/features/outlets/lib/browse-cookie.ts); otherwise the server sends
 * the prerendered loading shell as before. The server loads this module from the SSR build
 * (`dist/client-server`).
 */

export interface RenderRequest {
  /** The path the page is at (`rendersOnServer` says which are rendered; anything else answers null). */
  pathname: string;
  /** The URL's query (`?…`), empty for none. */
  search: string;
  locale: Locale;
  /** The answers the page carries in its `#first-screen` block. */
  calls: SentCall[];
  /** Whether the request carries the shopper's signed-in flag (`signedIn`, client/lib/session-cookies.ts). */
  signedIn: boolean;
}

/** The page's markup inside `#root`, or null when this page is not rendered on the server. */
export async function renderFirstScreen(request: RenderRequest): Promise<string | null> {
  if (!rendersOnServer(request.pathname, request.search, request.signedIn)) return null;
  await Promise.all([preloadRoute(request.pathname), preloadCategoryDrawings()]);
  // Every registered catalog's messages in that language (a no-op once loaded).
  await setLocale(request.locale, { remember: false });
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient([]);
  const store = createStore();
  store.set(serverRenderedListAtom, true);
  prefetchFirstScreen(request.pathname, { queryClient, trpcClient, store, answers: request.calls, search: request.search });
  // From here on synchronous: no other request's language can come between activating it and the render.
  if (i18n.locale !== request.locale) i18n.activate(request.locale, [INTL_LOCALE[request.locale]]);
  try {
    // React puts the page's <title> and description first; the shell's head has them already.
    const html = renderToString(
      <StrictMode>
        <Router ssrPath={request.pathname} ssrSearch={request.search}>
          <App queryClient={queryClient} trpcClient={trpcClient} store={store} />
        </Router>
      </StrictMode>,
    );
    return withoutHoisted(html);
  } finally {
    queryClient.clear();
  }
}
