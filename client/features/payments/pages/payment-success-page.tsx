import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import type { Receipt as ReceiptData } from '@server/modules/payments/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader, Spinner } from '@client/components/ui/spinner';
import { formatDateTime, formatRupeesExact } from '@client/lib/format';
import { refundLabel, refundStateText } from '@client/lib/refunds';
import { trpc } from '@client/lib/trpc';
import { ReceiptPdfButton } from '@client/components/ui/receipt-pdf-button';
import { OrderGate, OrderLoadError } from '../components/order-gate';
import { withQuery } from '../lib/links';
import '@client/styles/payments.css';

/** While the provider's confirmation is on its way the receipt is re-read this often. */
export const RECEIPT_POLL_MS = 1500;
/** After this long without a confirmation the page stops polling and says so (the history will show it). */
export const RECEIPT_POLL_LIMIT_MS = 30_000;

/**
 * /payment-success?orderId=…: the receipt the outlet's staff check at the counter (outlet, amount
 * paid, amount saved, time, receipt id and a short verification code), read from the server.
 */
export function PaymentSuccessPage() {
  return (
    <OrderGate
      title="Payment receipt · Bachat"
      what="see your receipt"
      missing={{
        heading: 'No receipt to show',
        text: 'Your past payments and their receipts are in your history.',
        links: [
          { href: paths.redeemedHistory.href(), label: 'Open history' },
          { href: paths.home.href(), label: 'Back to home' },
        ],
      }}
    >
      {(orderId) => <Receipt orderId={orderId} />}
    </OrderGate>
  );
}

function Receipt({ orderId }: { orderId: string }) {
  const [since] = useState(() => Date.now());
  const receipt = trpc.payments.byOrder.useQuery(
    { orderId },
    {
      refetchInterval: (query) =>
        query.state.data?.status === 'created' && query.state.dataUpdatedAt - since < RECEIPT_POLL_LIMIT_MS
          ? RECEIPT_POLL_MS
          : false,
    },
  );

  return (
    <QueryState
      query={receipt}
      loading={<PageLoader />}
      errorView={(error, retry) => (
        <OrderLoadError title="Payment receipt · Bachat" error={error} retry={retry} retrying={receipt.isFetching} />
      )}
    >
      {(r) => (
        <ReceiptView
          orderId={orderId}
          r={r}
          timedOut={r.status === 'created' && receipt.dataUpdatedAt - since >= RECEIPT_POLL_LIMIT_MS}
          checkAgain={() => void receipt.refetch()}
          checking={receipt.isFetching}
        />
      )}
    </QueryState>
  );
}

