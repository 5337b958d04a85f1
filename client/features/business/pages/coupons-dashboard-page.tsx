import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { DashboardCoupon } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatCount, formatDateTimeShort, formatDayMonth, formatPercent } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { Pager } from '../components/pager';

/** SPEC §8. */
const COUPONS_FAILED = 'An error occurred while fetching coupons';

const statusOf = (coupon: DashboardCoupon) => (coupon.redeemed ? 'redeemed' : coupon.isLive ? 'live' : 'expired');
const STATUS_LABELS = { redeemed: 'Redeemed', live: 'Active', expired: 'Expired' } as const;

/** dashboard/coupons: coupons shoppers won at this outlet, 20 a page. */
export function CouponsDashboardPage({ outletId }: BusinessPageProps) {
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const query = trpc.dashboards.coupons.useQuery({ outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE }, { placeholderData: (previous) => previous });

  return (
    <BizPage
      title="Coupons · Dashboard · Bachat for Business"
      description="Coupons shoppers won at your outlet, and how many they redeemed."
      heading="Coupons"
      lead="Coupons shoppers won with Shuffle Cards at your outlet, newest first."
    >
      <QueryState query={query} loadingLabel="Loading coupons" errorMessage={COUPONS_FAILED}>
        {(coupons) => (
          <>
            <div className="stat-row">
              <div className="stat">
                <span className="stat__label">Issued</span>
                <span className="stat__value">{formatCount(coupons.summary.issued)}</span>
              </div>
              <div className="stat stat--accent">
                <span className="stat__label">Redeemed</span>
                <span className="stat__value">{formatCount(coupons.summary.redeemed)}</span>
              </div>
            </div>
            {coupons.data.length === 0 ? (
              <p className="biz-empty">No coupons yet. They appear here when shoppers play Shuffle Cards at your outlet.</p>
            ) : (
              <>
                <div className="data-table-wrap only-wide">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th>Code</th>
                        <th className="num">Discount</th>
                        <th>Issued</th>
                        <th>Valid until</th>
                        <th>Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {coupons.data.map((coupon) => (
                        <tr key={coupon.id}>
                          <td>{coupon.code}</td>
                          <td className="num">{formatPercent(coupon.discountPercent, { decimals: 1, trim: false })}</td>
                          <td>{formatDayMonth(coupon.issuedOn)}</td>
                          <td>{formatDateTimeShort(coupon.validUntil)}</td>
                          <td>
                            <span className={`status status--${statusOf(coupon)}`}>{STATUS_LABELS[statusOf(coupon)]}</span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <ul className="row-cards only-narrow">
                  {coupons.data.map((coupon) => (
                    <li key={coupon.id} className="row-card">
                      <span className="row-card__title">{coupon.code}</span>
                      <span className="row-card__figure">{formatPercent(coupon.discountPercent, { decimals: 1, trim: false })}</span>
                      <span className="row-card__sub">Issued {formatDayMonth(coupon.issuedOn)}</span>
                      <span>
                        <span className={`status status--${statusOf(coupon)}`}>{STATUS_LABELS[statusOf(coupon)]}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <Pager total={coupons.total} page={page} noun="coupons" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
