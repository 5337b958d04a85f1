import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return (
    <OrderGate
      title={t`Demo checkout · Bachat`}
      loginHeading={<Trans>Log in to finish paying</Trans>}
      missing={{
        heading: t`No payment to complete`,
        text: t`Start from an outlet's Pay Bill button to pay a bill.`,
        links: [{ href: paths.home.href(), label: t`Find outlets` }],
      }}
    >
      {(orderId) => <DemoCheckout orderId={orderId} />}
    </OrderGate>
  );
}

function DemoCheckout({ orderId }: { orderId: string }) {
  const { t } = useLingui();
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
      setError(messageOf(cause, t`The payment could not be completed.`));
    }
  }

  return (
    <QueryState
      query={checkout}
      loading={<PageLoader />}
      errorView={(cause, retry) => (
        <OrderLoadError title={t`Demo checkout · Bachat`} error={cause} retry={retry} retrying={checkout.isFetching} />
      )}
    >
      {(order) => {
        const done = order.status !== 'created';
        const amount = formatRupeesExact(order.amountPaise);
        const outlet = order.outletName;
        const minutes = ORDER_TTL_MINUTES;
        const until = formatClockTime(order.expiresAt);
        return (
          <div className="pay-page">
            <title>{t`Pay ${amount} · Demo checkout · Bachat`}</title>
            <meta name="description" content={t`Bachat's sandbox checkout: complete or fail a test payment.`} />
            <section className="checkout" aria-labelledby="checkout-title">
              <div className="checkout__head">
                <span className="checkout__sandbox">
                  <Trans>Sandbox · no real money</Trans>
                </span>
                <h1 id="checkout-title" className="checkout__merchant">
                  <Trans>Paying {outlet}</Trans>
                </h1>
                <p className="checkout__amount" data-testid="checkout-amount">
                  {amount}
                </p>
              </div>
              <div className="checkout__body">
                {done ? (
                  <>
                    <p>
                      {order.status === 'paid' ? (
                        <Trans>This order is already paid.</Trans>
                      ) : order.status === 'expired' ? (
                        <Trans>This checkout has expired (it stays open for {minutes} minutes). Nothing was charged.</Trans>
                      ) : (
                        <Trans>This order can no longer be paid. Nothing was charged.</Trans>
                      )}
                    </p>
                    <Link
                      href={
                        order.status === 'paid'
                          ? withQuery(paths.paymentSuccess.href(), { orderId })
                          : withQuery(paths.paymentFailure.href(), { orderId })
                      }
                      className="btn btn--primary btn--md"
                    >
                      {order.status === 'paid' ? <Trans>See the receipt</Trans> : <Trans>Continue</Trans>}
                    </Link>
                  </>
                ) : (
                  <>
                    <p className="muted">
                      <Trans>
                        This is the test checkout. Pay completes the payment as a card would; Fail declines it and nothing is
                        charged. Open until {until}.
                      </Trans>
                    </p>
                    {error ? <InlineError message={error} /> : null}
                    <div className="checkout__actions">
                      <Button onClick={() => void finish('pay')} disabled={complete.isPending}>
                        {complete.isPending && complete.variables?.outcome === 'pay' ? <Trans>Paying…</Trans> : <Trans>Pay {amount}</Trans>}
                      </Button>
                      <Button variant="secondary" className="btn--fail" onClick={() => void finish('fail')} disabled={complete.isPending}>
                        <Trans>Fail payment</Trans>
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
