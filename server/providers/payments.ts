import { createHmac, randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { keyedHash, resolveAppSecret, safeEqual } from '../lib/crypto.ts';

/**
 * Takes payments for orders (docs/payments.md). Two adapters behind one interface:
 * - `sandbox` (default, offline): its hosted checkout is the app's /payment-demo page; Pay / Fail there
 *   produce a checkout callback and a webhook in Razorpay's formats, signed with the sandbox's own keys,
 *   and they go through the very same verification and capture code as a real provider's.
 * - `razorpay`: the Orders API, the checkout signature (HMAC-SHA256 of `order_id|payment_id` under the
 *   key secret) and the webhook signature (HMAC-SHA256 of the raw body under the webhook secret).
 * Signatures are compared in constant time. Amounts are integer paise (Razorpay's `amount` unit too).
 */

/**
 * What a webhook reports: a payment's state, a refund's outcome, a Route transfer's or settlement's
 * progress, a linked account's state, or something we do not use.
 */
export type NoticeKind =
  | 'authorized'
  | 'captured'
  | 'failed'
  | 'refund_processed'
  | 'refund_failed'
  | 'transfer_processed'
  | 'transfer_failed'
  | 'settlement_processed'
  | 'account_status'
  | 'other';

/** Route events (transfers, settlements to linked accounts, linked accounts' states), normalised. */
export interface RouteNotice {
  /** trf_… (transfer events). */
  transferId: string | null;
  /** Our order's public id, from the notes we gave the transfer (a transfer we do not know yet is found by it). */
  orderRef: string | null;
  /** The linked account (acc_…): the transfer's recipient, or the account a `product.route.*` event is about. */
  accountId: string | null;
  /** setl_… (settlement events). */
  settlementId: string | null;
  utr: string | null;
  feesPaise: number | null;
  taxPaise: number | null;
  /** When the provider processed it (unix seconds in the body), if it says. */
  at: Date | null;
  /** A transfer's failure reason, or a linked account's new state (`activated`, `under_review`, …). */
  detail: string | null;
}

/** A provider event, normalised (from a webhook body). */
export interface PaymentNotice {
  /** Deduplication key: the provider's event id. */
  eventId: string;
  /** The provider's event name, e.g. `payment.captured`. */
  eventType: string;
  kind: NoticeKind;
  providerOrderId: string | null;
  paymentId: string | null;
  /**
   * The amount the event is about, in paise: the payment's (payment and order events) or the refund's
   * (refund events); null when the body carries none (such a webhook is refused).
   */
  amountPaise: number | null;
  method: string | null;
  errorReason: string | null;
  /** Refund events: the provider's refund id and our refund id (from the notes we sent). */
  refundId: string | null;
  refundRef: string | null;
  /** Transfer, settlement and linked-account events; null for payment and refund events. */
  route: RouteNotice | null;
}

/** A Route transfer to put on a provider order: the outlet's share to its linked account, on hold. */
export interface TransferRequest {
  /** The linked account (acc_…). */
  account: string;
  amountPaise: number;
  /** Kept with the transfer (ours: `bachat_order`, the order's public id). */
  notes: Record<string, string>;
  /** The provider releases the hold by itself at this time if we have not (a safety net). */
  onHoldUntil: Date;
}

/** A transfer the provider created with an order. */
export interface ProviderTransfer {
  id: string;
  account: string;
  amountPaise: number;
}

/** A transfer as the provider lists it (reconciliation). */
export interface ProviderTransferState {
  id: string;
  amountPaise: number;
  /** created, pending, processed, failed, reversed, partially_reversed */
  status: string;
  /** pending, on_hold, settled (null before it is processed) */
  settlementStatus: string | null;
  settlementId: string | null;
}

/** A reversal of a transfer (part of it taken back from the linked account). */
export interface ProviderReversal {
  id: string;
  amountPaise: number;
  notes: Record<string, string>;
}

/** A refund request (amount in paise; `idempotencyKey` makes a retried request return the same refund). */
export interface RefundRequest {
  /** The provider's payment id (pay_…). */
  paymentId: string;
  amountPaise: number;
  notes?: Record<string, string>;
  idempotencyKey?: string;
}

/** What the provider answered: its refund id and the refund's state. */
export interface RefundResponse {
  providerRefundId: string;
  status: 'pending' | 'processed' | 'failed';
}

export interface CheckoutSignature {
  providerOrderId: string;
  paymentId: string;
  signature: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** The provider's public key the browser checkout needs (none for the sandbox). */
  readonly publicKey: string | null;
  /**
   * Creates the provider's order for an amount; `receipt` is our order's public id. With `transfers`
   * (Razorpay Route), the provider moves those shares to the linked accounts when the payment is
   * captured, and answers with the transfers' ids.
   */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
    transfers?: TransferRequest[];
  }): Promise<{ providerOrderId: string; transfers?: ProviderTransfer[] }>;
  /** Checks the checkout callback's signature (constant time). */
  verifyCheckoutSignature(input: CheckoutSignature): boolean;
  /** Checks a webhook's signature over its raw body (constant time). */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** Reads a (verified) webhook body; throws a 400 AppError on a malformed one. */
  parseWebhook(rawBody: Buffer, eventIdHeader: string | undefined): PaymentNotice;
  /**
   * Returns captured money to the shopper (Razorpay: `POST /v1/payments/{id}/refund`, normal speed).
   * Throws a `ProviderError` when the provider cannot be reached or refuses; the caller retries later
   * with the same `idempotencyKey`.
   */
  refund(input: RefundRequest): Promise<RefundResponse>;
  /** Lifts a transfer's settlement hold (Razorpay: `PATCH /v1/transfers/{id}` `{ on_hold: false }`). Throws ProviderError. */
  releaseTransfer(transferId: string): Promise<void>;
  /**
   * Takes part of a transfer back from the linked account (Razorpay: `POST /v1/transfers/{id}/reversals`).
   * No idempotency key exists for it: callers look for their note in `transferReversals` before a retry.
   */
  reverseTransfer(input: { transferId: string; amountPaise: number; notes: Record<string, string> }): Promise<ProviderReversal>;
  /** The reversals of a transfer (`GET /v1/transfers/{id}/reversals`). */
  transferReversals(transferId: string): Promise<ProviderReversal[]>;
  /** The transfers a settlement paid (`GET /v1/transfers?recipient_settlement_id=`), every page. */
  settlementTransfers(settlementId: string): Promise<ProviderTransferState[]>;
}

