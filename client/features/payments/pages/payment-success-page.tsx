import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import type { Receipt as ReceiptData } from '@server/modules/payments/schema';
import { paths } from '@client/app/paths';
import { BillRow, BillTable } from '@client/components/ui/bill-table';
import { Button } from '@client/components/ui/button';
import { DoneIcon } from '@client/components/ui/icons';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader, Spinner } from '@client/components/ui/spinner';
import { formatDateTime, formatRupeesExact } from '@client/lib/format';
import { outletRefundText, reasonText, refundLabel, refundStateText } from '@client/lib/refunds';
import { trpc } from '@client/lib/trpc';
import { ReceiptPdfButton } from '@client/components/ui/receipt-pdf-button';
import { OrderGate, OrderLoadError } from '../components/order-gate';
import { ResultCard } from '../components/result-card';
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
  const { t } = useLingui();
  return (
    <OrderGate
      title={t`Payment receipt · Bachat`}
      loginHeading={<Trans>Log in to see your receipt</Trans>}
      missing={{
        heading: t`No receipt to show`,
        text: t`Your past payments and their receipts are in your history.`,
      }}
    >
      {(orderId) => <Receipt orderId={orderId} />}
    </OrderGate>
  );
}

function Receipt({ orderId }: { orderId: string }) {
  const { t } = useLingui();
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
        <OrderLoadError title={t`Payment receipt · Bachat`} error={error} retry={retry} retrying={receipt.isFetching} />
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
  const { t } = useLingui();
  if (timedOut) {
    return (
      <ResultCard title={t`Confirming your payment · Bachat`} heading={<Trans>Still waiting for the bank</Trans>}>
        <p className="pay-subtitle">
          <Trans>
            Your payment has not been confirmed yet. You will not be charged twice: if it goes through, it shows in your
            history with its receipt; if it does not, nothing is taken.
          </Trans>
        </p>
        <Button onClick={checkAgain} disabled={checking}>
          {checking ? <Trans>Checking…</Trans> : <Trans>Check again</Trans>}
        </Button>
      </ResultCard>
    );
  }
  if (r.status === 'created') {
    return (
      <ResultCard
        title={t`Confirming your payment · Bachat`}
        mark={<Spinner size={40} label={t`Confirming your payment`} />}
        heading={<Trans>Confirming your payment…</Trans>}
      >
        <p className="pay-subtitle">
          <Trans>This takes a few seconds. Please keep this page open.</Trans>
        </p>
      </ResultCard>
    );
  }
  if (r.status !== 'paid') {
    // Failed, expired or refunded: the failure page says what happened to the money and the coupon.
    return <Redirect to={withQuery(paths.paymentFailure.href(), { orderId })} replace />;
  }

  const amount = formatRupeesExact(r.amountPaise);
  const saved = formatRupeesExact(r.savedPaise);
  const outlet = r.outletName;
  // The outlet gave the whole bill back (its refunds of this payment; a returned second payment is
  // not one): the receipt says so instead of sending the shopper to the counter (issue 28).
  const outletRefunds = r.refunds.filter((f) => f.byOutlet && f.status !== 'failed');
  const fullyRefunded = outletRefunds.length > 0 && outletRefunds.reduce((sum, f) => sum + f.amountPaise, 0) >= r.amountPaise;
  const refundDone = outletRefunds.every((f) => f.status === 'processed');
  return (
    <div className="pay-page">
      <title>{t`Paid ${amount} at ${outlet} · Bachat`}</title>
      <meta name="description" content={t`Your Bachat receipt for ${outlet}. Show it at the counter.`} />

      <div className="result">
        <span className="result__icon result__icon--ok" aria-hidden="true">
          <DoneIcon width={32} height={32} />
        </span>
        <h1 className="result__title">{fullyRefunded ? <Trans>Payment refunded</Trans> : <Trans>Payment successful</Trans>}</h1>
        <p className="pay-subtitle">
          {fullyRefunded ? (
            refundDone ? (
              <Trans>{outlet} refunded this payment in full. The money reaches your account in 5–7 working days.</Trans>
            ) : (
              <Trans>{outlet} is refunding this payment in full. The money reaches your account in 5–7 working days.</Trans>
            )
          ) : (
            <Trans>Show this receipt at the counter of {outlet}.</Trans>
          )}
        </p>
      </div>

      <section className="receipt" aria-label={t`Receipt`}>
        <div className="receipt__amount">
          <span className="muted">
            <Trans>Amount paid</Trans>
          </span>
          <span className="receipt__amount-value" data-testid="receipt-amount">
            {amount}
          </span>
          {r.savedPaise > 0 ? (
            <span className="receipt__saved" data-testid="receipt-saved">
              <Trans>You saved {saved}</Trans>
            </span>
          ) : null}
        </div>

        {r.verificationCode ? (
          <div className="receipt__code">
            <span className="receipt__code-label" id="verification-code-label">
              <Trans>Verification code</Trans>
            </span>
            <span className="receipt__code-value" aria-labelledby="verification-code-label" data-testid="verification-code">
              {r.verificationCode}
            </span>
          </div>
        ) : null}

        <BillTable
          figures={r}
          before={
            <BillRow label={<Trans>Outlet</Trans>} valueClassName="breakdown__wrap">
              {outlet}
            </BillRow>
          }
          after={
            <>
              <BillRow label={<Trans>Paid on</Trans>}>{r.paidAt ? formatDateTime(r.paidAt) : '—'}</BillRow>
              <BillRow label={<Trans>Receipt ID</Trans>} valueClassName="receipt__meta" testId="receipt-id">
                {r.receiptCode ?? '—'}
              </BillRow>
            </>
          }
        />
        <p className="receipt__hint">
          <Trans>Staff: match the verification code and the receipt ID with your payments screen.</Trans>
        </p>
      </section>

      {r.refunds.map((f, i) => (
        <div key={i} className={`refund-box refund-box--${f.status}`} data-testid="refund">
          <p className="refund-box__title">{refundLabel(f)}</p>
          <p className="muted">{f.byOutlet ? outletRefundText(r.outletName, f.reason) : reasonText(f.reason)}</p>
          <p className="muted">{refundStateText(f)}</p>
        </div>
      ))}

      <div className="pay-actions">
        <ReceiptPdfButton fetchPdf={() => utils.payments.receiptPdf.fetch({ orderId }, { staleTime: 0 })} />
        <Link href={paths.redeemedHistory.href()} className="btn btn--secondary btn--md">
          <Trans>View history</Trans>
        </Link>
        <Link href={paths.home.href()} className="btn btn--primary btn--md">
          <Trans>Done</Trans>
        </Link>
      </div>
    </div>
  );
}
