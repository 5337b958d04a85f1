import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

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

/** Stored files (local storage driver) at /uploads. */
export function uploads(root: string): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
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
      if (status === 404 || status === 400 || status === 403) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
        return;
      }
      throw e;
    }
  };
}
