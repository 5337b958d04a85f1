import type { Context, Middleware } from 'koa';
import { brotliCompressSync, constants } from 'node:zlib';
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
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
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
      brotliInPlace(ctx);
    });
}

const BROTLI_QUALITY = 4;

/** Text bodies up to this size are compressed in one call rather than through a stream. */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

const EMPTY_BODY_STATUSES = new Set([204, 205, 206, 304]);

/**
 * The common case done in one call: a string body (the API's JSON) between the threshold and
 * SYNC_COMPRESS_MAX_BYTES, for a request that lists `br` plainly (every browser: "gzip, deflate, br,
 * zstd"), is Brotli-compressed here, synchronously, at the same quality. koa-compress would pipe it
 * through a Brotli stream, whose set-up and ticks cost about 0.15 ms a response, more than compressing
 * a few KB does (issue 18: the API's time over its SQL). Anything else (another or a weighted
 * Accept-Encoding, a stream, a Buffer, a big body) is left to koa-compress as before, which skips a
 * body that now has its Content-Encoding.
 */
function brotliInPlace(ctx: Context): void {
  const body: unknown = ctx.body;
  if (typeof body !== 'string') return;
  const accepted = ctx.get('Accept-Encoding');
  if (!accepted || !accepted.split(',').some((token) => token.trim().toLowerCase() === 'br')) return;
  if (
    ctx.method === 'HEAD' ||
    ctx.compress === false ||
    EMPTY_BODY_STATUSES.has(ctx.status) ||
    ctx.res.headersSent ||
    !ctx.writable ||
    ctx.response.get('Content-Encoding') ||
    ctx.response.get('Content-Range') ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/.test(ctx.response.get('Cache-Control')) ||
    !compressibleType(ctx.response.type)
  ) {
    return;
  }
  const size = Buffer.byteLength(body);
  if (size < COMPRESS_THRESHOLD_BYTES || size > SYNC_COMPRESS_MAX_BYTES) return;
  const type = ctx.response.get('Content-Type');
  ctx.body = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  // Setting a Buffer body makes Koa call it a binary download: keep the type the string had.
  ctx.set('Content-Type', type);
  ctx.set('Content-Encoding', 'br');
}
