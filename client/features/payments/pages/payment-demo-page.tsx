import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { formatClockTime, formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { messageOf } from '@client/lib/trpc-errors';
import { OrderGate, OrderLoadError } from '../components/order-gate';
import { withQuery } from '../lib/links';
import { ORDER_TTL_MINUTES } from '@server/modules/orders/schema';
import '@client/styles/payments.css';

/**
 * /payment-demo?orderId=…: the sandbox provider's hosted checkout. It shows the outlet and the amount
 * the server put on the order, and Pay / Fail complete it through the same signed callback path a
 * real provider uses; the server answers with where to go next.
 */
export function PaymentDemoPage() {
  return (
    <OrderGate
      title="Demo checkout · Bachat"
      what="finish paying"
      missing={{
        heading: 'No payment to complete',
        text: 'Start from an outlet\u2019s Pay Bill button to pay a bill.',
        links: [{ href: paths.home.href(), label: 'Find outlets' }],
      }}
    >
      {(orderId) => <DemoCheckout orderId={orderId} />}
    </OrderGate>
  );
}

function DemoCheckout({ orderId }: { orderId: string }) {
  const [, navigate] = useLocation();
  const checkout = trpc.payments.demoCheckout.useQuery({ orderId }, { refetchOnWindowFocus: false });
  const complete = trpc.payments.demoComplete.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function finish(outcome: 'pay' | 'fail') {
    setError(null);
    try {
      const result = await complete.mutateAsync({ orderId, outcome });
      navigate(result.redirectTo, { replace: true });
    } catch (cause) {
      // Only the tRPC call can fail here.
      setError(messageOf(cause, 'The payment could not be completed.'));
    }
  }

  return (
    <QueryState
      query={checkout}
      loading={<PageLoader />}
      errorView={(cause, retry) => (
        <OrderLoadError title="Demo checkout · Bachat" error={cause} retry={retry} retrying={checkout.isFetching} />
      )}
    >
      {(order) => {
        const done = order.status !== 'created';
        return (
          <div className="pay-page">
            <title>{`Pay ${formatRupeesExact(order.amountPaise)} · Demo checkout · Bachat`}</title>
            <meta name="description" content="Bachat's sandbox checkout: complete or fail a test payment." />
            <section className="checkout" aria-labelledby="checkout-title">
              <div className="checkout__head">
                <span className="checkout__sandbox">Sandbox · no real money</span>
                <h1 id="checkout-title" className="checkout__merchant">
                  Paying {order.outletName}
                </h1>
                <p className="checkout__amount" data-testid="checkout-amount">
                  {formatRupeesExact(order.amountPaise)}
                </p>
              </div>
              <div className="checkout__body">
                {done ? (
                  <>
                    <p>
                      {order.status === 'paid'
                        ? 'This order is already paid.'
                        : order.status === 'expired'
                          ? `This checkout has expired (it stays open for ${ORDER_TTL_MINUTES} minutes). Nothing was charged.`
                          : 'This order can no longer be paid. Nothing was charged.'}
                    </p>
                    <Link
                      href={
                        order.status === 'paid'
                          ? withQuery(paths.paymentSuccess.href(), { orderId })
                          : withQuery(paths.paymentFailure.href(), { orderId })
                      }
                      className="btn btn--primary btn--md"
                    >
                      {order.status === 'paid' ? 'See the receipt' : 'Continue'}
                    </Link>
                  </>
                ) : (
                  <>
                    <p className="muted">
                      This is the test checkout. Pay completes the payment as a card would; Fail declines it and nothing is
                      charged. Open until {formatClockTime(order.expiresAt)}.
                    </p>
                    {error ? <InlineError message={error} /> : null}
                    <div className="checkout__actions">
                      <Button onClick={() => void finish('pay')} disabled={complete.isPending}>
                        {complete.isPending && complete.variables?.outcome === 'pay'
                          ? 'Paying…'
                          : `Pay ${formatRupeesExact(order.amountPaise)}`}
                      </Button>
                      <Button variant="secondary" className="btn--fail" onClick={() => void finish('fail')} disabled={complete.isPending}>
                        Fail payment
                      </Button>
                    </div>
                  </>
                )}
              </div>
            </section>
          </div>
        );
      }}
    </QueryState>
  );
}
