import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';

/** HSTS: a year, subdomains included; sent in production only (docs/operations.md). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Razorpay Checkout: its script, and the API origin its window is framed from and talks to. */
export const RAZORPAY_CHECKOUT = { script: 'https://checkout.razorpay.com', api: 'https://api.razorpay.com' } as const;

/** The two kinds of page the server serves: the shopper + business SPA (dist/client) and the back office (dist/admin). */
export type PageKind = 'client' | 'admin';

/**
 * The Content-Security-Policy of a page. No inline script anywhere (the built index.html files load
 * only files; `server/http/security-headers.test.ts` checks the sources). Styles: the client's are files, so `'self'`; the
 * back office is react-admin on MUI, whose emotion runtime injects `<style>` elements, so its
 * style-src needs `'unsafe-inline'` (styles only, never scripts). Razorpay's origins are allowed on the
 * client page only, and only when PAYMENT_PROVIDER=razorpay; stored images' origin (S3_PUBLIC_URL) on both.
 */
export function contentSecurityPolicy(kind: PageKind, options: { razorpay: boolean; mapTileUrl?: string; imageOrigin?: string }): string {
  const razorpay = kind === 'client' && options.razorpay;
  const tiles = kind === 'client' && options.mapTileUrl ? [tileOrigin(options.mapTileUrl)] : [];
  // Stored images loaded from the bucket's public URL or a CDN (S3_PUBLIC_URL), on every page kind.
  if (options.imageOrigin) tiles.push(options.imageOrigin);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(razorpay ? [RAZORPAY_CHECKOUT.script] : [])],
    ['style-src', "'self'", ...(kind === 'admin' ? ["'unsafe-inline'"] : [])],
    ['img-src', "'self'", 'data:', 'blob:', ...tiles],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(razorpay ? [RAZORPAY_CHECKOUT.api] : [])],
    razorpay ? ['frame-src', RAZORPAY_CHECKOUT.api] : ['frame-src', "'none'"],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * The CSP hash sources (`'sha256-…'`) of the inline `<style>` elements of a page: the prerendered
 * shells carry their critical CSS inline (client/vite-plugins/prerender-shells.ts), and a strict
 * style-src allows exactly those blocks and nothing else. Hashed over the element's text as the
 * browser's parser sees it (line breaks normalised to LF).
 */
export function inlineStyleHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    const digest = createHash('sha256').update(text!.replace(/\r\n?/g, '\n'), 'utf8').digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return [...new Set(hashes)];
}

/** `policy` with `sources` added to its style-src directive (the policy itself when there are none). */
export function withStyleSources(policy: string, sources: readonly string[]): string {
  if (!sources.length) return policy;
  return policy
    .split('; ')
    .map((d) => (d.startsWith('style-src ') ? `${d} ${sources.join(' ')}` : d))
    .join('; ');
}

/**
 * The origin the home map's tiles come from (MAP_TILE_URL), as a CSP source: scheme, host and port;
 * a `{s}` subdomain placeholder becomes a wildcard (`https://*.tile.example.org`).
 */
export function tileOrigin(template: string): string {
  const match = /^(https?):\/\/([^/]+)/.exec(template);
  if (!match) throw new Error(`MAP_TILE_URL is not an http(s) URL: ${template}`);
  return `${match[1]}://${match[2]!.replace(/\{s\}/g, '*')}`;
}

/**
 * Conservative defaults for every response; HSTS in production. The pages' CSP is set where the pages
 * are served (`spa()` in static.ts), stored files get their own no-script CSP (`uploads()`).
 */
export function securityHeaders(options: { hsts: boolean }): Middleware {
  return (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=()');
    if (options.hsts) ctx.set('Strict-Transport-Security', HSTS);
    return next();
  };
}
