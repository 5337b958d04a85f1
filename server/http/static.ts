import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { languageOf } from '../lib/i18n.ts';
import { PRIVATE_PREFIXES, PUBLIC_MAX_AGE_SECONDS, isPrivateKey, isSafeKey, type Storage } from '../providers/storage.ts';
import type { PageRenderer } from './page-render.ts';
import { withRenderedRoot } from './page-render.ts';
import { shellPolicy, withCspNonce } from './security-headers.ts';
import { SERVER_PATHS, isUnder } from './server-paths.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** The server's own paths (server-paths.ts): never a page, whatever the front end's routes. */
const API_PREFIXES = [SERVER_PATHS.api, SERVER_PATHS.trpc, SERVER_PATHS.uploads];

function isReserved(p: string): boolean {
  return API_PREFIXES.some((prefix) => isUnder(p, prefix));
}

/**
 * The prerendered shells of a build (client/vite-plugins/prerender-shells.ts writes `shells.json`):
 * the client's routes in its own match order, each with the HTML file that answers it, and the file
 * that answers any other path. A build without the manifest (the back office) answers every route
 * with `index.html`.
 */
export interface ShellManifest {
  routes: { pattern: RegExp; file: string }[];
  fallback: string;
  /** Each shell file's counterpart in another language (`hi`: the shells prerendered in Hindi). */
  locales: Record<string, Record<string, string>>;
}

const SHELL_FILE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.html$/;

/** Parses `shells.json`; malformed entries are left out, and a malformed file means `index.html` everywhere. */
export function parseShellManifest(text: string | null): ShellManifest {
  const plain: ShellManifest = { routes: [], fallback: 'index.html', locales: {} };
  if (text === null) return plain;
  try {
    const raw = JSON.parse(text) as { routes?: unknown; fallback?: unknown };
    const routes: ShellManifest['routes'] = [];
    for (const entry of Array.isArray(raw.routes) ? (raw.routes as unknown[]) : []) {
      const { pattern, flags, file } = (entry ?? {}) as { pattern?: unknown; flags?: unknown; file?: unknown };
      if (typeof pattern !== 'string' || typeof file !== 'string' || !SHELL_FILE.test(file)) continue;
      if (flags !== undefined && (typeof flags !== 'string' || !/^[imsu]*$/.test(flags))) continue;
      try {
        routes.push({ pattern: new RegExp(pattern, flags ?? ''), file });
      } catch {
        // not a pattern: left out
      }
    }
    const fallback = typeof raw.fallback === 'string' && SHELL_FILE.test(raw.fallback) ? raw.fallback : plain.fallback;
    const locales: ShellManifest['locales'] = {};
    const rawLocales = (raw as { locales?: unknown }).locales;
    for (const [locale, files] of Object.entries(rawLocales && typeof rawLocales === 'object' ? rawLocales : {})) {
      if (locale !== 'hi' || !files || typeof files !== 'object') continue;
      locales[locale] = Object.fromEntries(
        Object.entries(files as Record<string, unknown>).filter((e): e is [string, string] => SHELL_FILE.test(e[0]) && typeof e[1] === 'string' && SHELL_FILE.test(e[1])),
      );
    }
    return { routes, fallback, locales };
  } catch {
    return plain;
  }
}

/** The shell file that answers `route` (the path under the mount): the first route that matches it. */
export function shellFor(manifest: ShellManifest, route: string): string {
  return manifest.routes.find((r) => r.pattern.test(route))?.file ?? manifest.fallback;
}

/**
 * The language the app will open in for this request, as client/lib/i18n.ts `initialLocale` decides it
 * in the browser: the `lang` cookie when it names one we speak, else the first language of the
 * browser's preference we speak (`Accept-Language` carries navigator.languages), else English.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  const saved = cookie === 'en' || cookie === 'hi' ? cookie : null;
  return saved ?? languageOf(acceptLanguage);
}

/** `shell` in `language` when the build prerendered it in that language, else `shell` itself. */
export function localizedShell(manifest: ShellManifest, shell: string, language: string): string {
  return manifest.locales[language]?.[shell] ?? shell;
}

/**
 * Data a page's first screen shows, sent in its HTML: a JSON data block the app reads before its first
 * render (`#first-screen`; a data block is not a script, so the CSP has nothing to allow), and the
 * pictures at the top of the screen preloaded from the head. See server/modules/outlets/first-screen.ts.
 */
export interface PageData {
  json: unknown;
  preloadImages: readonly string[];
}

/** The page data for the shell file `shell` answering `route`, or null when it has none. */
export type PageDataLoader = (shell: string, route: string) => Promise<PageData | null>;

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that cannot end the element it sits in (`</script>`, `<!--`) or break a line in old parsers. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The shell with the page data in it. */
export function withPageData(html: string, data: PageData): string {
  const links = data.preloadImages
    .filter((url) => /^(?:\/|https:\/\/)/.test(url))
    .map((url) => `<link rel="preload" as="image" href="${escapeAttr(url)}" fetchpriority="high">`)
    .join('');
  const block = `<script type="application/json" id="first-screen">${jsonForHtml(data.json)}</script>`;
  return html.replace('</head>', () => `${links}</head>`).replace('</body>', () => `${block}</body>`);
}

