import type { Env } from '../env.ts';

/**
 * Takes payments for orders. The `sandbox` default has its hosted checkout at /payment-demo and
 * completes through the same signed callback and webhook path a real provider uses; the pay-bill
 * feature fills in order creation and signature checks. Amounts are integer paise.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** The provider's public key the browser checkout needs (none for the sandbox). */
  readonly publicKey: string | null;
}

export function createPayments(env: Pick<Env, 'PAYMENT_PROVIDER'>): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case 'sandbox':
      return { name: 'sandbox', publicKey: null };
  }
}
