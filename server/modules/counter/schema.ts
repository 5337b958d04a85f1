import { z } from 'zod';
import { idSchema } from '../common/schema.ts';
import { dashboardPageSchema, type Page } from '../dashboards/schema.ts';
import type { CounterPayment, CounterRefund } from '../payments/schema.ts';

/**
 * The counter (docs/payments.md "The counter", docs/business.md "Payments at the counter"): an outlet's
 * payments as they happen, the receipt check, and owner refunds.
 *
 * - `counter.payments` / `GET /api/business/payments/{outletId}?offSet&limit`: paid bills, newest first,
 *   20 a page (SPEC §9), with the feed position `lastEventId` to follow from;
 * - `counter.verify` / `GET /api/business/payments/{outletId}/verify?code=`: the receipt check;
 * - `counter.streamTicket` / `POST /api/business/payments/{outletId}/events/ticket`: a 60-second ticket
 *   for the event stream (EventSource cannot send the business token);
 * - `GET /api/business/payments/{outletId}/events`: Server-Sent Events (REST only);
 * - `counter.refund` / `POST /api/business/refunds`: an owner refund, with an idempotency key.
 */

export { checkReceiptInputSchema as verifyInputSchema } from '../payments/schema.ts';

export const counterPageSchema = dashboardPageSchema;
export type CounterPageInput = z.infer<typeof counterPageSchema>;

export const streamTicketInputSchema = z.object({ outletId: idSchema });

/** A stream ticket lives this long: enough to open the stream, useless soon after. */
export const STREAM_TICKET_TTL_MS = 60_000;
/** A stream is closed after this long and reopened by the client with a fresh ticket (access is checked again). */
export const STREAM_MAX_AGE_MS = 15 * 60_000;
// A comment line every LIVE_STREAM_HEARTBEAT_SECONDS (20 s) keeps proxies from closing an idle stream;
// at the same beat every open stream's session and outlet access are checked again (live-streams.ts).

/** A refused stream (too many open) is told to try again after this many seconds (`Retry-After`). */
export const STREAM_RETRY_AFTER_SECONDS = 30;
/** The reconnection delay the stream asks EventSource for. */
export const STREAM_RETRY_MS = 2_000;

export const STREAM_MESSAGES = {
  badTicket: 'The live feed needs a new ticket: reload the page.',
  signIn: 'Please sign in to your business account.',
  tooManyForAccount: (max: number) =>
    `This account already has ${max} live payment feeds open. Close the payments screen on another tab or device, then try again.`,
  tooManyForAddress: (max: number) =>
    `${max} live payment feeds are already open from your network. Close some payments screens, then try again.`,
} as const;

/**
 * The stream's events (`event:` names). Each `payment` and `refund` carries a `CounterPayment` as JSON
 * (dates as ISO strings) under an `id:` that is the outlet's event number; `reset` means "what you hold
 * may be out of date: reload the list" (a gap too old to replay); `renew` means "the stream closes now:
 * reconnect with a fresh ticket"; `revoked` means "the stream closes now: its session ended or the
 * account may no longer use this outlet" (a new ticket is refused too).
 */
export const STREAM_EVENTS = ['payment', 'refund', 'reset', 'renew', 'revoked'] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

export const REFUND_INPUT_MESSAGES = {
  receiptId: 'Enter the receipt id of the payment, e.g. BCH-7K2M9QXA',
  amount: 'Enter the amount to refund in paise (a whole number, at least 100)',
  reason: 'Enter a reason for the refund (3 to 200 characters)',
  idempotencyKey: 'An idempotency key (8 to 64 letters, digits, - or _) is required: send it as the Idempotency-Key header',
} as const;

/** `POST /api/business/refunds` / `counter.refund`. */
export const refundInputSchema = z.object({
  outletId: idSchema,
  receiptId: z
    .string({ error: REFUND_INPUT_MESSAGES.receiptId })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^BCH-[A-Z2-9]{8}$/, REFUND_INPUT_MESSAGES.receiptId)),
  /** Omitted (or null): everything still refundable. */
  amountPaise: z.coerce
    .number({ error: REFUND_INPUT_MESSAGES.amount })
    .int(REFUND_INPUT_MESSAGES.amount)
    .min(100, REFUND_INPUT_MESSAGES.amount)
    .max(100_000_000, REFUND_INPUT_MESSAGES.amount)
    .nullish()
    .transform((v) => v ?? null),
  reason: z
    .string({ error: REFUND_INPUT_MESSAGES.reason })
    .trim()
    .min(3, REFUND_INPUT_MESSAGES.reason)
    .max(200, REFUND_INPUT_MESSAGES.reason),
  idempotencyKey: z
    .string({ error: REFUND_INPUT_MESSAGES.idempotencyKey })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, REFUND_INPUT_MESSAGES.idempotencyKey),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** An owner refund as the counter shows it. */
// The counter's rows are made by payments (counter-views.ts, next to the tables they come from).
export type { CounterPayment, CounterRefund } from '../payments/schema.ts';

export interface CounterPage extends Page<CounterPayment> {
  /** The outlet's feed position when the page was read: open the stream from here. */
  lastEventId: number;
  /** The caller may refund here (a master, or a sub-account its master allows). */
  canRefund: boolean;
  /** The server's clock, for the refund windows (the device's may be off). */
  serverTime: Date;
}

export interface StreamTicket {
  ticket: string;
  expiresAt: Date;
  /** The stream's URL with the ticket (relative). */
  url: string;
}

export interface RefundResult {
  refund: CounterRefund;
  /** The bill after the refund. */
  payment: CounterPayment;
  /** true when the idempotency key had already made this refund. */
  replayed: boolean;
}
