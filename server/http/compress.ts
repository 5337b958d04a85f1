import type { Middleware } from 'koa';
import { constants } from 'node:zlib';
import compress from 'koa-compress';

/** Bodies smaller than this go out as they are: the bytes saved would not pay for the work. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Types worth compressing: JSON (the API), text, JavaScript, XML and SVG (stored images). Never
 * `text/event-stream`: a compressor buffers, and Server-Sent Events must reach the browser as each one
 * is written. Images other than SVG, fonts and archives are compressed already.
 */
export function compressibleType(type: string | undefined): boolean {
  if (!type) return false;
  const t = type.toLowerCase();
  if (t.startsWith('text/event-stream')) return false;
  return (
    t.startsWith('text/') ||
    t.startsWith('application/json') ||
    /^application\/[a-z0-9.+-]*\+(?:json|xml)\b/.test(t) ||
    t.startsWith('application/javascript') ||
    t.startsWith('application/xml') ||
    t.startsWith('image/svg+xml')
  );
}

/**
 * Response compression (koa-compress): Brotli (quality 4, fast enough to run per response) or gzip,
 * as the request's Accept-Encoding allows, for compressible bodies of at least
 * COMPRESS_THRESHOLD_BYTES. It always adds `Vary: Accept-Encoding`. Bodies that already carry a
 * Content-Encoding (the precompressed build files, see static.ts), partial content, HEAD answers and
 * responses written past Koa (tRPC mutations) pass untouched; a handler may also set
 * `ctx.compress = false`.
 *
 * A JSON body is serialised here once: koa-compress would otherwise serialise it twice (once to read
 * its length for the threshold, once to compress it).
 */
export function compression(): Middleware {
  const inner = compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: compressibleType,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    deflate: false,
  });
  return (ctx, next) =>
    inner(ctx, async () => {
      await next();
      const body: unknown = ctx.body;
      if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function') {
        ctx.body = JSON.stringify(body);
      }
    });
}