function ReceiptView({
  orderId,
  r,
  timedOut,
  checkAgain,
  checking,
}: {
  orderId: string;
  r: ReceiptData;
  /** Still unconfirmed after RECEIPT_POLL_LIMIT_MS: polling has stopped. */
  timedOut: boolean;
  checkAgain: () => void;
  checking: boolean;
}) {
  const utils = trpc.useUtils();
  if (timedOut) {
    return (
      <div className="pay-page">
        <title>Confirming your payment · Bachat</title>
        <div className="pay-card result">
          <h1 className="result__title">Still waiting for the bank</h1>
          <p className="pay-subtitle">
            Your payment has not been confirmed yet. You will not be charged twice: if it goes through, it shows in your
            history with its receipt; if it does not, nothing is taken.
          </p>
          <Button onClick={checkAgain} disabled={checking}>
            {checking ? 'Checking…' : 'Check again'}
          </Button>
        </div>
      </div>
    );
  }
  if (r.status === 'created') {
    return (
      <div className="pay-page">
        <title>Confirming your payment · Bachat</title>
        <div className="pay-card result">
          <Spinner size={40} label="Confirming your payment" />
          <h1 className="result__title">Confirming your payment…</h1>
          <p className="pay-subtitle">This takes a few seconds. Please keep this page open.</p>
        </div>
      </div>
    );
  }
  if (r.status !== 'paid') {
    // Failed, expired or refunded: the failure page says what happened to the money and the coupon.
    return <Redirect to={withQuery(paths.paymentFailure.href(), { orderId })} replace />;
  }

  return (
    <div className="pay-page">
      <title>{`Paid ${formatRupeesExact(r.amountPaise)} at ${r.outletName} · Bachat`}</title>
      <meta name="description" content={`Your Bachat receipt for ${r.outletName}. Show it at the counter.`} />

      <div className="result">
        <span className="result__icon result__icon--ok" aria-hidden="true">
          ✓
        </span>
        <h1 className="result__title">Payment successful</h1>
        <p className="pay-subtitle">Show this receipt at the counter of {r.outletName}.</p>
      </div>

      <section className="receipt" aria-label="Receipt">
        <div className="receipt__amount">
          <span className="muted">Amount paid</span>
          <span className="receipt__amount-value" data-testid="receipt-amount">
            {formatRupeesExact(r.amountPaise)}
          </span>
          {r.savedPaise > 0 ? (
            <span className="receipt__saved" data-testid="receipt-saved">
              You saved {formatRupeesExact(r.savedPaise)}
            </span>
          ) : null}
        </div>

        {r.verificationCode ? (
          <div className="receipt__code">
            <span className="receipt__code-label" id="verification-code-label">
              Verification code
            </span>
            <span className="receipt__code-value" aria-labelledby="verification-code-label" data-testid="verification-code">
              {r.verificationCode}
            </span>
          </div>
        ) : null}

        <dl className="breakdown">
          <div className="breakdown__row">
            <dt>Outlet</dt>
            <dd className="breakdown__wrap">{r.outletName}</dd>
          </div>
          <div className="breakdown__row">
            <dt>Bill amount</dt>
            <dd>{formatRupeesExact(r.billPaise)}</dd>
          </div>
          {r.instantDiscountPaise > 0 ? (
            <div className="breakdown__row breakdown__row--saving">
              <dt>Instant discount</dt>
              <dd>−{formatRupeesExact(r.instantDiscountPaise)}</dd>
            </div>
          ) : null}
          {r.shuffleDiscountPaise > 0 ? (
            <div className="breakdown__row breakdown__row--saving">
              <dt>Shuffle discount</dt>
              <dd>−{formatRupeesExact(r.shuffleDiscountPaise)}</dd>
            </div>
          ) : null}
          <div className="breakdown__row">
            <dt>Convenience fee</dt>
            <dd>{formatRupeesExact(r.convenienceFeePaise)}</dd>
          </div>
          <div className="breakdown__row">
            <dt>GST on the fee</dt>
            <dd>{formatRupeesExact(r.gstPaise)}</dd>
          </div>
          <div className="breakdown__row">
            <dt>Paid on</dt>
            <dd>{r.paidAt ? formatDateTime(r.paidAt) : '—'}</dd>
          </div>
          <div className="breakdown__row">
            <dt>Receipt ID</dt>
            <dd className="receipt__meta" data-testid="receipt-id">
              {r.receiptCode ?? '—'}
            </dd>
          </div>
        </dl>
        <p className="receipt__hint">Staff: match the verification code and the receipt ID with your payments screen.</p>
      </section>

      {r.refunds.map((f, i) => (
        <div key={i} className={`refund-box refund-box--${f.status}`} data-testid="refund">
          <p className="refund-box__title">{refundLabel(f)}</p>
          <p className="muted">{f.reason}</p>
          <p className="muted">{refundStateText(f)}</p>
        </div>
      ))}

      <div className="pay-actions">
        <ReceiptPdfButton fetchPdf={() => utils.payments.receiptPdf.fetch({ orderId }, { staleTime: 0 })} />
        <Link href={paths.redeemedHistory.href()} className="btn btn--secondary btn--md">
          View history
        </Link>
        <Link href={paths.home.href()} className="btn btn--primary btn--md">
          Done
        </Link>
      </div>
    </div>
  );
}
