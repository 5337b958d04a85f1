import type { Context, Middleware } from 'koa';
import type { Metrics } from '../lib/metrics.ts';
import { safeEqual } from '../lib/crypto.ts';
import { normalizeAddress } from './proxy.ts';

/** The route label of a tRPC request: its procedure when it is one the router has, else a fixed word. */
function trpcRoute(path: string, procedures: ReadonlySet<string>): string {
  const names = path.slice('/trpc/'.length).split(',');
  if (names.length > 1) return names.every((n) => procedures.has(n)) ? '/trpc/(batch)' : '/trpc/(unknown)';
  return procedures.has(names[0]!) ? `/trpc/${names[0]}` : '/trpc/(unknown)';
}

/**
 * The `route` label of a request: the pattern the router matched (`/api/outlet/:id/reviews`), the tRPC
 * procedure, or one of a few fixed words for everything else (stored files, built assets, pages). Never
 * the raw path, so the label has a bounded number of values whatever clients ask for.
 */
export function routeLabel(ctx: Context, procedures: ReadonlySet<string>): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  const p = ctx.path;
  if (p.startsWith('/trpc/')) return trpcRoute(p, procedures);
  if (p === '/metrics') return '/metrics';
  if (p.startsWith('/uploads/')) return '/uploads/*';
  if (p.startsWith('/assets/')) return '/assets/*';
  if (p === '/api' || p.startsWith('/api/')) return '/api/(unmatched)';
  if (p.startsWith('/clientpage/sales')) return '/clientpage/sales/*';
  return ctx.method === 'GET' || ctx.method === 'HEAD' ? '(page)' : '(other)';
}

/**
 * Records a finished request's duration under its route pattern (the request logger calls it with the
 * status and time it logs). Event streams, which last minutes, are left out.
 */
export function requestObserver(metrics: Metrics, procedures: ReadonlySet<string>): (ctx: Context, status: number, ms: number) => void {
  return (ctx, status, ms) => {
    const type = ctx.respond === false ? String(ctx.res.getHeader('Content-Type') ?? '') : ctx.response.type;
    if (type.startsWith('text/event-stream')) return;
    metrics.httpDuration.observe({ method: ctx.method, route: routeLabel(ctx, procedures), status: String(status) }, ms / 1000);
  };
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/;

/**
 * `GET /metrics` (Prometheus text format): answered to a scraper on the machine itself (a loopback
 * socket that came through no proxy: a proxy on the same host adds X-Forwarded-For or Forwarded) or
 * one that sends `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets a plain 404, as if there were
 * no such path. docs/operations.md, "Metrics".
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const peer = normalizeAddress(ctx.req.socket.remoteAddress ?? '');
    const proxied = ctx.get('X-Forwarded-For') !== '' || ctx.get('Forwarded') !== '';
    const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    const allowed = (LOOPBACK.test(peer) && !proxied) || (token !== undefined && bearer !== undefined && safeEqual(bearer, token));
    if (!allowed) {
      // A scraper with the wrong token is told so; anyone else sees no such path.
      if (bearer !== undefined && token !== undefined) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = { message: 'Wrong metrics token' };
      } else {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
      }
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.text();
  };
}
