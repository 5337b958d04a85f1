import type { Context } from 'koa';
import { unauthorized } from '../../lib/errors.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import { followOutlet, type FeedSubscription } from './feed.ts';
import { redeemStreamTicket } from './service.ts';
import { liveStreams } from './live-streams.ts';
import { STREAM_MAX_AGE_MS, STREAM_MESSAGES, STREAM_RETRY_MS, streamTicketInputSchema } from './schema.ts';

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
 * `?ticket=` (the browser's EventSource, which cannot send headers; good for one stream); no or a bad
 * credential → 401, an outlet the account may not use → 403/404, too many streams open for the account
 * or the address → 429 (live-streams.ts), all before the stream starts.
 *
 * The response is written straight to the socket (`ctx.respond = false`): no body middleware
 * (compression, ETags) ever sees it, and `Cache-Control: no-transform` + `X-Accel-Buffering: no` keep
 * proxies from compressing or buffering it. Each frame is written (and flushed: no Nagle) as it comes.
 * A comment every LIVE_STREAM_HEARTBEAT_SECONDS keeps idle connections open, and at that beat the
 * session and the outlet access are checked again: a logout, a revoked session, a disabled account or
 * an outlet taken away ends the stream with `revoked` (at once when the access doorbell rings). After
 * 15 min the server sends `renew` and closes, and the page reconnects with a fresh ticket. The returned
 * promise ends with the stream (the request log line then carries its whole duration).
 */
export async function serveCounterStream(ctx: Context): Promise<void> {
  const { outletId } = parseWith(streamTicketInputSchema, { outletId: ctx.params.outletId });
  const principal = ctx.state.principal as Principal | null | undefined;
  const ticket = typeof ctx.query.ticket === 'string' ? ctx.query.ticket : null;
  let holder: { businessOwnerId: number; sessionId: number };
  if (principal?.kind === 'business') {
    await assertOutletAccess(principal.businessOwnerId, outletId);
    holder = principal;
  } else if (ticket) holder = await redeemStreamTicket(ticket, outletId);
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

  // The stream's hooks are bound once it runs; until then a ping or a revoke has nothing to do.
  let ping = () => undefined as void;
  let revoke = () => undefined as void;
  const release = liveStreams(rt).admit({
    sessionId: holder.sessionId,
    businessOwnerId: holder.businessOwnerId,
    outletId,
    ip: ctx.ip || 'unknown',
    ping: () => ping(),
    revoke: () => revoke(),
  });
  try {
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
      // The timer fires long after `finish` below exists.
      const maxAge = setTimeout(() => finish('event: renew\ndata: {}\n\n'), STREAM_MAX_AGE_MS);
      const finish = (lastFrame?: string) => {
        if (done) return;
        done = true;
        rt.metrics.sseStreams.dec();
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
      ping = () => write(': ping\n\n');
      revoke = () => finish('event: revoked\ndata: {}\n\n');
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
  } finally {
    release();
  }
}
