import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { paths } from '@client/app/paths';
import { BillRow, BillTable } from '@client/components/ui/bill-table';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { useRequireLogin } from '@client/lib/auth';
import { formatDateTime, formatRupeesExact } from '@client/lib/format';
import { outletRefundText, reasonText, refundLabel, refundStateText } from '@client/lib/refunds';
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
  const { t } = useLingui();
  return (
    <div className="page history">
      <title>{t`Payment not found · Bachat`}</title>
      <div className="history__empty">
        <p>
          <Trans>We couldn't find this payment.</Trans>
        </p>
        <Link href={paths.redeemedHistory.href()} className="btn btn--secondary btn--md">
          <Trans>Back to history</Trans>
        </Link>
      </div>
    </div>
  );
}

function Redemption({ id }: { id: number }) {
  const { t } = useLingui();
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
            <title>{t`Payment · Bachat`}</title>
            <InlineError message={t`We could not load this payment.`} onRetry={retry} retrying={query.isFetching} />
          </div>
        )
      }
    >
      {(r) => {
        const outlet = r.outletName;
        const saved = formatRupeesExact(r.savedPaise);
        const amount = formatRupeesExact(r.amountPaise);
        return (
        <div className="page history">
          <title>{t`${outlet}, ${amount} · Bachat`}</title>
          <meta name="description" content={t`Your payment at ${outlet}: amount, savings and receipt.`} />
          <Link href={paths.redeemedHistory.href()} className="history__back">
            ← <Trans>All payments</Trans>
          </Link>
          <section className="history-detail" aria-labelledby="redemption-title">
            <header className="history-detail__head">
              <h1 id="redemption-title" className="history-detail__outlet">
                {r.outletName}
              </h1>
              {r.outletLocality ? <p className="muted">{r.outletLocality}</p> : null}
              <p className="history-detail__amount">{formatRupeesExact(r.amountPaise)}</p>
              {r.savedPaise > 0 ? (
                <p className="history-item__saved">
                  <Trans>You saved {saved}</Trans>
                </p>
              ) : null}
            </header>

            <BillTable
              figures={r}
              percents={{ instant: r.instantDiscountPercent, shuffle: r.shuffleDiscountPercent }}
              couponCode={r.couponCode}
              total="paid"
              className="history-detail__lines"
              before={<BillRow label={<Trans>Paid on</Trans>}>{formatDateTime(r.redeemedAt ?? r.at)}</BillRow>}
              after={
                <>
                  <BillRow label={<Trans>Receipt ID</Trans>} valueClassName="history-detail__mono">
                    {r.receiptCode ?? '—'}
                  </BillRow>
                  <BillRow label={<Trans>Verification code</Trans>} valueClassName="history-detail__mono">
                    {r.verificationCode ?? '—'}
                  </BillRow>
                </>
              }
            />
            {r.refunds.length ? (
              <section className="history-detail__refunds" aria-label={t`Refunds`}>
                {r.refunds.map((f, i) => (
                  <div key={i} className={`history-refund history-refund--${f.status}`}>
                    <p className="history-refund__title">{refundLabel(f)}</p>
                    <p className="muted">{f.byOutlet ? outletRefundText(r.outletName, f.reason) : reasonText(f.reason)}</p>
                    <p className="muted">{refundStateText(f)}</p>
                  </div>
                ))}
              </section>
            ) : null}
          </section>
          <div className="history__actions">
            <ReceiptPdfButton fetchPdf={() => utils.redeemedHistory.receiptPdf.fetch({ id }, { staleTime: 0 })} />
            <Link href={paths.enterAmount.href(r.outletId)} className="btn btn--primary btn--md history__again">
              <Trans>Pay here again</Trans>
            </Link>
          </div>
        </div>
        );
      }}
    </QueryState>
  );
}