/** Every file the manifest names (a shell asked for by its own name is served like a page). */
function shellFiles(manifest: ShellManifest): Set<string> {
  return new Set(['index.html', manifest.fallback, ...manifest.routes.map((r) => r.file)]);
}

/**
 * A file's derived value, recomputed only when the file changes (a rebuild under a running server),
 * keyed by its size and modification time.
 */
function cachedByStat<T>(derive: (file: string) => T): (file: string) => Promise<T | null> {
  const cache = new Map<string, { stamp: string; value: T }>();
  return async (file) => {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      cache.delete(file);
      return null;
    }
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    const hit = cache.get(file);
    if (hit?.stamp === stamp) return hit.value;
    const value = derive(file);
    cache.set(file, { stamp, value });
    return value;
  };
}

/**
 * Serves a built single-page app from `root` under `mount` ('' for the site root).
 *
 * - Files are served precompressed when the build left a `.br` or `.gz` beside them
 *   (client/vite-plugins/precompress.ts) and the request accepts that coding (koa-send negotiates:
 *   Brotli, then gzip, else the file as it is), with the original file's Content-Type and
 *   `Vary: Accept-Encoding`.
 * - Hashed files in `assets/` are cached for a year as immutable; everything else is revalidated.
 * - Any other GET that is not an API path and not a missing file with an extension gets the page's
 *   HTML: the prerendered shell for that path (`shells.json`), else the fallback shell.
 * - Everything it serves carries the app's Content-Security-Policy (`csp`): it rules the page, and the
 *   service worker (`sw.js`) is a document-like context too. A shell with inline critical CSS gets
 *   the hashes of its `<style>` blocks added to style-src, computed from the file it serves, and a
 *   Hindi shell the hash of its font line added to script-src (`shellPolicy`); a page built with the
 *   nonce placeholder (the back office) gets a fresh nonce in each response instead (`withCspNonce`),
 *   so the styles its code injects are allowed and nothing else inline is.
 */
export function spa(options: {
  root: string;
  mount: string;
  csp: string;
  /** The pages are built with the nonce placeholder (security-headers.ts `CSP_NONCE_PLACEHOLDER`). */
  nonce?: boolean;
  pageData?: PageDataLoader;
  renderPage?: PageRenderer;
}): Middleware {
  const { root, mount, csp } = options;
  const manifestOf = cachedByStat((file) => parseShellManifest(fs.readFileSync(file, 'utf8')));
  const cspOf = cachedByStat((file) => shellPolicy(csp, fs.readFileSync(file, 'utf8')));
  const htmlOf = cachedByStat((file) => fs.readFileSync(file, 'utf8'));
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (mount && ctx.path !== mount && !ctx.path.startsWith(`${mount}/`)) return next();
    if (isReserved(ctx.path)) return next();
    const rel = mount ? ctx.path.slice(mount.length) || '/' : ctx.path;
    const manifest = (await manifestOf(path.join(root, 'shells.json'))) ?? parseShellManifest(null);
    // A shell asked for by its own name (the service worker precaches them) is served like the page.
    const named = rel.slice(1);
    const isShellFile = shellFiles(manifest).has(named);
    if (rel !== '/' && !isShellFile) {
      const asset = rel.startsWith('/assets/');
      try {
        const served = await send(ctx, rel, {
          root,
          index: false,
          brotli: true,
          gzip: true,
          immutable: asset,
          maxage: asset ? YEAR_MS : 0,
          setHeaders: (res) => {
            res.setHeader('Content-Security-Policy', csp);
            if (!asset) res.setHeader('Cache-Control', 'no-cache');
          },
        });
        if (served) {
          ctx.vary('Accept-Encoding');
          return;
        }
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status !== 404 && status !== 400 && status !== 403) throw e;
      }
      // A missing file with an extension (a stale hashed chunk, a typo) is a real 404, not the app.
      if (path.extname(rel) && !rel.endsWith('.html')) return next();
    }
    // The route's shell (what decides the page data), and the file in the reader's language (a Hindi
    // reader's first paint is in Hindi: the shells are prerendered in each language).
    const routeShell = isShellFile ? named : shellFor(manifest, rel);
    const localized = Object.keys(manifest.locales).length > 0;
    const language = pageLanguage(ctx.cookies.get('lang'), ctx.get('Accept-Language'));
    const shell = isShellFile ? named : localizedShell(manifest, routeShell, language);
    if (localized && !isShellFile) {
      ctx.vary('Cookie');
      ctx.vary('Accept-Language');
    }
    // A page whose inline styles carry a nonce: a fresh one in each response.
    const template = options.nonce ? await htmlOf(path.join(root, shell)) : null;
    const nonced = template === null ? null : withCspNonce(template, csp);
    if (nonced) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('Content-Security-Policy', nonced.policy);
      ctx.vary('Accept-Encoding');
      ctx.type = 'html';
      ctx.body = nonced.html;
      return;
    }
    const policy = await cspOf(path.join(root, shell));
    if (policy === null) return next();
    // The page's first-screen data, in the HTML (a GET of a page route, not of the file by name).
    const page = ctx.method === 'GET' && !isShellFile;
    const data = page && options.pageData ? await options.pageData(routeShell, rel).catch(() => null) : null;
    // The page itself rendered on the server, where it can be (page-render.ts); the shell otherwise.
    const search = ctx.querystring ? `?${ctx.querystring}` : '';
    const markup = page && options.renderPage ? await options.renderPage(ctx, { route: rel, search, language, json: data?.json ?? null }) : null;
    if (page && options.renderPage) ctx.vary('Cookie');
    const html = data || markup !== null ? await htmlOf(path.join(root, shell)) : null;
    if (html !== null) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('Content-Security-Policy', policy);
      ctx.vary('Accept-Encoding');
      ctx.type = 'html';
      const withData = data ? withPageData(html, data) : html;
      ctx.body = (markup !== null && withRenderedRoot(withData, markup)) || withData;
      return;
    }
    await send(ctx, shell, {
      root,
      index: false,
      brotli: true,
      gzip: true,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Security-Policy', policy);
      },
    });
    ctx.vary('Accept-Encoding');
  };
}