/** A provider call that did not succeed (network, time-out, refusal); `status` is the HTTP status if any. */
export class ProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.status = status;
  }
}

/** What the sandbox's hosted checkout produces when the shopper taps Pay or Fail. */
export interface SandboxCompletion {
  callback: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | null;
  webhook: { body: Buffer; signature: string; eventId: string };
}

/** A signed webhook the sandbox produced, to go through the same verification code as a real one. */
export interface SignedWebhook {
  body: Buffer;
  signature: string;
  eventId: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  complete(input: { providerOrderId: string; amountPaise: number; outcome: 'pay' | 'fail' }): SandboxCompletion;
  /** Route, simulated: the provider processed a transfer after the capture (a signed `transfer.processed`). */
  transferProcessed(input: { transferId: string; account: string; amountPaise: number; orderRef: string; at: Date }): SignedWebhook;
  /**
   * Route, simulated: the provider settles released transfers to the linked account's bank: a new
   * settlement (setl_sbx…) with a UTR, remembered so `settlementTransfers` lists them, and its signed
   * `settlement.processed`.
   */
  settle(input: { account: string; transfers: { id: string; amountPaise: number }[]; at: Date }): { settlementId: string; utr: string; webhook: SignedWebhook };
}

export const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** Razorpay's checkout signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
export function checkoutSignature(keySecret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${providerOrderId}|${paymentId}`);
}

const badWebhook = () => new AppError('BAD_REQUEST', 'Malformed webhook body');

interface RazorpayEventBody {
  event?: unknown;
  account_id?: unknown;
  payload?: {
    payment?: { entity?: Record<string, unknown> };
    order?: { entity?: Record<string, unknown> };
    refund?: { entity?: Record<string, unknown> };
    transfer?: { entity?: Record<string, unknown> };
    settlement?: { entity?: Record<string, unknown> };
  };
}

const KIND_OF_EVENT: Record<string, NoticeKind> = {
  'payment.authorized': 'authorized',
  'payment.captured': 'captured',
  // order.paid: the order is fully paid; it carries the payment entity too, so it is a capture of that payment.
  'order.paid': 'captured',
  'payment.failed': 'failed',
  'refund.processed': 'refund_processed',
  'refund.failed': 'refund_failed',
  'transfer.processed': 'transfer_processed',
  'transfer.failed': 'transfer_failed',
  'settlement.processed': 'settlement_processed',
  'product.route.under_review': 'account_status',
  'product.route.needs_clarification': 'account_status',
  'product.route.activated': 'account_status',
  'account.suspended': 'account_status',
};

/** The note key our transfers carry: the order's public id, so a transfer event finds its order. */
export const TRANSFER_NOTE_KEY = 'bachat_order';
/** The note key our reversals carry: our reversal's id, so a retry finds a reversal the provider made. */
export const REVERSAL_NOTE_KEY = 'bachat_reversal';

const ACCOUNT_STATUS_OF: Record<string, string> = {
  'product.route.under_review': 'under_review',
  'product.route.needs_clarification': 'needs_clarification',
  'product.route.activated': 'activated',
  'account.suspended': 'suspended',
};

/** The note key our refunds carry, so a refund webhook finds its row even before we stored the provider's id. */
export const REFUND_NOTE_KEY = 'bachat_refund';

/** Reads Razorpay's webhook format (the sandbox emits the same). */
export function parseRazorpayWebhook(rawBody: Buffer, eventIdHeader: string | undefined): PaymentNotice {
  let body: RazorpayEventBody;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as RazorpayEventBody;
  } catch {
    throw badWebhook();
  }
  if (!body || typeof body !== 'object' || typeof body.event !== 'string') throw badWebhook();
  const p = body.payload?.payment?.entity ?? {};
  const o = body.payload?.order?.entity ?? {};
  const r = body.payload?.refund?.entity ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const paise = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
  const eventType = body.event;
  const kind = KIND_OF_EVENT[eventType] ?? 'other';
  if (kind === 'transfer_processed' || kind === 'transfer_failed' || kind === 'settlement_processed' || kind === 'account_status') {
    return parseRouteEvent(body, eventType, kind, eventIdHeader);
  }
  const isRefund = kind === 'refund_processed' || kind === 'refund_failed';
  const paymentId = str(p.id) ?? (isRefund ? str(r.payment_id) : null);
  const refundId = isRefund ? str(r.id) : null;
  const notes = r.notes && typeof r.notes === 'object' ? (r.notes as Record<string, unknown>) : {};
  // Razorpay sends the event id in `X-Razorpay-Event-Id`; without it, the event name + entity id is unique enough.
  const entityId = refundId ?? paymentId;
  const eventId = (eventIdHeader && eventIdHeader.slice(0, 200)) || (entityId ? `${eventType}:${entityId}` : null);
  if (!eventId) throw badWebhook();
  return {
    eventId,
    eventType,
    kind,
    providerOrderId: str(p.order_id) ?? str(o.id),
    paymentId,
    amountPaise: isRefund ? paise(r.amount) : paise(p.amount),
    method: str(p.method),
    errorReason: str(p.error_description) ?? str(p.error_reason),
    refundId,
    refundRef: str(notes[REFUND_NOTE_KEY]),
    route: null,
  };
}

function parseRouteEvent(body: RazorpayEventBody, eventType: string, kind: NoticeKind, eventIdHeader: string | undefined): PaymentNotice {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const paise = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
  const seconds = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? new Date(v * 1000) : null);
  const t = body.payload?.transfer?.entity ?? {};
  const st = body.payload?.settlement?.entity ?? {};
  const notes = t.notes && typeof t.notes === 'object' && !Array.isArray(t.notes) ? (t.notes as Record<string, unknown>) : {};
  const error = t.error && typeof t.error === 'object' ? (t.error as Record<string, unknown>) : {};
  const isTransfer = kind === 'transfer_processed' || kind === 'transfer_failed';
  const route: RouteNotice = {
    transferId: isTransfer ? str(t.id) : null,
    orderRef: isTransfer ? str(notes[TRANSFER_NOTE_KEY]) : null,
    accountId: isTransfer ? str(t.recipient) : str(body.account_id),
    settlementId: kind === 'settlement_processed' ? str(st.id) : null,
    utr: kind === 'settlement_processed' ? str(st.utr) : null,
    feesPaise: kind === 'settlement_processed' ? paise(st.fees) : null,
    taxPaise: kind === 'settlement_processed' ? paise(st.tax) : null,
    at: isTransfer ? seconds(t.processed_at) : seconds(st.created_at),
    detail: kind === 'account_status' ? (ACCOUNT_STATUS_OF[eventType] ?? null) : kind === 'transfer_failed' ? (str(error.description) ?? str(error.reason)) : null,
  };
  const entityId = route.transferId ?? route.settlementId ?? (kind === 'account_status' ? route.accountId : null);
  const eventId = (eventIdHeader && eventIdHeader.slice(0, 200)) || (entityId ? `${eventType}:${entityId}` : null);
  if (!eventId) throw badWebhook();
  return {
    eventId,
    eventType,
    kind,
    providerOrderId: null,
    paymentId: null,
    // A linked account's state carries no money: 0 stands for "nothing to check".
    amountPaise: kind === 'account_status' ? 0 : isTransfer ? paise(t.amount) : paise(st.amount),
    method: null,
    errorReason: null,
    refundId: null,
    refundRef: null,
    route,
  };
}

export type RazorpayPaymentEvent = 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid';

const PAYMENT_STATUS_OF: Record<RazorpayPaymentEvent, string> = {
  'payment.authorized': 'authorized',
  'payment.captured': 'captured',
  'order.paid': 'captured',
  'payment.failed': 'failed',
};

/**
 * A Razorpay-format webhook body for a payment event (used by the sandbox and by tests). `order.paid`
 * carries the order entity beside the payment, as Razorpay's does. `amountPaise: null` leaves the amount out.
 */
export function razorpayWebhookBody(input: {
  event: RazorpayPaymentEvent;
  paymentId: string;
  providerOrderId: string;
  amountPaise: number | null;
  method?: string;
  errorDescription?: string;
  createdAt?: number;
}): Buffer {
  const payment = {
    id: input.paymentId,
    entity: 'payment',
    ...(input.amountPaise === null ? {} : { amount: input.amountPaise }),
    currency: 'INR',
    status: PAYMENT_STATUS_OF[input.event],
    order_id: input.providerOrderId,
    method: input.method ?? 'card',
    captured: input.event === 'payment.captured' || input.event === 'order.paid',
    error_description: input.event === 'payment.failed' ? (input.errorDescription ?? null) : null,
  };
  const order = {
    id: input.providerOrderId,
    entity: 'order',
    ...(input.amountPaise === null ? {} : { amount: input.amountPaise, amount_paid: input.amountPaise, amount_due: 0 }),
    currency: 'INR',
    status: 'paid',
  };
  return Buffer.from(
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: input.event,
      contains: input.event === 'order.paid' ? ['payment', 'order'] : ['payment'],
      payload: input.event === 'order.paid' ? { payment: { entity: payment }, order: { entity: order } } : { payment: { entity: payment } },
      created_at: input.createdAt ?? Math.floor(Date.now() / 1000),
    }),
  );
}

/** A Razorpay-format `refund.processed` / `refund.failed` webhook body (tests). */
export function razorpayRefundWebhookBody(input: {
  event: 'refund.processed' | 'refund.failed';
  refundId: string;
  paymentId: string;
  providerOrderId: string;
  amountPaise: number | null;
  notes?: Record<string, string>;
}): Buffer {
  return Buffer.from(
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: input.event,
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: {
            id: input.refundId,
            entity: 'refund',
            ...(input.amountPaise === null ? {} : { amount: input.amountPaise }),
            currency: 'INR',
            payment_id: input.paymentId,
            notes: input.notes ?? {},
            status: input.event === 'refund.processed' ? 'processed' : 'failed',
            speed_requested: 'normal',
          },
        },
        payment: { entity: { id: input.paymentId, entity: 'payment', order_id: input.providerOrderId, status: 'captured', captured: true } },
      },
      created_at: Math.floor(Date.now() / 1000),
    }),
  );
}

/** A Razorpay-format `transfer.processed` / `transfer.failed` webhook body (the sandbox's cycle, tests). */
export function razorpayTransferWebhookBody(input: {
  event: 'transfer.processed' | 'transfer.failed';
  transferId: string;
  account: string;
  amountPaise: number | null;
  orderRef?: string;
  source?: string;
  processedAt?: Date;
  error?: string;
}): Buffer {
  const at = Math.floor((input.processedAt ?? new Date()).getTime() / 1000);
  return Buffer.from(
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: input.event,
      contains: ['transfer'],
      payload: {
        transfer: {
          entity: {
            id: input.transferId,
            entity: 'transfer',
            status: input.event === 'transfer.processed' ? 'processed' : 'failed',
            source: input.source ?? null,
            recipient: input.account,
            ...(input.amountPaise === null ? {} : { amount: input.amountPaise }),
            currency: 'INR',
            amount_reversed: 0,
            notes: input.orderRef ? { [TRANSFER_NOTE_KEY]: input.orderRef } : {},
            linked_account_notes: input.orderRef ? [TRANSFER_NOTE_KEY] : [],
            on_hold: true,
            settlement_status: input.event === 'transfer.processed' ? 'on_hold' : null,
            recipient_settlement_id: null,
            created_at: at,
            processed_at: input.event === 'transfer.processed' ? at : null,
            error:
              input.event === 'transfer.failed'
                ? { code: 'BAD_REQUEST_ERROR', description: input.error ?? 'Transfer failed', reason: 'transfer_failed', source: 'transfer', step: null, field: null }
                : { code: null, description: null, reason: null, source: null, step: null, field: null },
          },
        },
      },
      created_at: at,
    }),
  );
}

/** A Razorpay-format `settlement.processed` webhook body (the sandbox's cycle, tests). */
export function razorpaySettlementWebhookBody(input: {
  settlementId: string;
  amountPaise: number | null;
  utr: string;
  account?: string;
  feesPaise?: number;
  taxPaise?: number;
  processedAt?: Date;
}): Buffer {
  const at = Math.floor((input.processedAt ?? new Date()).getTime() / 1000);
  return Buffer.from(
    JSON.stringify({
      entity: 'event',
      account_id: input.account ?? 'acc_sandbox',
      event: 'settlement.processed',
      contains: ['settlement'],
      payload: {
        settlement: {
          entity: {
            id: input.settlementId,
            entity: 'settlement',
            ...(input.amountPaise === null ? {} : { amount: input.amountPaise }),
            status: 'processed',
            fees: input.feesPaise ?? 0,
            tax: input.taxPaise ?? 0,
            utr: input.utr,
            created_at: at,
          },
        },
      },
      created_at: at,
    }),
  );
}

/** A Razorpay-format linked-account webhook body (`product.route.activated`, …; tests). */
export function razorpayAccountWebhookBody(input: { event: keyof typeof ACCOUNT_STATUS_OF; account: string }): Buffer {
  return Buffer.from(
    JSON.stringify({
      entity: 'event',
      account_id: input.account,
      event: input.event,
      contains: ['merchant_product'],
      payload: { merchant_product: { entity: { id: `acc_prd_${input.account.slice(4)}`, merchant_id: input.account.slice(4) } } },
      created_at: Math.floor(Date.now() / 1000),
    }),
  );
}

/** The sandbox's failure reason: what a shopper's bank would say, in the shopper's words. */
export const SANDBOX_DECLINE_REASON = 'Your bank declined the payment.';

const randomId = (prefix: string) => `${prefix}${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x')}`;

export function createSandboxPayments(appSecret: string): SandboxPaymentProvider {
  const keySecret = keyedHash(appSecret, 'payments', 'sandbox-key-secret');
  const webhookSecret = keyedHash(appSecret, 'payments', 'sandbox-webhook-secret');
  /** The settlements this process simulated (setl id → transfers), for `settlementTransfers`. */
  const settlements = new Map<string, { id: string; amountPaise: number }[]>();
  return {
    name: 'sandbox',
    publicKey: null,
    async createOrder({ transfers }) {
      const providerOrderId = randomId('order_sbx');
      return {
        providerOrderId,
        transfers: (transfers ?? []).map((t, i) => ({
          id: `trf_sbx${keyedHash(webhookSecret, 'sandbox-transfer', `${providerOrderId}:${i}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 14)}`,
          account: t.account,
          amountPaise: t.amountPaise,
        })),
      };
    },
    verifyCheckoutSignature({ providerOrderId, paymentId, signature }) {
      return safeEqual(checkoutSignature(keySecret, providerOrderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return typeof signature === 'string' && safeEqual(hmacHex(webhookSecret, rawBody), signature);
    },
    parseWebhook: parseRazorpayWebhook,
    complete({ providerOrderId, amountPaise, outcome }) {
      const paymentId = randomId('pay_sbx');
      const body = razorpayWebhookBody({
        event: outcome === 'pay' ? 'payment.captured' : 'payment.failed',
        paymentId,
        providerOrderId,
        amountPaise,
        errorDescription: outcome === 'fail' ? SANDBOX_DECLINE_REASON : undefined,
      });
      return {
        callback:
          outcome === 'pay'
            ? {
                razorpay_order_id: providerOrderId,
                razorpay_payment_id: paymentId,
                razorpay_signature: checkoutSignature(keySecret, providerOrderId, paymentId),
              }
            : null,
        webhook: { body, signature: hmacHex(webhookSecret, body), eventId: randomId('evt_sbx') },
      };
    },
    async refund({ idempotencyKey }) {
      // Nothing to call: the refund is processed at once. The id is derived from the idempotency key, so a
      // retried request returns the same refund, as Razorpay's does.
      const key = idempotencyKey ?? randomBytes(16).toString('hex');
      const id = keyedHash(webhookSecret, 'sandbox-refund', key).replace(/[^A-Za-z0-9]/g, '').slice(0, 14);
      return { providerRefundId: `rfnd_sbx${id}`, status: 'processed' };
    },
    async releaseTransfer() {
      // Nothing to call: the sandbox's settlement cycle reads released transfers from our rows.
    },
    async reverseTransfer({ transferId, amountPaise, notes }) {
      // The same note → the same reversal, as a retry after a lost answer must find it.
      const id = keyedHash(webhookSecret, 'sandbox-reversal', `${transferId}:${JSON.stringify(notes)}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 14);
      return { id: `rvrsl_sbx${id}`, amountPaise, notes };
    },
    async transferReversals() {
      // reverseTransfer is idempotent by its note, so there is nothing to look up before a retry.
      return [];
    },
    async settlementTransfers(settlementId) {
      const transfers = settlements.get(settlementId);
      if (!transfers) throw new ProviderError(`sandbox: no settlement ${settlementId} in this process`, 404);
      return transfers.map((t) => ({ id: t.id, amountPaise: t.amountPaise, status: 'processed', settlementStatus: 'settled', settlementId }));
    },
    transferProcessed({ transferId, account, amountPaise, orderRef, at }) {
      const body = razorpayTransferWebhookBody({ event: 'transfer.processed', transferId, account, amountPaise, orderRef, processedAt: at });
      return { body, signature: hmacHex(webhookSecret, body), eventId: randomId('evt_sbx') };
    },
    settle({ account, transfers, at }) {
      const settlementId = randomId('setl_sbx');
      const utr = `SBXN${randomBytes(9).toString('hex').toUpperCase().slice(0, 12)}`;
      settlements.set(settlementId, transfers);
      const amountPaise = transfers.reduce((sum, t) => sum + t.amountPaise, 0);
      const body = razorpaySettlementWebhookBody({ settlementId, amountPaise, utr, account, processedAt: at });
      return { settlementId, utr, webhook: { body, signature: hmacHex(webhookSecret, body), eventId: randomId('evt_sbx') } };
    },
  };
}

export function createRazorpayPayments(config: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
}): PaymentProvider {
  const doFetch = config.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const base = config.apiBase.replace(/\/$/, '');
  /** One Route API call: JSON in and out; a network failure or a refusal is a ProviderError. */
  async function call(method: string, path: string, what: string, body?: unknown): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { Authorization: auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (cause) {
      throw new ProviderError(`The payment provider could not be reached (${what})`, null, { cause });
    }
    const json = (await res.json().catch(() => null)) as (Record<string, unknown> & { error?: { description?: string } }) | null;
    if (!res.ok || !json) throw new ProviderError(`razorpay ${what} ${res.status}: ${json?.error?.description ?? 'no answer'}`, res.status);
    return json;
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const num = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);
  const notesOf = (v: unknown): Record<string, string> =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
  const itemsOf = (json: Record<string, unknown>) => (Array.isArray(json.items) ? (json.items as Record<string, unknown>[]) : []);
  return {
    name: 'razorpay',
    publicKey: config.keyId,
    async createOrder({ amountPaise, receipt, notes, transfers }) {
      let res: Response;
      try {
        res = await doFetch(`${base}/v1/orders`, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            amount: amountPaise,
            currency: 'INR',
            receipt: receipt.slice(0, 40),
            notes: notes ?? {},
            ...(transfers?.length
              ? {
                  transfers: transfers.map((t) => ({
                    account: t.account,
                    amount: t.amountPaise,
                    currency: 'INR',
                    notes: t.notes,
                    linked_account_notes: Object.keys(t.notes),
                    on_hold: true,
                    on_hold_until: Math.floor(t.onHoldUntil.getTime() / 1000),
                  })),
                }
              : {}),
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (cause) {
        throw new AppError('INTERNAL_SERVER_ERROR', 'The payment provider could not be reached. Please try again.', { cause });
      }
      const json = (await res.json().catch(() => null)) as { id?: unknown; transfers?: unknown; error?: { description?: string } } | null;
      if (!res.ok || typeof json?.id !== 'string') {
        throw new AppError('INTERNAL_SERVER_ERROR', 'The payment provider refused the order. Please try again.', {
          cause: new Error(`razorpay orders ${res.status}: ${json?.error?.description ?? 'no id'}`),
        });
      }
      const created = Array.isArray(json.transfers) ? (json.transfers as Record<string, unknown>[]) : [];
      return {
        providerOrderId: json.id,
        transfers: created.filter((t) => typeof t.id === 'string').map((t) => ({ id: str(t.id), account: str(t.recipient), amountPaise: num(t.amount) })),
      };
    },
    async releaseTransfer(transferId) {
      await call('PATCH', `/v1/transfers/${encodeURIComponent(transferId)}`, 'transfer hold', { on_hold: false });
    },
    async reverseTransfer({ transferId, amountPaise, notes }) {
      const json = await call('POST', `/v1/transfers/${encodeURIComponent(transferId)}/reversals`, 'reversal', { amount: amountPaise, notes });
      if (typeof json.id !== 'string') throw new ProviderError('razorpay reversal: no id', 200);
      return { id: json.id, amountPaise: num(json.amount), notes: notesOf(json.notes) };
    },
    async transferReversals(transferId) {
      const json = await call('GET', `/v1/transfers/${encodeURIComponent(transferId)}/reversals`, 'reversals');
      return itemsOf(json).map((r) => ({ id: str(r.id), amountPaise: num(r.amount), notes: notesOf(r.notes) }));
    },
    async settlementTransfers(settlementId) {
      const out: ProviderTransferState[] = [];
      for (let skip = 0; ; skip += 100) {
        const json = await call('GET', `/v1/transfers?recipient_settlement_id=${encodeURIComponent(settlementId)}&count=100&skip=${skip}`, 'settlement transfers');
        const items = itemsOf(json);
        for (const t of items) {
          out.push({
            id: str(t.id),
            amountPaise: num(t.amount),
            status: str(t.status ?? t.transfer_status),
            settlementStatus: typeof t.settlement_status === 'string' ? t.settlement_status : null,
            settlementId: typeof t.recipient_settlement_id === 'string' ? t.recipient_settlement_id : settlementId,
          });
        }
        if (items.length < 100) return out;
      }
    },
    verifyCheckoutSignature({ providerOrderId, paymentId, signature }) {
      return safeEqual(checkoutSignature(config.keySecret, providerOrderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return typeof signature === 'string' && safeEqual(hmacHex(config.webhookSecret, rawBody), signature);
    },
    parseWebhook: parseRazorpayWebhook,
    async refund({ paymentId, amountPaise, notes, idempotencyKey }) {
      const headers: Record<string, string> = { Authorization: auth, 'Content-Type': 'application/json' };
      // Razorpay's idempotent refunds: the same key returns the same refund instead of a second one.
      if (idempotencyKey) headers['X-Refund-Idempotency'] = idempotencyKey;
      let res: Response;
      try {
        res = await doFetch(`${config.apiBase.replace(/\/$/, '')}/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ amount: amountPaise, speed: 'normal', notes: notes ?? {} }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (cause) {
        throw new ProviderError('The payment provider could not be reached for a refund', null, { cause });
      }
      const json = (await res.json().catch(() => null)) as { id?: unknown; status?: unknown; error?: { description?: string } } | null;
      if (!res.ok || typeof json?.id !== 'string') {
        throw new ProviderError(`razorpay refund ${res.status}: ${json?.error?.description ?? 'no id'}`, res.status);
      }
      const status = json.status === 'processed' ? 'processed' : json.status === 'failed' ? 'failed' : 'pending';
      return { providerRefundId: json.id, status };
    },
  };
}

export function createPayments(
  env: Pick<
    Env,
    'PAYMENT_PROVIDER' | 'APP_SECRET' | 'DATA_DIR' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'RAZORPAY_API_BASE'
  >,
): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxPayments(resolveAppSecret(env));
    case 'razorpay':
      return createRazorpayPayments({
        keyId: env.RAZORPAY_KEY_ID ?? '',
        keySecret: env.RAZORPAY_KEY_SECRET ?? '',
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
        apiBase: env.RAZORPAY_API_BASE,
      });
  }
}

export function isSandbox(p: PaymentProvider): p is SandboxPaymentProvider {
  return p.name === 'sandbox' && typeof (p as Partial<SandboxPaymentProvider>).complete === 'function';
}
