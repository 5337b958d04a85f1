import { performance } from 'node:perf_hooks';
import type { Runtime } from '../../lib/runtime.ts';
import type { RealtimeSignal } from '../../lib/realtime.ts';
import type { OutletEventKind } from '../../db/tables.ts';
import { outletTopic, type OutletEventMessage } from '../payments/events.ts';
import type { CounterPayment } from './schema.ts';
import { counterPaymentsById } from '../payments/counter-views.ts';

/**
 * An outlet's live feed in THIS process (docs/payments.md "The counter"): one per outlet that has open
 * streams, however many. It subscribes to the outlet's realtime topic once. A message (sent when a
 * capture or refund commits, from any process) that is the next number and carries the bill's row is
 * sent on at once; anything else (a gap, a row too big for a notification, a `resync`) makes it read
 * the outlet's events after the last one it delivered, ONE query whatever the number of streams. Each
 * stream gets the events it has not sent yet, as ready-made SSE frames (serialised once).
 *
 * Nothing is lost or sent twice:
 * - events are read from the table by number, so a lost or late message only delays them (the next
 *   message, or a `resync` after the bus reconnects, reads everything after the last number);
 * - a stream that attaches with a Last-Event-ID first buffers live events, then replays the table
 *   after its id, then sends the buffer minus what the replay covered, and from then on only numbers
 *   above the last it sent.
 */

export interface FeedEvent {
  seq: number;
  kind: OutletEventKind;
  /** The SSE frame: `id`, `event`, `data` (the bill's row as JSON). */
  frame: string;
}

export interface FeedSink {
  /** Events in number order, none already sent to this sink. */
  send(events: FeedEvent[]): void;
  /** The sink's position is too old to replay (or unknown to this database): the client reloads its list. */
  reset(): void;
  /** The feed is gone (the server is shutting down): end the stream; the client reconnects elsewhere. */
  end(): void;
}

export interface FeedSubscription {
  /** The last event number this sink was given (or was told to start after). */
  readonly lastSent: number;
  close(): void;
}

/** At most this many events are replayed to a reconnecting stream; more → `reset`. */
export const MAX_REPLAY = 500;
const READ_BATCH = 200;

interface SinkState {
  sink: FeedSink;
  lastSent: number;
  /** While the sink's replay runs, live events wait here. */
  buffer: FeedEvent[] | null;
}

/** Dates in the row are Date objects (read here) or ISO strings (from a notification): the JSON is the same. */
const toFrame = (seq: number, kind: string, payment: CounterPayment) => `id: ${seq}\nevent: ${kind}\ndata: ${JSON.stringify(payment)}\n\n`;

/**
 * Events of an outlet after `after` (at most `limit`), as counter rows, and the last number read
 * (null when there was none): the position moves past rows with nothing to show too.
 */
async function readEvents(rt: Runtime, outletId: number, after: number, limit: number): Promise<{ events: FeedEvent[]; lastRead: number | null; more: boolean }> {
  const rows = await rt
    .db('outletEvents')
    .where({ outletId })
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .select('seq', 'kind', 'orderId');
  if (!rows.length) return { events: [], lastRead: null, more: false };
  const views = await counterPaymentsById(
    rt.db,
    rows.map((r) => r.orderId),
  );
  const events: FeedEvent[] = [];
  for (const r of rows) {
    const payment = views.get(r.orderId);
    if (payment) events.push({ seq: r.seq, kind: r.kind, frame: toFrame(r.seq, r.kind, payment) });
  }
  return { events, lastRead: rows[rows.length - 1]!.seq, more: rows.length === limit };
}

