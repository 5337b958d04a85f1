import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { PRIVATE_PREFIXES } from '../providers/storage.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const API_PREFIXES = ['/api/', '/trpc/', '/uploads/'];

function isReserved(p: string): boolean {
  return p === '/api' || p === '/trpc' || p === '/uploads' || API_PREFIXES.some((x) => p.startsWith(x));
}

/**
 * Serves a built single-page app from `root` under `mount` ('' for the site root): hashed files in
 * `assets/` are cached for a year as immutable, everything else is revalidated, and any other GET that
 * accepts HTML (and is not an API path) gets `index.html` so client-side routes work on reload.
 * Everything it serves carries the app's Content-Security-Policy (`csp`): it rules the page, and the
 * service worker (`sw.js`) is a document-like context too.
 */
export function spa(options: { root: string; mount: string; csp: string }): Middleware {
  const { root, mount, csp } = options;
  const index = path.join(root, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (mount && ctx.path !== mount && !ctx.path.startsWith(`${mount}/`)) return next();
    if (isReserved(ctx.path)) return next();
    const rel = mount ? ctx.path.slice(mount.length) || '/' : ctx.path;
    if (rel !== '/' && rel !== '/index.html') {
      try {
        const served = await send(ctx, rel, {
          root,
          index: false,
          immutable: rel.startsWith('/assets/'),
          maxage: rel.startsWith('/assets/') ? YEAR_MS : 0,
          setHeaders: (res) => {
            res.setHeader('Content-Security-Policy', csp);
            if (!rel.startsWith('/assets/')) res.setHeader('Cache-Control', 'no-cache');
          },
        });
        if (served) return;
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status !== 404 && status !== 400 && status !== 403) throw e;
      }
      // A missing file with an extension (a stale hashed chunk, a typo) is a real 404, not the app.
      if (path.extname(rel) && !rel.endsWith('.html')) return next();
    }
    if (!fs.existsSync(index)) return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', csp);
    ctx.body = fs.createReadStream(index);
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
 * Stored files (local storage driver) at /uploads, except private keys (business-application
 * documents), which are a 404 here whatever the spelling and are read only through authenticated routes.
 */
export function uploads(root: string): Middleware {
  const notFound = (ctx: Parameters<Middleware>[0]) => {
    ctx.status = 404;
    ctx.body = { message: 'Not found' };
  };
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
    if (reachesPrivate(root, ctx.path.slice('/uploads'.length))) return notFound(ctx);
    try {
      await send(ctx, ctx.path.slice('/uploads'.length), {
        root,
        index: false,
        maxage: 7 * 24 * 60 * 60 * 1000,
        setHeaders: (res) => {
          res.setHeader('X-Content-Type-Options', 'nosniff');
          // Stored files are data, never pages: an SVG opened directly cannot run script.
          res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        },
      });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404 || status === 400 || status === 403) return notFound(ctx);
      throw e;
    }
  };
}
