import type { Middleware } from 'koa';

/** Conservative defaults for every response; the SPA sets no inline scripts, so a strict CSP holds. */
export function securityHeaders(): Middleware {
  return (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=()');
    return next();
  };
}
