import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { CouponList, CouponView } from '@server/modules/coupons/schema';
import { paths } from '@client/app/paths';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { useRequireLogin } from '@client/lib/auth';
import { formatDateTimeShort, formatPercent, formatValidUntil } from '@client/lib/format';
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
  if (!list) throw new Error('No coupons data received');
  return list;
}

function Coupons() {
  const { t, i18n } = useLingui();
  const query = trpc.coupons.list.useQuery(undefined, { staleTime: 0, select: requireCouponList });
  return (
    <div className="page coupons">
      <title>{t`My coupons · Bachat`}</title>
      <meta name="description" content={t`Your Shuffle Cards coupons: active ones to use today and expired ones.`} />
      <h1 className="coupons__title">
        <Trans>My coupons</Trans>
      </h1>
      <QueryState query={query} loading={<PageLoader />} errorMessage={i18n._(NO_COUPONS_DATA)}>
        {(list) => <CouponTabs list={list} />}
      </QueryState>
    </div>
  );
}

function CouponTabs({ list }: { list: CouponList }) {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<CouponTabKey>('active');
  const { active, expired, redeemed } = list.counts;
  const tabsId = useId();
  const tabs = couponTabs(list);
  const current = tabs.find((each) => each.key === tab) ?? tabs[0]!;

  return (
    <>
      <p className="coupons__summary" data-testid="coupon-summary">
        <span>
          <Trans>
            <strong>{active}</strong> active
          </Trans>
        </span>
        <span>
          <Trans>
            <strong>{expired}</strong> expired
          </Trans>
        </span>
        {redeemed > 0 ? (
          <span>
            <Trans>
              <strong>{redeemed}</strong> used
            </Trans>
          </span>
        ) : null}
      </p>

      <div className="coupons__tabs" role="tablist" aria-label={t`Coupons`}>
        {tabs.map((each) => (
          <button
            key={each.key}
            type="button"
            role="tab"
            id={`${tabsId}-${each.key}`}
            aria-selected={each.key === current.key}
            aria-controls={`${tabsId}-panel`}
            className="coupons__tab"
            onClick={() => setTab(each.key)}
          >
            {i18n._(each.label)} <span className="coupons__count">{each.count}</span>
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
        {tab === 'active' ? (
          <Trans>No active coupons. Play Shuffle Cards when you pay a bill to win one.</Trans>
        ) : tab === 'expired' ? (
          <Trans>No expired coupons.</Trans>
        ) : (
          <Trans>No used coupons yet.</Trans>
        )}
      </p>
      {tab === 'active' ? (
        <Link href={paths.home.href()} className="btn btn--secondary btn--sm">
          <Trans>Find outlets</Trans>
        </Link>
      ) : null}
    </div>
  );
}

function CouponCard({ coupon, kind }: { coupon: CouponView; kind: CouponTabKey }) {
  const { t } = useLingui();
  const percent = formatPercent(coupon.discountPercent);
  const outlet = coupon.outletName;
  const until = kind === 'active' ? formatValidUntil(coupon.validUntil) : formatDateTimeShort(coupon.validUntil);
  const used = coupon.redeemedAt ? formatDateTimeShort(coupon.redeemedAt) : '';
  return (
    <article className={`coupon coupon--${kind}`} aria-label={t`${percent} off at ${outlet}`}>
      <div className="coupon__value">
        <span className="coupon__pct">{percent}</span>
        <span className="coupon__off">
          <Trans>extra off</Trans>
        </span>
      </div>
      <div className="coupon__body">
        <h2 className="coupon__outlet">{coupon.outletName}</h2>
        <p className="coupon__meta">
          {kind === 'active' ? (
            <Trans>Valid until {until}</Trans>
          ) : kind === 'redeemed' ? (
            <Trans>Used {used}</Trans>
          ) : (
            <Trans>Expired {until}</Trans>
          )}
        </p>
        <p className="coupon__code">
          {coupon.code}
          {coupon.usedGoldenKey ? (
            <>
              {' · '}
              <Trans>Golden Key</Trans>
            </>
          ) : null}
        </p>
        {kind === 'active' ? (
          <Link
            href={paths.enterAmount.href(coupon.outletId)}
            className="btn btn--primary btn--sm coupon__cta"
            aria-label={t`Pay bill with this coupon at ${outlet}`}
          >
            <Trans>Pay bill</Trans>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
