import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import type { OutletEventKind } from '../../db/tables.ts';
import { counterPaymentsById } from './counter-views.ts';
import type { CounterPayment } from './schema.ts';

/**
 * The counter's live feed (docs/payments.md, "The counter"): every change an outlet's payments screen
 * shows is recorded here, in the transaction that makes it, and announced on the realtime bus
 * (server/lib/realtime.ts) when that transaction commits.
 *
 * Numbering: the outlet's counter row (`outlet_event_counters`) is bumped and stays locked until the
 * commit, so at one outlet the numbers commit in order and never repeat. A stream that has sent N has
 * seen every change up to N; `Last-Event-ID: N` replays exactly what came after (counter/feed.ts).
 * Recording takes the counter lock LAST in every transaction that records (capture, refund), so the
 * lock order is always the same.
 */

/** The bus topic of an outlet's feed. */
export const outletTopic = (outletId: number) => `outlet:${outletId}`;

/**
 * The message announcing event `seq`: its kind and, when it fits in a notification, the bill's row as
 * the transaction left it (so an up-to-date feed sends it on without reading the database). Listeners
 * that missed a number read the table instead (counter/feed.ts).
 */
export interface OutletEventMessage {
  seq: number;
  kind: OutletEventKind;
  payment?: CounterPayment;
}

/** Rows bigger than this go by number only (NOTIFY's payload is at most 8000 bytes). */
const MAX_INLINE_BYTES = 6_000;

/** How long events are kept for replay; a screen away longer reloads its list. */
export const OUTLET_EVENTS_KEPT_DAYS = 3;

export async function recordOutletEvent(
  trx: Knex.Transaction,
  event: { outletId: number; kind: OutletEventKind; orderId: number; refundId?: number | null },
): Promise<number> {
  const { rows } = (await trx.raw(
    `INSERT INTO outlet_event_counters AS c (outlet_id, last_seq, updated_at) VALUES (?, 1, now())
     ON CONFLICT (outlet_id) DO UPDATE SET last_seq = c.last_seq + 1, updated_at = now()
     RETURNING c.last_seq AS seq`,
    [event.outletId],
  )) as { rows: { seq: number | string }[] };
  const seq = Number(rows[0]!.seq);
  await trx('outletEvents').insert({ outletId: event.outletId, seq, kind: event.kind, orderId: event.orderId, refundId: event.refundId ?? null });
  const payment = (await counterPaymentsById(trx, [event.orderId])).get(event.orderId);
  const message: OutletEventMessage = { seq, kind: event.kind };
  if (payment && Buffer.byteLength(JSON.stringify(payment)) <= MAX_INLINE_BYTES) message.payment = payment;
  await runtime().realtime.publish(outletTopic(event.outletId), message, trx);
  return seq;
}

/** Drops events older than OUTLET_EVENTS_KEPT_DAYS (the prune job); returns how many went. */
export async function pruneOutletEvents(): Promise<number> {
  const { db } = runtime();
  const gone = await db('outletEvents')
    .where('createdAt', '<', db.raw(`now() - make_interval(days => ?)`, [OUTLET_EVENTS_KEPT_DAYS]))
    .delete()
    .returning('seq');
  return gone.length;
}
