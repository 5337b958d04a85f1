import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { CouponList, CouponView } from '@server/modules/coupons/schema';
import { paths } from '@client/app/paths';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { useRequireLogin } from '@client/lib/auth';
import { formatDateTimeShort, formatPercent } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { NO_COUPONS_DATA, couponTabs, readCouponList, type CouponTabKey } from '../lib/coupon-list';
import '@client/styles/coupons.css';

/** /coupons: the shopper's Shuffle coupons, active and expired (and used), with counts (SPEC §3, §4). */
export function CouponsPage() {
  const { isLoggedIn } = useRequireLogin();
  if (!isLoggedIn) return <PageLoader />;
  return <Coupons />;
}

/** SPEC §8: a missing or malformed answer fails the query with "No coupons data received". */
function requireCouponList(data: unknown): CouponList {
  const list = readCouponList(data);
  if (!list) throw new Error(NO_COUPONS_DATA);
  return list;
}

function Coupons() {
  const query = trpc.coupons.list.useQuery(undefined, { staleTime: 0, select: requireCouponList });
  return (
    <div className="page coupons">
      <title>My coupons · Bachat</title>
      <meta name="description" content="Your Shuffle Cards coupons: active ones to use today and expired ones." />
      <h1 className="coupons__title">My coupons</h1>
      <QueryState query={query} loading={<PageLoader />} errorMessage={NO_COUPONS_DATA}>
        {(list) => <CouponTabs list={list} />}
      </QueryState>
    </div>
  );
}

function CouponTabs({ list }: { list: CouponList }) {
  const [tab, setTab] = useState<CouponTabKey>('active');
  const tabsId = useId();
  const tabs = couponTabs(list);
  const current = tabs.find((t) => t.key === tab) ?? tabs[0]!;

  return (
    <>
      <p className="coupons__summary" data-testid="coupon-summary">
        <span>
          <strong>{list.counts.active}</strong> active
        </span>
        <span>
          <strong>{list.counts.expired}</strong> expired
        </span>
        {list.counts.redeemed > 0 ? (
          <span>
            <strong>{list.counts.redeemed}</strong> used
          </span>
        ) : null}
      </p>

      <div className="coupons__tabs" role="tablist" aria-label="Coupons">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${tabsId}-${t.key}`}
            aria-selected={t.key === current.key}
            aria-controls={`${tabsId}-panel`}
            className="coupons__tab"
            onClick={() => setTab(t.key)}
          >
            {t.label} <span className="coupons__count">{t.count}</span>
          </button>
        ))}
      </div>

      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${current.key}`}>
        {current.items.length === 0 ? (
          <EmptyTab tab={current.key} />
        ) : (
          <ul className="coupons__list">
            {current.items.map((coupon) => (
              <li key={coupon.id}>
                <CouponCard coupon={coupon} kind={current.key} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function EmptyTab({ tab }: { tab: CouponTabKey }) {
  return (
    <div className="coupons__empty">
      <p>
        {tab === 'active'
          ? 'No active coupons. Play Shuffle Cards when you pay a bill to win one.'
          : tab === 'expired'
            ? 'No expired coupons.'
            : 'No used coupons yet.'}
      </p>
      {tab === 'active' ? (
        <Link href={paths.home.href()} className="btn btn--secondary btn--sm">
          Find outlets
        </Link>
      ) : null}
    </div>
  );
}

function CouponCard({ coupon, kind }: { coupon: CouponView; kind: CouponTabKey }) {
  return (
    <article className={`coupon coupon--${kind}`} aria-label={`${formatPercent(coupon.discountPercent)} off at ${coupon.outletName}`}>
      <div className="coupon__value">
        <span className="coupon__pct">{formatPercent(coupon.discountPercent)}</span>
        <span className="coupon__off">extra off</span>
      </div>
      <div className="coupon__body">
        <h2 className="coupon__outlet">{coupon.outletName}</h2>
        <p className="coupon__meta">
          {kind === 'active'
            ? `Valid until ${formatDateTimeShort(coupon.validUntil)}`
            : kind === 'redeemed'
              ? `Used ${coupon.redeemedAt ? formatDateTimeShort(coupon.redeemedAt) : ''}`
              : `Expired ${formatDateTimeShort(coupon.validUntil)}`}
        </p>
        <p className="coupon__code">
          {coupon.code}
          {coupon.usedGoldenKey ? ' · Golden Key' : ''}
        </p>
        {kind === 'active' ? (
          <Link
            href={paths.enterAmount.href(coupon.outletId)}
            className="btn btn--primary btn--sm coupon__cta"
            aria-label={`Pay bill with this coupon at ${coupon.outletName}`}
          >
            Pay bill
          </Link>
        ) : null}
      </div>
    </article>
  );
}
