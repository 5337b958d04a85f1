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
  const [pages, setPages] = useState(1);
  const first = trpc.redeemedHistory.list.useQuery({ offSet: 0, limit: HISTORY_PAGE_SIZE }, { staleTime: 0 });

  const head = (
    <>
      <title>Redeemed history · Bachat</title>
      <meta name="description" content="Your bills paid with Bachat: amounts, savings, receipts and refunds." />
      <h1 className="history__title">Redeemed history</h1>
    </>
  );

  return (
    <QueryState
      query={first}
      loading={<PageLoader />}
      errorView={(_error, retry) => (
        <div className="page history">
          {head}
          <InlineError message="We could not load your history." onRetry={retry} retrying={first.isFetching} />
        </div>
      )}
      isEmpty={(data) => data.total === 0}
      empty={
        <div className="page history">
          {head}
          <div className="history__empty">
            <p>No payments yet. Pay your next bill with Bachat to save instantly; it will show up here.</p>
            <Link href={paths.home.href()} className="btn btn--primary btn--md">
              Find outlets near you
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
              {total} {total === 1 ? 'payment' : 'payments'}
            </p>
            <ul className="history__list">
              <HistoryItems items={items} />
              {Array.from({ length: pages - 1 }, (_, i) => (
                <MorePage key={i + 1} offSet={(i + 1) * HISTORY_PAGE_SIZE} />
              ))}
            </ul>
            {shown < total ? (
              <Button variant="secondary" onClick={() => setPages((p) => p + 1)}>
                Show more
              </Button>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}

function MorePage({ offSet }: { offSet: number }) {
  const page = trpc.redeemedHistory.list.useQuery({ offSet, limit: HISTORY_PAGE_SIZE });
  return (
    <QueryState
      query={page}
      loading={
        <li className="history__loading">
          <Spinner label="Loading more payments" />
        </li>
      }
      errorView={(_error, retry) => (
        <li>
          <InlineError message="We could not load more payments." onRetry={retry} retrying={page.isFetching} />
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

function itemLabel(item: RedemptionView): string {
  const day = formatDate(item.at);
  const refunds = item.refunds.map((r) => refundLabel(r).replace(' · ', ', ')).join(', ');
  if (item.kind === 'refunded') return `${item.outletName}, payment of ${formatRupeesExact(item.amountPaise)} on ${day} not accepted; ${refunds}`;
  return `${item.outletName}, paid ${formatRupeesExact(item.amountPaise)} on ${day}${
    item.savedPaise > 0 ? `, saved ${formatRupeesExact(item.savedPaise)}` : ''
  }${refunds ? `; ${refunds}` : ''}`;
}

function HistoryItems({ items }: { items: RedemptionView[] }) {
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
                <span className="history-item__saved">Saved {formatRupeesExact(item.savedPaise)}</span>
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
