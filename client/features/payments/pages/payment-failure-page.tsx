import { Link, useSearchParams } from 'wouter';
import { paths } from '@client/app/paths';
import { PageLoader } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
import { useCurrentUser } from '@client/lib/auth';
import { breakdownHref, withQuery } from '../lib/links';
import { formatRupeesExact, paiseToAmountParam } from '../lib/money';
import '@client/styles/payments.css';

export const NOTHING_CHARGED = 'No money was taken from your account.';

/** /payment-failure?orderId=…: the payment did not go through; nothing was charged; try again. */
export function PaymentFailurePage() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const { isLoggedIn, isLoading } = useCurrentUser();
  const receipt = trpc.payments.byOrder.useQuery({ orderId }, { enabled: Boolean(orderId) && isLoggedIn, retry: false });

  if (isLoading || (orderId && isLoggedIn && receipt.isPending)) return <PageLoader />;
  const r = receipt.data;

  if (r?.status === 'paid') {
    return (
      <div className="pay-page">
        <title>Payment already completed · Bachat</title>
        <div className="pay-card result">
          <h1 className="result__title">This order is already paid</h1>
          <Link href={withQuery(paths.paymentSuccess.href(), { orderId })} className="btn btn--primary btn--md">
            See the receipt
          </Link>
        </div>
      </div>
    );
  }

  const retryHref = r ? breakdownHref(r.outletId, paiseToAmountParam(r.billPaise)) : paths.home.href();

  return (
    <div className="pay-page">
      <title>Payment failed · Bachat</title>
      <meta name="description" content="Your payment did not go through and no money was taken. You can try again." />
      <div className="pay-card result">
        <span className="result__icon result__icon--fail" aria-hidden="true">
          !
        </span>
        <h1 className="result__title">Payment failed</h1>
        <p className="pay-subtitle">
          <strong>{NOTHING_CHARGED}</strong>{' '}
          {r ? `Your payment of ${formatRupeesExact(r.amountPaise)} at ${r.outletName} did not go through.` : 'Your payment did not go through.'}
        </p>
        {r?.failureReason ? <p className="muted">Reason: {r.failureReason}</p> : null}
        <p className="muted">Your Shuffle coupon, if you had one, is still yours to use.</p>
      </div>
      <div className="pay-actions">
        <Link href={retryHref} className="btn btn--primary btn--md">
          Try again
        </Link>
        <Link href={paths.home.href()} className="btn btn--secondary btn--md">
          Back to home
        </Link>
      </div>
    </div>
  );
}
