import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { CreatedOrder } from '@server/modules/orders/schema';
import { paths } from '@client/app/paths';
import { useCurrentUser } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { withQuery } from '../lib/links';
import { openRazorpay } from '../lib/razorpay';

/**
 * Opens the provider's checkout for an order the server created (`orders.create`, a group bill's
 * `payShare` / `payRest`): the sandbox's page (`/payment-demo?orderId=…`), or Razorpay's window whose
 * answer the server verifies before the receipt opens; a decline goes to /payment-failure. Resolves
 * when the checkout has been handed over (a dismissed Razorpay window resolves with nothing done).
 */
export function useOpenCheckout(): (order: Pick<CreatedOrder, 'orderId' | 'checkout'>) => Promise<void> {
  const [, navigate] = useLocation();
  const verifyCheckout = trpc.payments.verifyCheckout.useMutation();
  const { user } = useCurrentUser();
  const verify = verifyCheckout.mutateAsync;

  return useCallback(
    async (order) => {
      if (order.checkout.provider === 'sandbox') {
        const url = order.checkout.url;
        if (/^https?:\/\//.test(url)) window.location.assign(url);
        else navigate(url);
        return;
      }
      const outcome = await openRazorpay(order.checkout, {
        name: user?.name,
        email: user?.email,
        contact: user?.phoneNumber,
      });
      if (outcome.kind === 'paid') {
        const result = await verify(outcome.response);
        navigate(result.redirectTo, { replace: true });
      } else if (outcome.kind === 'failed') {
        navigate(withQuery(paths.paymentFailure.href(), { orderId: order.orderId }));
      }
    },
    [navigate, verify, user?.name, user?.email, user?.phoneNumber],
  );
}
