import { Link, useParams } from 'wouter';
import { paths } from '@client/app/paths';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { useRequireLogin } from '@client/lib/auth';
import { formatDateTime, formatPercent, formatRupeesExact } from '@client/lib/format';
import { refundLabel, refundStateText } from '@client/lib/refunds';
import { trpc } from '@client/lib/trpc';
import { ReceiptPdfButton } from '@client/components/ui/receipt-pdf-button';
import { errorCode } from '@client/lib/trpc-errors';
import '@client/styles/history.css';

/** /redeemed-history/{id}: one paid bill with its breakdown and the receipt codes. */
export function RedemptionPage() {
  const { isLoggedIn } = useRequireLogin();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  if (!isLoggedIn) return <PageLoader />;
  if (!Number.isInteger(id) || id <= 0) return <Missing />;
  return <Redemption id={id} />;
}

function Missing() {
  return (
    <div className="page history">
      <title>Payment not found · Bachat</title>
      <div className="history__empty">
        <p>We couldn&rsquo;t find this payment.</p>
        <Link href={paths.redeemedHistory.href()} className="btn btn--secondary btn--md">
          Back to history
        </Link>
      </div>
    </div>
  );
}

function Redemption({ id }: { id: number }) {
  const query = trpc.redeemedHistory.byId.useQuery({ id });
  const utils = trpc.useUtils();
  return (
    <QueryState
      query={query}
      loading={<PageLoader />}
      errorView={(error, retry) =>
        errorCode(error) === 'NOT_FOUND' ? (
          <Missing />
        ) : (
          <div className="page history">
            <title>Payment · Bachat</title>
            <InlineError message="We could not load this payment." onRetry={retry} retrying={query.isFetching} />
          </div>
        )
      }
    >
      {(r) => (
        <div className="page history">
          <title>{`${r.outletName}, ${formatRupeesExact(r.amountPaise)} · Bachat`}</title>
          <meta name="description" content={`Your payment at ${r.outletName}: amount, savings and receipt.`} />
          <Link href={paths.redeemedHistory.href()} className="history__back">
            ← All payments
          </Link>
          <section className="history-detail" aria-labelledby="redemption-title">
            <header className="history-detail__head">
              <h1 id="redemption-title" className="history-detail__outlet">
                {r.outletName}
              </h1>
              {r.outletLocality ? <p className="muted">{r.outletLocality}</p> : null}
              <p className="history-detail__amount">{formatRupeesExact(r.amountPaise)}</p>
              {r.savedPaise > 0 ? <p className="history-item__saved">You saved {formatRupeesExact(r.savedPaise)}</p> : null}
            </header>

            <dl className="history-detail__lines">
              <div>
                <dt>Paid on</dt>
                <dd>{formatDateTime(r.redeemedAt ?? r.at)}</dd>
              </div>
              <div>
                <dt>Bill amount</dt>
                <dd>{formatRupeesExact(r.billPaise)}</dd>
              </div>
              {r.instantDiscountPaise > 0 ? (
                <div className="history-detail__saving">
                  <dt>Instant discount ({formatPercent(r.instantDiscountPercent)})</dt>
                  <dd>−{formatRupeesExact(r.instantDiscountPaise)}</dd>
                </div>
              ) : null}
              {r.shuffleDiscountPaise > 0 ? (
                <div className="history-detail__saving">
                  <dt>
                    Shuffle discount ({formatPercent(r.shuffleDiscountPercent)}){r.couponCode ? ` · ${r.couponCode}` : ''}
                  </dt>
                  <dd>−{formatRupeesExact(r.shuffleDiscountPaise)}</dd>
                </div>
              ) : null}
              <div>
                <dt>Convenience fee</dt>
                <dd>{formatRupeesExact(r.convenienceFeePaise)}</dd>
              </div>
              <div>
                <dt>GST on the fee</dt>
                <dd>{formatRupeesExact(r.gstPaise)}</dd>
              </div>
              <div className="history-detail__total">
                <dt>Amount paid</dt>
                <dd>{formatRupeesExact(r.amountPaise)}</dd>
              </div>
              <div>
                <dt>Receipt ID</dt>
                <dd className="history-detail__mono">{r.receiptCode ?? '—'}</dd>
              </div>
              <div>
                <dt>Verification code</dt>
                <dd className="history-detail__mono">{r.verificationCode ?? '—'}</dd>
              </div>
            </dl>
            {r.refunds.length ? (
              <section className="history-detail__refunds" aria-label="Refunds">
                {r.refunds.map((f, i) => (
                  <div key={i} className={`history-refund history-refund--${f.status}`}>
                    <p className="history-refund__title">{refundLabel(f)}</p>
                    <p className="muted">{f.reason}</p>
                    <p className="muted">{refundStateText(f)}</p>
                  </div>
                ))}
              </section>
            ) : null}
          </section>
          <div className="history__actions">
            <ReceiptPdfButton fetchPdf={() => utils.redeemedHistory.receiptPdf.fetch({ id }, { staleTime: 0 })} />
            <Link href={paths.enterAmount.href(r.outletId)} className="btn btn--primary btn--md history__again">
              Pay here again
            </Link>
          </div>
        </div>
      )}
    </QueryState>
  );
}
