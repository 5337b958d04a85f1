import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from './logger.ts';
import { afterCommit } from '../db/after-commit.ts';

/**
 * Real time across server processes (docs/architecture.md "Background work and real time",
 * docs/payments.md "The counter"): small messages published on a topic (`outlet:12`) reach every
 * subscriber of that topic in every process.
 *
 * - PostgreSQL (`pg` driver): `NOTIFY bachat_realtime` with `{ t: topic, d: data }`; each process keeps
 *   ONE dedicated connection that LISTENs (opened at the first subscription) and hands messages to its
 *   local subscribers. A message published inside a transaction is delivered when, and only if, it
 *   commits (PostgreSQL's NOTIFY semantics), in commit order. When the listening connection drops, it
 *   reconnects (1 s, 2 s … 10 s) and every subscriber gets a `resync` (messages may have been missed
 *   meanwhile: subscribers re-read what they follow from the database).
 * - Embedded PGlite (one process owns the database): an in-process EventEmitter; a message published in
 *   a transaction is emitted after the commit (never on rollback).
 *
 * Messages are doorbells, not the data: NOTIFY payloads are small (< 8000 bytes) and may be lost while a
 * connection is down, so subscribers read what changed from the database (server/modules/counter/feed.ts).
 */

export const REALTIME_CHANNEL = 'bachat_realtime';
/** NOTIFY's payload limit is 8000 bytes; ours are tiny. */
const MAX_PAYLOAD_BYTES = 7_900;

/** `resync`: messages may have been missed (re-read from the database); `closed`: the bus is shutting down. */
export type RealtimeSignal<T> = { type: 'message'; data: T } | { type: 'resync' } | { type: 'closed' };
export type RealtimeListener<T = unknown> = (signal: RealtimeSignal<T>) => void;

export interface Realtime {
  readonly kind: 'postgres' | 'in-process';
  /**
   * Publishes `data` on `topic`. With `trx`, it is delivered only once that transaction commits (the
   * outermost one when `trx` is a savepoint); without, at once.
   */
  publish(topic: string, data: unknown, trx?: Knex.Transaction): Promise<void>;
  /**
   * Subscribes to `topic`; resolves once messages published from now on will be delivered (on
   * PostgreSQL: the LISTEN is in place). Returns the unsubscribe function.
   */
  subscribe<T = unknown>(topic: string, listener: RealtimeListener<T>): Promise<() => void>;
  /** Subscribers of a topic in this process (tests, the bench). */
  listenerCount(topic: string): number;
  /** Stops listening; every subscriber gets a last `closed` signal, then nothing. */
  close(): Promise<void>;
}

/** The bus for the app's database: LISTEN/NOTIFY on PostgreSQL, in-process on the embedded PGlite. */
export function createRealtime(db: Knex, logger: Logger): Realtime {
  return db.client.config.client === 'pg' ? createPostgresRealtime(db, logger) : createLocalRealtime();
}

/** The transaction that decides whether `trx`'s work is kept: the outermost one. */
function encode(topic: string, data: unknown): string {
  const payload = JSON.stringify({ t: topic, d: data });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`realtime message on ${topic} is too large (${payload.length} bytes)`);
  return payload;
}

/** Local subscribers by topic (both buses deliver through it). */
class Topics {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open stream's feed (one per outlet in practice); no leak warning at 11.
    this.emitter.setMaxListeners(0);
  }
  on(topic: string, listener: RealtimeListener<unknown>): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }
  emit(topic: string, signal: RealtimeSignal<unknown>): void {
    for (const listener of this.emitter.listeners(topic) as RealtimeListener<unknown>[]) {
      try {
        listener(signal);
      } catch {
        // A failing subscriber never stops the others.
      }
    }
  }
  topics(): string[] {
    return this.emitter.eventNames().filter((n): n is string => typeof n === 'string');
  }
  count(topic: string): number {
    return this.emitter.listenerCount(topic);
  }
  /** Tells every subscriber the bus is closing, then forgets them. */
  closeAll(): void {
    for (const topic of this.topics()) this.emit(topic, { type: 'closed' });
    this.emitter.removeAllListeners();
  }
}

export function createLocalRealtime(): Realtime {
  const topics = new Topics();
  let closed = false;
  const deliver = (topic: string, data: unknown) => {
    if (!closed) topics.emit(topic, { type: 'message', data: JSON.parse(encode(topic, data)).d as unknown });
  };
  return {
    kind: 'in-process',
    async publish(topic, data, trx) {
      encode(topic, data);
      if (!trx) return deliver(topic, data);
      afterCommit(trx, () => deliver(topic, data));
    },
    async subscribe<T>(topic: string, listener: RealtimeListener<T>) {
      return topics.on(topic, listener as RealtimeListener<unknown>);
    },
    listenerCount: (topic) => topics.count(topic),
    async close() {
      closed = true;
      topics.closeAll();
    },
  };
}

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

export function createPostgresRealtime(db: Knex, logger: Logger): Realtime {
  const topics = new Topics();
  const connection: unknown = db.client.config.connection;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const resyncAll = () => {
    for (const topic of topics.topics()) topics.emit(topic, { type: 'resync' });
  };

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== REALTIME_CHANNEL || !msg.payload) return;
    let parsed: { t?: unknown; d?: unknown };
    try {
      parsed = JSON.parse(msg.payload) as { t?: unknown; d?: unknown };
    } catch {
      return;
    }
    if (typeof parsed.t === 'string') topics.emit(parsed.t, { type: 'message', data: parsed.d });
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer || topics.topics().length === 0) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      ensureListening().then(resyncAll, () => scheduleReconnect());
    }, delay);
    reconnectTimer.unref();
  };

  const ensureListening = (): Promise<void> => {
    if (client) return Promise.resolve();
    connecting ??= (async () => {
      const c = new pg.Client(typeof connection === 'string' ? { connectionString: connection } : (connection as pg.ClientConfig));
      c.on('notification', onNotification);
      c.on('error', (err) => {
        logger.warn({ err }, 'realtime: the listening connection failed');
      });
      c.on('end', () => {
        if (client === c) client = null;
        if (!closed) {
          logger.warn('realtime: the listening connection ended; reconnecting');
          scheduleReconnect();
        }
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${REALTIME_CHANNEL}`);
      } catch (error) {
        await c.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      failures = 0;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    kind: 'postgres',
    async publish(topic, data, trx) {
      // Inside a transaction, PostgreSQL holds the notification until COMMIT (and drops it on rollback).
      await (trx ?? db).raw('SELECT pg_notify(?, ?)', [REALTIME_CHANNEL, encode(topic, data)]);
    },
    async subscribe<T>(topic: string, listener: RealtimeListener<T>) {
      if (closed) throw new Error('realtime is closed');
      const off = topics.on(topic, listener as RealtimeListener<unknown>);
      try {
        await ensureListening();
      } catch (error) {
        off();
        throw error;
      }
      return off;
    },
    listenerCount: (topic) => topics.count(topic),
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      topics.closeAll();
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
