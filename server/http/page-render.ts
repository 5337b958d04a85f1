import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'koa';
import { withDeferredCode } from '../../client/lib/app-code.ts';
import type { Logger } from '../lib/logger.ts';
import { SHOPPER_SIGNED_IN_COOKIE } from '../modules/sessions/schema.ts';

/**
 * The home page and outlet pages rendered on the server at request time (issue 18): the SSR build of
 * the shopper app (`dist/client-server/server-render.js`, client/app/server-render.tsx) renders the
 * first screen with the data the page carries, and the markup takes the place of the prerendered
 * loading shell inside `#root`, marked `data-ssr` for boot.tsx to hydrate. A slow phone then paints the
 * outlet cards (or the outlet) and their photos from the HTML, before any JavaScript has run.
 *
 * Only for a browser whose first screen is a first visit's: no city, category or place chosen this
 * session and no granted location permission (the `browse` and `located` cookies the app keeps,
 * client/features/outlets/lib/browse-cookie.ts). Anyone else gets the shell as before, never another
 * visitor's page first.
 */

/** What the SSR build renders: the page's markup inside `#root`, or null for a page it does not render. */
export type RenderFirstScreen = (request: {
  pathname: string;
  search: string;
  locale: 'en' | 'hi';
  calls: unknown[];
  signedIn: boolean;
}) => Promise<string | null>;

/** Which pages the SSR build renders (client/app/prefetch.ts `rendersOnServer`). */
export type RendersOnServer = (pathname: string, search: string, signedIn: boolean) => boolean;

/**
 * Renders a page for one request, or answers null (spa() in static.ts calls it for every page it
 * answers, with the page data it is sending: `json` null when there is none).
 */
export type PageRenderer = (ctx: Context, page: { route: string; search: string; language: string; json: unknown }) => Promise<string | null>;

/** The browser's cookies that say its home page is not the default one. */
export const OWN_HOME_COOKIES = ['browse', 'located'] as const;


/** Where a shell's `#root` starts and ends (client/vite-plugins/prerender-shells.ts writes both). */
const ROOT_START = '<div id="root" inert>';
const ROOT_END = '</div><!--/root-->';

/** The shell with `markup` in place of its `#root` content, marked for hydration, its code deferred; null when the shell has no marked root. */
export function withRenderedRoot(html: string, markup: string): string | null {
  const start = html.indexOf(ROOT_START);
  const end = html.indexOf(ROOT_END, start);
  if (start < 0 || end < 0) return null;
  return withDeferredCode(`${html.slice(0, start)}<div id="root" inert data-ssr>${markup}${html.slice(end)}`);
}

/**
 * Keeps the last few renders: the first screen's data changes when outlets do, not per request, and a
 * render costs tens of milliseconds of CPU that every other request would wait behind.
 */
export function cachedRenders(render: RenderFirstScreen, size = 8): RenderFirstScreen {
  const cache = new Map<string, Promise<string | null>>();
  return (request) => {
    const key = createHash('sha256').update(JSON.stringify([request.pathname, request.search, request.locale, request.signedIn, request.calls])).digest('base64');
    const hit = cache.get(key);
    if (hit) {
      // Most recently used last.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const rendered = render(request);
    cache.set(key, rendered);
    rendered.catch(() => cache.delete(key));
    while (cache.size > size) cache.delete(cache.keys().next().value!);
    return rendered;
  };
}

/**
 * The renderer of the SSR build in `dir`, loaded as the app starts (so the first visitor after a deploy
 * does not wait for it); none when the build is not there (a development server, the tests): the
 * shells are served as before.
 */
export function pageRendererFrom(dir: string, logger: Logger): PageRenderer {
  const file = path.join(dir, 'server-render.js');
  type Build = { render: RenderFirstScreen; rendersOnServer: RendersOnServer };
  let loading: Promise<Build | null> | undefined;
  // A build that is not there yet is looked for again on the next page (one built after the start).
  const load = (): Promise<Build | null> => {
    if (loading) return loading;
    if (!fs.existsSync(file)) return Promise.resolve(null);
    return (loading = import(pathToFileURL(file).href).then(
      (mod: { renderFirstScreen?: RenderFirstScreen; rendersOnServer?: RendersOnServer }) =>
        mod.renderFirstScreen && mod.rendersOnServer ? { render: cachedRenders(mod.renderFirstScreen), rendersOnServer: mod.rendersOnServer } : null,
      (error: unknown) => {
        logger.error({ err: error, file }, 'server render: the SSR build did not load');
        return null;
      },
    ));
  };
  void load();
  return async (ctx, page) => {
    if (OWN_HOME_COOKIES.some((name) => ctx.cookies.get(name) !== undefined)) return null;
    const json = page.json as { calls?: unknown } | null;
    if (page.language !== 'en' && page.language !== 'hi') return null;
    const calls = json === null ? [] : json.calls;
    if (!Array.isArray(calls)) return null;
    const build = await load();
    if (!build) return null;
    // The shopper's signed-in flag, as the page itself reads it (boot.tsx): a signed-in shopper's
    // enter-amount page is not rendered.
    const signedIn = ctx.cookies.get(SHOPPER_SIGNED_IN_COOKIE) !== undefined;
    // Asked first, so the renders kept are only of pages that are rendered.
    if (!build.rendersOnServer(page.route, page.search, signedIn)) return null;
    try {
      return await build.render({ pathname: page.route, search: page.search, locale: page.language, calls, signedIn });
    } catch (error) {
      // The shell still works: the app renders the page itself.
      logger.error({ err: error, path: page.route }, 'server render failed');
      return null;
    }
  };
}
