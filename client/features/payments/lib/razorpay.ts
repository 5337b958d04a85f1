import type { CheckoutInfo } from '@server/modules/orders/schema';

/**
 * Razorpay's browser checkout (PAYMENT_PROVIDER=razorpay). The server created the Razorpay order
 * with the amount it computed; the checkout collects the payment and hands back
 * `razorpay_order_id | razorpay_payment_id | razorpay_signature`, which the server verifies
 * (HMAC-SHA256, constant-time) before anything is captured. Nothing here is trusted on its own.
 */
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export type RazorpayCheckoutInfo = Extract<CheckoutInfo, { provider: 'razorpay' }>;

export type RazorpaySuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

type RazorpayInstance = { open: () => void; on: (event: 'payment.failed', handler: () => void) => void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js once. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load')));
    script.onerror = () => {
      loading = null;
      reject(new Error('The payment page could not be loaded. Check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type RazorpayOutcome = { kind: 'paid'; response: RazorpaySuccess } | { kind: 'failed' } | { kind: 'dismissed' };

/** Opens the checkout for the server's order; resolves when the shopper pays, fails or closes it. */
export async function openRazorpay(
  checkout: RazorpayCheckoutInfo,
  prefill: { name?: string | null; email?: string | null; contact?: string | null },
): Promise<RazorpayOutcome> {
  const Razorpay = await loadRazorpay();
  return new Promise<RazorpayOutcome>((resolve) => {
    let settled = false;
    // A declined attempt: Razorpay lets the shopper retry inside its window, so a decline only
    // counts as the outcome when the window is then closed.
    let declined = false;
    const settle = (outcome: RazorpayOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const instance = new Razorpay({
      key: checkout.keyId,
      order_id: checkout.providerOrderId,
      amount: checkout.amountPaise,
      currency: checkout.currency,
      name: checkout.name,
      description: checkout.description,
      // The checkout closes itself when the order expires (the server's seconds until then).
      timeout: checkout.timeout,
      prefill: {
        name: prefill.name ?? undefined,
        email: prefill.email ?? undefined,
        contact: prefill.contact ?? undefined,
      },
      theme: { color: '#c2410c' },
      handler: (response: RazorpaySuccess) => settle({ kind: 'paid', response }),
      modal: { ondismiss: () => settle(declined ? { kind: 'failed' } : { kind: 'dismissed' }) },
    });
    instance.on('payment.failed', () => {
      declined = true;
    });
    instance.open();
  });
}
