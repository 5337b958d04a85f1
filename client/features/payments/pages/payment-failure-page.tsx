import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { Receipt } from '@server/modules/payments/schema';
import { paths } from '@client/app/paths';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { reasonText, refundLabel, refundStateText } from '@client/lib/refunds';
import { trpc } from '@client/lib/trpc';
import { OrderGate, OrderLoadError } from '../components/order-gate';
import { ResultCard } from '../components/result-card';
import { breakdownHref, withQuery } from '../lib/links';
import { paiseToAmountParam } from '../lib/money';
import { describeOutcome } from '../lib/outcome';
import '@client/styles/payments.css';

/**
 * /payment-failure?orderId=…: a payment that did not go through, expired, or that we took but could
 * not accept and are refunding; what happened to the money and to the Shuffle coupon, from the server's
 * receipt. Without an order id it is a neutral page pointing to the history.
 */
export function PaymentFailurePage() {
  const { t } = useLingui();
  return (
    <OrderGate
      title={t`Payment · Bachat`}
      loginHeading={<Trans>Log in to see this payment</Trans>}
      missing={{
        heading: t`No payment to show`,
        text: t`Looking for a payment? Your payments, receipts and refunds are in your history.`,
      }}
    >
      {(orderId) => <Failure orderId={orderId} />}
    </OrderGate>
  );
}

function Failure({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const receipt = trpc.payments.byOrder.useQuery({ orderId }, { retry: false });
  return (
    <QueryState
      query={receipt}
      loading={<PageLoader />}
      errorView={(error, retry) => (
        <OrderLoadError title={t`Payment · Bachat`} error={error} retry={retry} retrying={receipt.isFetching} />
      )}
    >
      {(r) => <FailureOutcome orderId={orderId} r={r} />}
    </QueryState>
  );
}

function FailureOutcome({ orderId, r }: { orderId: string; r: Receipt }) {
  const { t } = useLingui();
  if (r.status === 'paid') {
    return (
      <ResultCard title={t`Payment already completed · Bachat`} heading={<Trans>This order is already paid</Trans>}>
        {r.refunds.map((f, i) => (
          <p key={i} className="muted">
            {refundLabel(f)}: {reasonText(f.reason)}
          </p>
        ))}
        <Link href={withQuery(paths.paymentSuccess.href(), { orderId })} className="btn btn--primary btn--md">
          <Trans>See the receipt</Trans>
        </Link>
      </ResultCard>
    );
  }

  const o = describeOutcome(r);
  const heading = o.heading;
  const reason = o.reason;
  return (
    <div className="pay-page">
      <title>{t`${heading} · Bachat`}</title>
      <meta name="description" content={`${o.money} ${o.summary}`} />
      <div className="pay-card result">
        <span className={`result__icon result__icon--${o.tone}`} aria-hidden="true">
          {o.tone === 'refund' ? '↩' : o.tone === 'neutral' ? 'i' : '!'}
        </span>
        <h1 className="result__title">{o.heading}</h1>
        <div className="result__lines">
          <p className="pay-subtitle">
            <strong>{o.money}</strong>
          </p>
          <p className="pay-subtitle">{o.summary}</p>
          {reason ? (
            <p className="muted">
              <Trans>Reason: {reason}</Trans>
            </p>
          ) : null}
        </div>
        {r.refunds.map((f, i) => (
          <div key={i} className={`refund-box refund-box--${f.status}`} data-testid="refund">
            <p className="refund-box__title">{refundLabel(f)}</p>
            <p className="muted">{refundStateText(f)}</p>
          </div>
        ))}
        {o.coupon ? (
          <p className="muted" data-testid="coupon-state">
            {o.coupon}
          </p>
        ) : null}
      </div>
      <div className="pay-actions">
        <Link href={breakdownHref(r.outletId, paiseToAmountParam(r.billPaise))} className="btn btn--primary btn--md">
          {o.retryLabel}
        </Link>
        <Link href={paths.redeemedHistory.href()} className="btn btn--secondary btn--md">
          <Trans>Open history</Trans>
        </Link>
      </div>
    </div>
  );
}
