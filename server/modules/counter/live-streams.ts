import { tooManyRequests } from '../../lib/errors.ts';
import { outletAccessStillHeld } from '../../lib/outlet-access.ts';
import type { Runtime } from '../../lib/runtime.ts';
import type { RealtimeSignal } from '../../lib/realtime.ts';
import { rawRows } from '../../db/rows.ts';
import { ACCESS_TOPIC, type AccessChange } from '../sessions/events.ts';
import { STREAM_MESSAGES, STREAM_RETRY_AFTER_SECONDS } from './schema.ts';

/**
 * The counter's open live streams in THIS process (docs/payments.md "The counter", issue 27): how many
 * each business account and each client address holds, and whether each may still be open.
 *
 * - **Caps**: at most LIVE_STREAMS_PER_ACCOUNT (20) per account and LIVE_STREAMS_PER_IP (100) per client
 *   address, counted per process; the next is refused with 429 and `Retry-After` before it starts. A
 *   stream is a socket (a file descriptor) of the process that holds it, which is the resource the caps
 *   protect, so a per-process count bounds exactly what one process can be made to hold. With N
 *   processes behind a balancer an account can hold at most N × 20 in all, never more than 20 on one.
 * - **Right to exist**: one timer per process, every LIVE_STREAM_HEARTBEAT_SECONDS (20 s), writes the
 *   keep-alive comment to every stream, then re-checks them all in two queries (which sessions are
 *   still open; which (account, outlet) pairs are still allowed, by outlet-access.ts's rule); a stream
 *   that fails either gets `event: revoked` and is closed. And the access doorbell
 *   (sessions/events.ts: logout, revoked sessions, a disabled account, outlets taken away), heard from
 *   any process over the bus, re-checks the streams it names at once. So a stream ends at once after a
 *   logout, a revocation or a disabled account, and within one heartbeat whatever else took its access.
 */

export interface LiveStream {
  readonly sessionId: number;
  readonly businessOwnerId: number;
  readonly outletId: number;
  /** The client address (ctx.ip, as TRUST_PROXY resolves it). */
  readonly ip: string;
  /** Writes the keep-alive comment. */
  ping(): void;
  /** Its access ended: the last frame (`revoked`), then the stream closes. */
  revoke(): void;
}

class LiveStreams {
  private readonly streams = new Set<LiveStream>();
  private readonly perAccount = new Map<number, number>();
  private readonly perIp = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private subscription: Promise<(() => void) | null> | null = null;
  private checking = false;

  constructor(private readonly rt: Runtime) {}

  get size(): number {
    return this.streams.size;
  }

  /** Counts the stream in (or throws TOO_MANY_REQUESTS); returns the function that counts it out. */
  admit(stream: LiveStream): () => void {
    const { LIVE_STREAMS_PER_ACCOUNT: perAccount, LIVE_STREAMS_PER_IP: perIp } = this.rt.env;
    if ((this.perAccount.get(stream.businessOwnerId) ?? 0) >= perAccount) {
      throw tooManyRequests(STREAM_MESSAGES.tooManyForAccount(perAccount), STREAM_RETRY_AFTER_SECONDS);
    }
    if ((this.perIp.get(stream.ip) ?? 0) >= perIp) throw tooManyRequests(STREAM_MESSAGES.tooManyForAddress(perIp), STREAM_RETRY_AFTER_SECONDS);
    this.streams.add(stream);
    bump(this.perAccount, stream.businessOwnerId, 1);
    bump(this.perIp, stream.ip, 1);
    if (this.streams.size === 1) this.start();
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      this.streams.delete(stream);
      bump(this.perAccount, stream.businessOwnerId, -1);
      bump(this.perIp, stream.ip, -1);
      if (this.streams.size === 0) this.stop();
    };
  }

  private start() {
    this.timer = setInterval(() => this.beat(), Math.round(this.rt.env.LIVE_STREAM_HEARTBEAT_SECONDS * 1000));
    this.timer.unref();
    this.subscription = this.rt.realtime.subscribe<AccessChange>(ACCESS_TOPIC, (signal) => this.onAccess(signal)).catch((err: unknown) => {
      // The heartbeat's re-check still ends streams within one beat.
      this.rt.logger.warn({ err }, 'live streams: cannot hear access changes; re-checking on the heartbeat only');
      return null;
    });
  }

  private stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const subscription = this.subscription;
    this.subscription = null;
    void subscription?.then((off) => off?.());
  }

  private beat() {
    for (const stream of this.streams) stream.ping();
    // One re-check at a time: a slow database skips a beat's check rather than piling them up.
    if (this.checking) return;
    this.checking = true;
    void this.recheck([...this.streams]).finally(() => (this.checking = false));
  }

  private onAccess(signal: RealtimeSignal<AccessChange>) {
    if (signal.type === 'closed') return;
    if (signal.type === 'resync') {
      void this.recheck([...this.streams]);
      return;
    }
    const change: { sessionId?: unknown; kind?: unknown; principalId?: unknown } = signal.data ?? {};
    const named = [...this.streams].filter((s) =>
      change.sessionId !== undefined ? s.sessionId === change.sessionId : change.kind === 'business' && s.businessOwnerId === change.principalId,
    );
    if (named.length) void this.recheck(named);
  }

  /** Ends the streams among `streams` whose session is over or whose account may no longer use the outlet. */
  async recheck(streams: LiveStream[]): Promise<void> {
    if (!streams.length) return;
    const { db, now, logger } = this.rt;
    try {
      const sessionIds = [...new Set(streams.map((s) => s.sessionId))];
      const [open, held] = await Promise.all([
        rawRows<{ id: number }>(db, 'SELECT id FROM sessions WHERE id = ANY(?::bigint[]) AND revoked_at IS NULL AND expires_at > ?', [
          `{${sessionIds.join(',')}}`,
          now(),
        ]),
        outletAccessStillHeld(
          [...new Map(streams.map((s) => [`${s.businessOwnerId}:${s.outletId}`, { businessOwnerId: s.businessOwnerId, outletId: s.outletId }])).values()],
          db,
        ),
      ]);
      const openIds = new Set(open.map((r) => Number(r.id)));
      for (const s of streams) {
        if (this.streams.has(s) && (!openIds.has(s.sessionId) || !held.has(`${s.businessOwnerId}:${s.outletId}`))) s.revoke();
      }
    } catch (err) {
      // Nothing is ended on a failed check (the database is away: the streams get nothing anyway); the next beat tries again.
      logger.warn({ err }, 'live streams: re-checking access failed');
    }
  }
}

function bump<K>(counts: Map<K, number>, key: K, by: number) {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

const registries = new WeakMap<Runtime, LiveStreams>();

/** The live streams of the app whose runtime this is (one per process, or per app in tests). */
export function liveStreams(rt: Runtime): LiveStreams {
  let registry = registries.get(rt);
  if (!registry) registries.set(rt, (registry = new LiveStreams(rt)));
  return registry;
}