/**
 * Whether `/uploads<rel>` would reach a file under a private prefix: resolved the way koa-send resolves
 * it (percent-decoded, dot segments and repeated slashes collapsed), so no spelling slips through.
 */
function reachesPrivate(root: string, rel: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return true; // koa-send would refuse it anyway
  }
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`).toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => {
    const dir = path.resolve(root, prefix).toLowerCase();
    return target === dir || target.startsWith(`${dir}${path.sep}`);
  });
}

/**
 * Stored files at /uploads, except private keys (business-application documents), which are a 404 here
 * whatever the spelling and are read only through authenticated routes. The local driver's files are
 * sent by koa-send; the s3 driver's are streamed from the bucket, so any instance serves a file any
 * other instance stored (docs/operations.md, "Object storage"). Both with the same headers: a week's
 * caching (keys never change their bytes), validators and a no-script CSP.
 */
export function uploads(storage: Storage): Middleware {
  const notFound = (ctx: Parameters<Middleware>[0]) => {
    ctx.status = 404;
    ctx.body = { message: 'Not found' };
  };
  const fileHeaders = (set: (name: string, value: string) => void) => {
    set('X-Content-Type-Options', 'nosniff');
    // Stored files are data, never pages: an SVG opened directly cannot run script.
    set('Content-Security-Policy', UPLOADS_CSP);
  };
  if (storage.driver === 's3') {
    return async (ctx, next) => {
      if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
      let key: string;
      try {
        key = decodeURIComponent(ctx.path.slice('/uploads/'.length));
      } catch {
        return notFound(ctx);
      }
      // A key is exactly what the storage wrote: no dot segments, no doubled slashes, never private.
      if (!isSafeKey(key) || isPrivateKey(key.toLowerCase())) return notFound(ctx);
      const found = await storage.open(key, {
        head: ctx.method === 'HEAD',
        ifNoneMatch: ctx.get('If-None-Match') || undefined,
        ifModifiedSince: ctx.get('If-Modified-Since') || undefined,
      });
      if (found === null) return notFound(ctx);
      ctx.set('Cache-Control', `max-age=${PUBLIC_MAX_AGE_SECONDS}`);
      fileHeaders((name, value) => ctx.set(name, value));
      if (found === 'not-modified') {
        ctx.status = 304;
        return;
      }
      if (found.etag) ctx.set('ETag', found.etag);
      if (found.lastModified) ctx.lastModified = found.lastModified;
      ctx.type = found.contentType;
      ctx.status = 200;
      // koa-compress leaves images alone; SVGs are compressed on the way out like any text.
      if (found.body) ctx.body = found.body;
      if (found.contentLength !== undefined) ctx.length = found.contentLength;
    };
  }
  const root = storage.root;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
    if (reachesPrivate(root, ctx.path.slice('/uploads'.length))) return notFound(ctx);
    try {
      await send(ctx, ctx.path.slice('/uploads'.length), {
        root,
        index: false,
        maxage: PUBLIC_MAX_AGE_SECONDS * 1000,
        setHeaders: (res) => fileHeaders((name, value) => res.setHeader(name, value)),
      });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404 || status === 400 || status === 403) return notFound(ctx);
      throw e;
    }
  };
}

/** The CSP of every stored file: data, never a page (docs/operations.md, "Headers"). */
export const UPLOADS_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
