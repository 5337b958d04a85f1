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

/** A provider event, normalised (from a webhook body). */
export interface PaymentNotice {
  /** Deduplication key: the provider's event id. */
  eventId: string;
  /** The provider's event name, e.g. `payment.captured`. */
  eventType: string;
  kind: 'captured' | 'failed' | 'other';
  providerOrderId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
  method: string | null;
  errorReason: string | null;
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
  payload?: { payment?: { entity?: Record<string, unknown> } };
}

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
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const amount = typeof p.amount === 'number' && Number.isSafeInteger(p.amount) && p.amount >= 0 ? p.amount : null;
  const eventType = body.event;
  const paymentId = str(p.id);
  // Razorpay sends the event id in `X-Razorpay-Event-Id`; without it, the event name + payment id is unique enough.
  const eventId = (eventIdHeader && eventIdHeader.slice(0, 200)) || (paymentId ? `${eventType}:${paymentId}` : null);
  if (!eventId) throw badWebhook();
  return {
    eventId,
    eventType,
    kind: eventType === 'payment.captured' || eventType === 'order.paid' ? 'captured' : eventType === 'payment.failed' ? 'failed' : 'other',
    providerOrderId: str(p.order_id),
    paymentId,
    amountPaise: amount,
    method: str(p.method),
    errorReason: str(p.error_description) ?? str(p.error_reason),
  };
}

/** A Razorpay-format webhook body for a payment event (used by the sandbox and by tests). */
export function razorpayWebhookBody(input: {
  event: 'payment.captured' | 'payment.failed';
  paymentId: string;
  providerOrderId: string;
  amountPaise: number;
  method?: string;
  errorDescription?: string;
  createdAt?: number;
}): Buffer {
  return Buffer.from(
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: input.event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: input.paymentId,
            entity: 'payment',
            amount: input.amountPaise,
            currency: 'INR',
            status: input.event === 'payment.captured' ? 'captured' : 'failed',
            order_id: input.providerOrderId,
            method: input.method ?? 'card',
            error_description: input.errorDescription ?? null,
          },
        },
      },
      created_at: input.createdAt ?? Math.floor(Date.now() / 1000),
    }),
  );
}

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
        errorDescription: outcome === 'fail' ? 'The shopper chose Fail on the demo checkout' : undefined,
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
