import { t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { RedemptionView } from '@server/modules/redeemed-history/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader, Spinner } from '@client/components/ui/spinner';
import { useRequireLogin } from '@client/lib/auth';
import { formatDate, formatRupeesExact } from '@client/lib/format';
import { useLocale } from '@client/lib/i18n';
import { refundLabel } from '@client/lib/refunds';
import { trpc } from '@client/lib/trpc';
import '@client/styles/history.css';

export const HISTORY_PAGE_SIZE = 20;

/** /redeemed-history: the shopper's paid bills, newest first, 20 at a time. */
export function RedeemedHistoryPage() {
  const { isLoggedIn } = useRequireLogin();
  if (!isLoggedIn) return <PageLoader />;
  return <History />;
}

function History() {
  const { t } = useLingui();
  const [pages, setPages] = useState(1);
  const first = trpc.redeemedHistory.list.useQuery({ offSet: 0, limit: HISTORY_PAGE_SIZE }, { staleTime: 0 });

  const head = (
    <>
      <title>{t`Redeemed history · Bachat`}</title>
      <meta name="description" content={t`Your bills paid with Bachat: amounts, savings, receipts and refunds.`} />
      <h1 className="history__title">
        <Trans>Redeemed history</Trans>
      </h1>
    </>
  );

  return (
    <QueryState
      query={first}
      loading={<PageLoader />}
      errorView={(_error, retry) => (
        <div className="page history">
          {head}
          <InlineError message={t`We could not load your history.`} onRetry={retry} retrying={first.isFetching} />
        </div>
      )}
      isEmpty={(data) => data.total === 0}
      empty={
        <div className="page history">
          {head}
          <div className="history__empty">
            <p>
              <Trans>No payments yet. Pay your next bill with Bachat to save instantly; it will show up here.</Trans>
            </p>
            <Link href={paths.home.href()} className="btn btn--primary btn--md">
              <Trans>Find outlets near you</Trans>
            </Link>
          </div>
        </div>
      }
    >
      {({ total, items }) => {
        const shown = Math.min(total, pages * HISTORY_PAGE_SIZE);
        return (
          <div className="page history">
            {head}
            <p className="history__count">
              <Plural value={total} one="# payment" other="# payments" />
            </p>
            <ul className="history__list">
              <HistoryItems items={items} />
              {Array.from({ length: pages - 1 }, (_, i) => (
                <MorePage key={i + 1} offSet={(i + 1) * HISTORY_PAGE_SIZE} />
              ))}
            </ul>
            {shown < total ? (
              <Button variant="secondary" onClick={() => setPages((p) => p + 1)}>
                <Trans>Show more</Trans>
              </Button>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}

function MorePage({ offSet }: { offSet: number }) {
  const { t } = useLingui();
  const page = trpc.redeemedHistory.list.useQuery({ offSet, limit: HISTORY_PAGE_SIZE });
  return (
    <QueryState
      query={page}
      loading={
        <li className="history__loading">
          <Spinner label={t`Loading more payments`} />
        </li>
      }
      errorView={(_error, retry) => (
        <li>
          <InlineError message={t`We could not load more payments.`} onRetry={retry} retrying={page.isFetching} />
        </li>
      )}
    >
      {({ items }) => <HistoryItems items={items} />}
    </QueryState>
  );
}

function itemHref(item: RedemptionView): string {
  return item.kind === 'paid' && item.id !== null
    ? paths.redeemedHistoryItem.href(item.id)
    : `${paths.paymentFailure.href()}?${new URLSearchParams({ orderId: item.orderId }).toString()}`;
}

/** What a screen reader hears for one row (in the reader's language; called while rendering). */
function itemLabel(item: RedemptionView): string {
  const day = formatDate(item.at);
  const outlet = item.outletName;
  const amount = formatRupeesExact(item.amountPaise);
  const saved = formatRupeesExact(item.savedPaise);
  const refunds = item.refunds.map((r) => refundLabel(r).replace(' · ', ', ')).join(', ');
  if (item.kind === 'refunded') return t`${outlet}, payment of ${amount} on ${day} not accepted; ${refunds}`;
  const paid = item.savedPaise > 0 ? t`${outlet}, paid ${amount} on ${day}, saved ${saved}` : t`${outlet}, paid ${amount} on ${day}`;
  return refunds ? `${paid}; ${refunds}` : paid;
}

function HistoryItems({ items }: { items: RedemptionView[] }) {
  useLocale();
  return (
    <>
      {items.map((item) => (
        <li key={item.orderId}>
          <Link href={itemHref(item)} className="history-item" aria-label={itemLabel(item)}>
            <span className="history-item__badge" aria-hidden="true">
              {item.outletName.trim().charAt(0).toUpperCase()}
            </span>
            <span className="history-item__main">
              <span className="history-item__outlet">{item.outletName}</span>
              <span className="history-item__meta">
                {formatDate(item.at)}
                {item.outletLocality ? ` · ${item.outletLocality}` : ''}
              </span>
            </span>
            <span className="history-item__money">
              <span className={item.kind === 'refunded' ? 'history-item__amount history-item__amount--void' : 'history-item__amount'}>
                {formatRupeesExact(item.amountPaise)}
              </span>
              {item.kind === 'paid' && item.savedPaise > 0 ? (
                <span className="history-item__saved">
                  <Saved amount={formatRupeesExact(item.savedPaise)} />
                </span>
              ) : null}
            </span>
            {item.refunds.length ? (
              <span className="history-item__refunds">
                {item.refunds.map((r, i) => (
                  <span key={i} className={`history-item__refund history-item__refund--${r.status}`}>
                    {refundLabel(r)}
                  </span>
                ))}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </>
  );
}

/** "Saved ₹50.00" under a payment's amount. */
function Saved({ amount }: { amount: string }) {
  return <Trans>Saved {amount}</Trans>;
}
