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

/** What a webhook reports: a payment's state, a refund's outcome, or something we do not use. */
export type NoticeKind = 'authorized' | 'captured' | 'failed' | 'refund_processed' | 'refund_failed' | 'other';

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
  /** Creates the provider's order for an amount; `receipt` is our order's public id. */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<{ providerOrderId: string }>;
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

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  complete(input: { providerOrderId: string; amountPaise: number; outcome: 'pay' | 'fail' }): SandboxCompletion;
}

export const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** Razorpay's checkout signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
export function checkoutSignature(keySecret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${providerOrderId}|${paymentId}`);
}

const badWebhook = () => new AppError('BAD_REQUEST', 'Malformed webhook body');

interface RazorpayEventBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: Record<string, unknown> };
    order?: { entity?: Record<string, unknown> };
    refund?: { entity?: Record<string, unknown> };
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

/** The sandbox's failure reason: what a shopper's bank would say, in the shopper's words. */
export const SANDBOX_DECLINE_REASON = 'Your bank declined the payment.';

const randomId = (prefix: string) => `${prefix}${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x')}`;

export function createSandboxPayments(appSecret: string): SandboxPaymentProvider {
  const keySecret = keyedHash(appSecret, 'payments', 'sandbox-key-secret');
  const webhookSecret = keyedHash(appSecret, 'payments', 'sandbox-webhook-secret');
  return {
    name: 'sandbox',
    publicKey: null,
    async createOrder() {
      return { providerOrderId: randomId('order_sbx') };
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
  return {
    name: 'razorpay',
    publicKey: config.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      let res: Response;
      try {
        res = await doFetch(`${config.apiBase.replace(/\/$/, '')}/v1/orders`, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt: receipt.slice(0, 40), notes: notes ?? {} }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (cause) {
        throw new AppError('INTERNAL_SERVER_ERROR', 'The payment provider could not be reached. Please try again.', { cause });
      }
      const json = (await res.json().catch(() => null)) as { id?: unknown; error?: { description?: string } } | null;
      if (!res.ok || typeof json?.id !== 'string') {
        throw new AppError('INTERNAL_SERVER_ERROR', 'The payment provider refused the order. Please try again.', {
          cause: new Error(`razorpay orders ${res.status}: ${json?.error?.description ?? 'no id'}`),
        });
      }
      return { providerOrderId: json.id };
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