class OutletFeed {
  readonly sinks = new Set<SinkState>();
  /** Every event up to this number has been delivered to the live sinks. */
  lastSeq = 0;
  private reading: Promise<void> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly rt: Runtime,
    readonly outletId: number,
    private readonly onEmpty: () => void,
  ) {
    this.ready = this.start();
  }

  private async start(): Promise<void> {
    // Listen first, then read the position: a commit in between is both heard and above the position.
    this.unsubscribe = await this.rt.realtime.subscribe<Partial<OutletEventMessage>>(outletTopic(this.outletId), (signal) => this.onSignal(signal));
    const counter = await this.rt.db('outletEventCounters').where({ outletId: this.outletId }).first('lastSeq');
    this.lastSeq = counter?.lastSeq ?? 0;
    this.started = true;
  }

  private started = false;

  private onSignal(signal: RealtimeSignal<Partial<OutletEventMessage>>) {
    if (signal.type === 'closed') return this.drop();
    if (signal.type === 'message') {
      const { seq, kind, payment } = signal.data ?? {};
      if (typeof seq === 'number' && seq <= this.lastSeq) return;
      // The next number, with its row, while nothing is being read: straight on (no database read).
      if (this.started && !this.reading && typeof seq === 'number' && seq === this.lastSeq + 1 && payment && (kind === 'payment' || kind === 'refund')) {
        this.lastSeq = seq;
        this.deliver([{ seq, kind, frame: toFrame(seq, kind, payment) }]);
        return;
      }
    }
    this.ready.then(() => this.pull(), () => undefined);
  }

  /** Reads and delivers everything after lastSeq; one read at a time, again if a message came meanwhile. */
  pull(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          for (;;) {
            const { events, lastRead, more } = await readEvents(this.rt, this.outletId, this.lastSeq, READ_BATCH);
            if (lastRead === null) break;
            this.lastSeq = lastRead;
            this.deliver(events);
            if (!more) break;
          }
        } while (this.again);
      } catch (err) {
        this.rt.logger.error({ err, outletId: this.outletId }, 'counter feed: reading events failed');
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** How long handing events to every sink took, the last few times (ms; the bench reads it). */
  readonly fanOutMs: number[] = [];

  private deliver(events: FeedEvent[]) {
    const started = performance.now();
    for (const state of this.sinks) {
      if (state.buffer) {
        state.buffer.push(...events);
        continue;
      }
      sendNew(state, events);
    }
    this.fanOutMs.push(performance.now() - started);
    if (this.fanOutMs.length > 50) this.fanOutMs.shift();
  }

  async attach(sink: FeedSink, lastEventId: number | null): Promise<FeedSubscription> {
    await this.ready;
    const state: SinkState = { sink, lastSent: lastEventId ?? this.lastSeq, buffer: lastEventId === null ? null : [] };
    this.sinks.add(state);
    const subscription: FeedSubscription = {
      get lastSent() {
        return state.lastSent;
      },
      close: () => this.detach(state),
    };
    if (lastEventId === null) return subscription;
    try {
      await this.replay(state, lastEventId);
    } finally {
      const buffered = state.buffer ?? [];
      state.buffer = null;
      if (this.sinks.has(state)) sendNew(state, buffered);
    }
    return subscription;
  }

  private async replay(state: SinkState, from: number) {
    const { db } = this.rt;
    const [bounds, counter] = await Promise.all([
      db('outletEvents').where({ outletId: this.outletId }).min({ first: 'seq' }).first(),
      db('outletEventCounters').where({ outletId: this.outletId }).first('lastSeq'),
    ]);
    const last = counter?.lastSeq ?? 0;
    const first = bounds?.first === null || bounds?.first === undefined ? last + 1 : Number(bounds.first);
    // Ahead of the database (another database, a restore) or behind what is kept, or too far behind.
    if (from > last || from < first - 1 || last - from > MAX_REPLAY) {
      state.sink.reset();
      state.lastSent = Math.max(last, this.lastSeq);
      return;
    }
    let after = from;
    while (after < last) {
      const { events, lastRead } = await readEvents(this.rt, this.outletId, after, READ_BATCH);
      if (lastRead === null) break;
      sendNew(state, events);
      after = lastRead;
      state.lastSent = Math.max(state.lastSent, lastRead);
    }
  }

  private detach(state: SinkState) {
    this.sinks.delete(state);
    if (this.sinks.size === 0) {
      this.unsubscribe?.();
      this.unsubscribe = null;
      this.onEmpty();
    }
  }

  /** The bus is going away (shutdown): every sink ends. */
  drop() {
    const sinks = [...this.sinks];
    this.sinks.clear();
    this.unsubscribe = null;
    this.onEmpty();
    for (const state of sinks) state.sink.end();
  }
}

function sendNew(state: SinkState, events: FeedEvent[]) {
  const fresh = events.filter((e) => e.seq > state.lastSent);
  if (!fresh.length) return;
  state.lastSent = fresh[fresh.length - 1]!.seq;
  state.sink.send(fresh);
}

const feeds = new WeakMap<Runtime, Map<number, OutletFeed>>();

/**
 * Attaches a sink to the outlet's feed in this process (creating it for the first sink). With a
 * `lastEventId`, what came after it is replayed first (or `reset` when that is not possible); without,
 * only what happens from now on.
 */
export async function followOutlet(rt: Runtime, outletId: number, sink: FeedSink, lastEventId: number | null): Promise<FeedSubscription> {
  let byOutlet = feeds.get(rt);
  if (!byOutlet) feeds.set(rt, (byOutlet = new Map()));
  let feed = byOutlet.get(outletId);
  if (!feed) {
    const created: OutletFeed = new OutletFeed(rt, outletId, () => {
      if (byOutlet.get(outletId) === created) byOutlet.delete(outletId);
    });
    feed = created;
    byOutlet.set(outletId, feed);
    feed.ready.catch(() => {
      if (byOutlet.get(outletId) === created) byOutlet.delete(outletId);
    });
  }
  return feed.attach(sink, lastEventId);
}

/** How long the outlet's last fan-outs took in this process, ms (the bench). */
export function fanOutTimes(rt: Runtime, outletId: number): number[] {
  return [...(feeds.get(rt)?.get(outletId)?.fanOutMs ?? [])];
}

/** Streams open in this process on an outlet (tests, the bench). */
export function openSinks(rt: Runtime, outletId: number): number {
  return feeds.get(rt)?.get(outletId)?.sinks.size ?? 0;
}
