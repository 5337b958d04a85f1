import type { Context } from 'koa';
import { unauthorized } from '../../lib/errors.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import { followOutlet, type FeedSubscription } from './feed.ts';
import { redeemStreamTicket } from './service.ts';
import { STREAM_HEARTBEAT_MS, STREAM_MAX_AGE_MS, STREAM_MESSAGES, STREAM_RETRY_MS, streamTicketInputSchema } from './schema.ts';

const STREAM_CONTENT_TYPE = 'text/event-stream; charset=utf-8';
const STREAM_CACHE_CONTROL = 'no-cache, no-store, no-transform';

/** A slow reader holding more than this unsent is cut off (it reconnects and replays). */
const MAX_UNSENT_BYTES = 1 << 20;

/** `Last-Event-ID` (EventSource's reconnect) or `?lastEventId=` (a reconnect the page opens itself). */
function lastEventIdOf(ctx: Context): number | null {
  const raw = ctx.get('Last-Event-ID') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * `GET /api/business/payments/{outletId}/events`: the counter's Server-Sent Events (docs/payments.md
 * "The counter"). Who: a business session in `Authorization` (apps, scripts) or a stream ticket in
 * `?ticket=` (the browser's EventSource, which cannot send headers); no or a bad credential → 401, an
 * outlet the account may not use → 403/404, all before the stream starts.
 *
 * The response is written straight to the socket (`ctx.respond = false`): no body middleware
 * (compression, ETags) ever sees it, and `Cache-Control: no-transform` + `X-Accel-Buffering: no` keep
 * proxies from compressing or buffering it. Each frame is written (and flushed: no Nagle) as it comes.
 * A comment every 20 s keeps idle connections open; after 15 min the server sends `renew` and closes,
 * and the page reconnects with a fresh ticket (so access is checked again). The returned promise ends
 * with the stream (the request log line then carries its whole duration).
 */
export async function serveCounterStream(ctx: Context): Promise<void> {
  const { outletId } = parseWith(streamTicketInputSchema, { outletId: ctx.params.outletId });
  const principal = ctx.state.principal as Principal | null | undefined;
  const ticket = typeof ctx.query.ticket === 'string' ? ctx.query.ticket : null;
  if (principal?.kind === 'business') await assertOutletAccess(principal.businessOwnerId, outletId);
  else if (ticket) await redeemStreamTicket(ticket, outletId);
  else throw unauthorized(STREAM_MESSAGES.signIn);
  // A HEAD gets the stream's headers and ends: Node's server sends a bodiless response's headers only
  // with its end, so a HEAD held open as a stream never answered (the REST fuzz found it: it then held
  // the client's keep-alive socket, and every later request behind it, for the stream's 15 minutes).
  if (ctx.method === 'HEAD') {
    ctx.status = 200;
    ctx.set({ 'Content-Type': STREAM_CONTENT_TYPE, 'Cache-Control': STREAM_CACHE_CONTROL, 'X-Accel-Buffering': 'no' });
    return;
  }
  const lastEventId = lastEventIdOf(ctx);
  const rt = runtime();

  const { req, res } = ctx;
  ctx.respond = false;
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);
  req.socket.setKeepAlive(true, 30_000);
  // The body runs until the connection closes (no chunked framing): each frame is one plain socket
  // write. Chunked framing would cork the socket until the next tick, which, when an event arrives in
  // the middle of other work (the paying request goes on with more queries), is tens of ms away; and it
  // costs three buffers per frame per stream.
  res.useChunkedEncodingByDefault = false;
  res.writeHead(200, {
    'Content-Type': STREAM_CONTENT_TYPE,
    'Cache-Control': STREAM_CACHE_CONTROL,
    'X-Accel-Buffering': 'no',
  });
  res.write(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);
  rt.metrics.sseStreams.inc();

  await new Promise<void>((resolve) => {
    let subscription: FeedSubscription | null = null;
    let done = false;
    // The timers fire long after `write` and `finish` below exist.
    const heartbeat = setInterval(() => write(': ping\n\n'), STREAM_HEARTBEAT_MS);
    const maxAge = setTimeout(() => finish('event: renew\ndata: {}\n\n'), STREAM_MAX_AGE_MS);
    const finish = (lastFrame?: string) => {
      if (done) return;
      done = true;
      rt.metrics.sseStreams.dec();
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      subscription?.close();
      if (lastFrame && !res.writableEnded && !res.destroyed) res.write(lastFrame);
      if (!res.writableEnded) res.end();
      resolve();
    };
    const write = (text: string) => {
      if (done || res.destroyed) return;
      res.write(text);
      if (res.writableLength > MAX_UNSENT_BYTES) {
        rt.logger.warn({ outletId, unsent: res.writableLength }, 'counter stream: the reader is too slow; closing');
        finish();
      }
    };
    req.on('close', () => finish());
    res.on('error', () => finish());

    followOutlet(
      rt,
      outletId,
      {
        send: (events) => write(events.map((e) => e.frame).join('')),
        reset: () => write('event: reset\ndata: {}\n\n'),
        end: () => finish(),
      },
      lastEventId,
    ).then(
      (s) => {
        subscription = s;
        if (done) s.close();
      },
      (err: unknown) => {
        rt.logger.error({ err, outletId }, 'counter stream: could not follow the outlet');
        finish();
      },
    );
  });
}
