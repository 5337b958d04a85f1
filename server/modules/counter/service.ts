import { createHmac, randomBytes } from 'node:crypto';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { acquireCooldown } from '../../lib/rate-limit.ts';
import { assertOutletAccess, assertRefundAccess, mayRefund } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { totalPagesOf } from '../dashboards/schema.ts';
import { checkReceipt } from '../payments/service.ts';
import { processRefund, recordOwnerRefund } from '../payments/refunds.ts';
import type { ReceiptCheck, ReceiptLookup } from '../payments/schema.ts';
import {
  STREAM_MESSAGES,
  STREAM_TICKET_TTL_MS,
  type CounterPage,
  type CounterPageInput,
  type RefundResult,
  type StreamTicket,
} from './schema.ts';
import { COUNTER_ORDER_COLUMNS, counterPaymentsOf } from '../payments/counter-views.ts';

/**
 * The counter (docs/payments.md "The counter"). Every call checks the outlet with the one ownership rule
 * (server/lib/outlet-access.ts); refunds also need the refund permission (a master, or a sub-account its
 * master allows). The money is written by the payments module (refunds.ts): this service only asks.
 */

const pageOf = (offSet: number) => Math.max(offSet, 1);

/** The outlet's paid bills, newest first, a page at a time, with where its live feed stands. */
export async function listCounterPayments(businessOwnerId: number, input: CounterPageInput): Promise<CounterPage> {
  const access = await assertOutletAccess(businessOwnerId, input.outletId);
  const { db, now } = runtime();
  // The feed position first: a bill paid while the page is read is then both listed and replayed
  // (the client merges by order id), never neither.
  const counter = await db('outletEventCounters').where({ outletId: input.outletId }).first('lastSeq');
  const [orders, total, canRefund] = await Promise.all([
    db('orders')
      .where({ outletId: input.outletId, status: 'paid' })
      .orderBy([{ column: 'paidAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      .offset((pageOf(input.offSet) - 1) * input.limit)
      .limit(input.limit)
      .select(...COUNTER_ORDER_COLUMNS),
    // Paid bills are counted by the capture in outlet_daily_stats: no count over the orders.
    db('outletDailyStats').where({ outletId: input.outletId }).sum({ n: 'ordersCount' }).first(),
    mayRefund(access.account),
  ]);
  const count = Number(total?.n ?? 0);
  return {
    data: await counterPaymentsOf(db, orders),
    offSet: pageOf(input.offSet),
    limit: input.limit,
    total: count,
    totalPages: totalPagesOf(count, input.limit),
    lastEventId: counter?.lastSeq ?? 0,
    canRefund,
    serverTime: now(),
  };
}

/** "Check a receipt": the code or receipt id the shopper shows (payments' check, shared with `payments.checkReceipt`). */
export function verifyReceipt(businessOwnerId: number, input: { outletId: number; code: ReceiptLookup }): Promise<ReceiptCheck> {
  return checkReceipt(businessOwnerId, input);
}

/**
 * An owner refund: the permission, then the payments module records it (24 h window, never more than is
 * left, once per key) and asks the provider. A replayed key answers with the refund it made.
 */
export async function refundPayment(
  businessOwnerId: number,
  input: { outletId: number; receiptId: string; amountPaise: number | null; reason: string; idempotencyKey: string },
): Promise<RefundResult> {
  await assertRefundAccess(businessOwnerId, input.outletId);
  const recorded = await recordOwnerRefund({
    outletId: input.outletId,
    receiptCode: input.receiptId,
    amountPaise: input.amountPaise,
    reason: input.reason,
    idempotencyKey: input.idempotencyKey,
    initiatedBy: businessOwnerId,
  });
  // A replay of a refund the provider never answered asks again (same idempotency key at the provider).
  await processRefund(recorded.refundId);
  const { db } = runtime();
  const refund = await db('refunds').where({ id: recorded.refundId }).first('id', 'orderId', 'amountPaise', 'status', 'reason', 'createdAt', 'processedAt');
  const order = await db('orders').where({ id: refund!.orderId }).first(...COUNTER_ORDER_COLUMNS);
  const [payment] = await counterPaymentsOf(db, [order!]);
  const { orderId: _order, ...view } = refund!;
  return { refund: view, payment: payment!, replayed: recorded.replayed };
}

// ------------------------------------------------------------------------------------ stream tickets

/**
 * EventSource cannot send the business token, and the token must never sit in a URL (logs, history).
 * The page asks for a ticket with its token (`counter.streamTicket`): an HMAC-signed
 * `{ session, account, outlet, expiry, nonce }`, valid STREAM_TICKET_TTL_MS, for ONE outlet and ONE
 * stream. Opening the stream checks the signature, the expiry, that the session is still open (logout
 * ends it) and the outlet access, at that moment, then spends the ticket: its nonce is taken in
 * `rate_limit_counters` until the ticket expires (one atomic upsert, so across processes too), and a
 * second use is refused like a stale ticket. A ticket in a log is worth nothing once used, and an
 * outlet's payment list for a minute at most otherwise.
 */
interface TicketClaims {
  s: number;
  b: number;
  o: number;
  e: number;
  n: string;
}

const ticketMac = (secret: string, body: string) => createHmac('sha256', secret).update('counter-stream-ticket\0').update(body).digest('base64url');

export async function issueStreamTicket(principal: { businessOwnerId: number; sessionId: number }, outletId: number): Promise<StreamTicket> {
  await assertOutletAccess(principal.businessOwnerId, outletId);
  const { secret, now } = runtime();
  const expiresAt = new Date(now().getTime() + STREAM_TICKET_TTL_MS);
  const claims: TicketClaims = { s: principal.sessionId, b: principal.businessOwnerId, o: outletId, e: expiresAt.getTime(), n: randomBytes(16).toString('base64url') };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const ticket = `${body}.${ticketMac(secret, body)}`;
  return { ticket, expiresAt, url: `/api/business/payments/${outletId}/events?ticket=${encodeURIComponent(ticket)}` };
}

function claimsOf(ticket: string): TicketClaims | null {
  const [body, mac, ...rest] = ticket.split('.');
  if (!body || !mac || rest.length || ticket.length > 400) return null;
  if (!safeEqual(mac, ticketMac(runtime().secret, body))) return null;
  try {
    const c: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof c !== 'object' || c === null) return null;
    const { s, b, o, e, n } = c as Record<string, unknown>;
    const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
    return int(s) && int(b) && int(o) && int(e) && typeof n === 'string' && /^[\w-]{22}$/.test(n) ? { s, b, o, e, n } : null;
  } catch {
    return null;
  }
}

/**
 * Who a stream ticket speaks for, at this outlet, spending it (401 for a bad, stale or used ticket,
 * 403/404 for the outlet).
 */
export async function redeemStreamTicket(ticket: string, outletId: number): Promise<{ businessOwnerId: number; sessionId: number }> {
  const { db, now } = runtime();
  const claims = claimsOf(ticket);
  if (!claims || claims.o !== outletId || claims.e < now().getTime()) throw unauthorized(STREAM_MESSAGES.badTicket);
  const session = await db('sessions')
    .where({ id: claims.s, kind: 'business', businessOwnerId: claims.b })
    .whereNull('revokedAt')
    .where('expiresAt', '>', now())
    .first('id');
  if (!session) throw unauthorized(STREAM_MESSAGES.badTicket);
  await assertOutletAccess(claims.b, outletId);
  try {
    await acquireCooldown(`stream-ticket:${claims.n}`, Math.ceil((claims.e - now().getTime()) / 1000) + 1, STREAM_MESSAGES.badTicket);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') throw unauthorized(STREAM_MESSAGES.badTicket);
    throw error;
  }
  return { businessOwnerId: claims.b, sessionId: claims.s };
}
