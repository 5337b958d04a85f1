import { createHash, randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import { CSP_NONCE_PLACEHOLDER } from './csp-nonce.ts';
import { HINDI_FACES_SCRIPT, HINDI_FACES_TAG } from '../../client/lib/hindi-faces.ts';

/** HSTS: a year, subdomains included; sent in production only (docs/operations.md). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Razorpay Checkout: its script, and the API origin its window is framed from and talks to. */
export const RAZORPAY_CHECKOUT = { script: 'https://checkout.razorpay.com', api: 'https://api.razorpay.com' } as const;

/** The two kinds of page the server serves: the shopper + business SPA (dist/client) and the back office (dist/admin). */
export type PageKind = 'client' | 'admin';

/**
 * The Content-Security-Policy of a page. No inline script (the built index.html files load only files;
 * `server/http/security-headers.test.ts` checks the sources), but for the one line a Hindi page runs in
 * its head to load its fonts, which `shellPolicy` allows by its hash where a shell carries it. Styles:
 * `'self'` plus, per page, exactly its inline styles: the client's prerendered shells by the hashes of
 * their `<style>` blocks (`inlineStyleHashes`), the back office by a nonce made for each response
 * (`withCspNonce`): react-admin on MUI injects `<style>` elements at run time (emotion), each carrying
 * the page's nonce (admin/main.tsx gives it to emotion's cache). Never `'unsafe-inline'`: a browser
 * ignores it once a hash or a nonce is in the list, which is how the back office once lost every style
 * (issue 28). Razorpay's origins are allowed on the client page only, and only when
 * PAYMENT_PROVIDER=razorpay; stored images' origin (S3_PUBLIC_URL) on both.
 */
export function contentSecurityPolicy(kind: PageKind, options: { razorpay: boolean; mapTileUrl?: string; imageOrigin?: string }): string {
  const razorpay = kind === 'client' && options.razorpay;
  const tiles = kind === 'client' && options.mapTileUrl ? [tileOrigin(options.mapTileUrl)] : [];
  // Stored images loaded from the bucket's public URL or a CDN (S3_PUBLIC_URL), on every page kind.
  if (options.imageOrigin) tiles.push(options.imageOrigin);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(razorpay ? [RAZORPAY_CHECKOUT.script] : [])],
    ['style-src', "'self'"],
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

/** `policy` with `sources` added to its `directive` (the policy itself when there are none). */
function withSources(policy: string, directive: string, sources: readonly string[]): string {
  if (!sources.length) return policy;
  return policy
    .split('; ')
    .map((d) => (d.startsWith(`${directive} `) ? `${d} ${sources.join(' ')}` : d))
    .join('; ');
}

/** `policy` with `sources` added to its style-src directive (the policy itself when there are none). */
export const withStyleSources = (policy: string, sources: readonly string[]): string => withSources(policy, 'style-src', sources);

/** The CSP hash source of an inline script's text. */
export const scriptHashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The policy of a prerendered shell (client/vite-plugins/prerender-shells.ts): `policy` with the
 * shell's inline `<style>` blocks allowed by their hashes, and, in a Hindi shell, its font line
 * (client/lib/hindi-faces.ts `HINDI_FACES_TAG`), the one inline script the build lets a shell carry,
 * allowed by the hash of that exact text. Any other inline script stays blocked.
 */
export function shellPolicy(policy: string, html: string): string {
  const scripts = html.includes(HINDI_FACES_TAG) ? [scriptHashSource(HINDI_FACES_SCRIPT)] : [];
  return withStyleSources(withSources(policy, 'script-src', scripts), inlineStyleHashes(html));
}

export { CSP_NONCE_PLACEHOLDER };

/**
 * `html` and `policy` for one response of a page built with the nonce placeholder: a fresh random nonce
 * (128 bits) in place of every placeholder, and allowed in style-src. Null when the page has none.
 */
export function withCspNonce(html: string, policy: string): { html: string; policy: string } | null {
  if (!html.includes(CSP_NONCE_PLACEHOLDER)) return null;
  const nonce = randomBytes(16).toString('base64');
  return { html: html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce), policy: withStyleSources(policy, [`'nonce-${nonce}'`]) };
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
