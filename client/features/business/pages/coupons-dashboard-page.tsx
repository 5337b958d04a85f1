import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { DashboardCoupon } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatCount, formatDateTimeShort, formatDayMonth, formatPercent } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DataTable, RowCards, StatRow, StatusBadge, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';

/** SPEC §8. */
const COUPONS_FAILED = 'An error occurred while fetching coupons';

const statusOf = (coupon: DashboardCoupon) => (coupon.redeemed ? 'redeemed' : coupon.isLive ? 'live' : 'expired');
const STATUS_LABELS = { redeemed: 'Redeemed', live: 'Active', expired: 'Expired' } as const;
const statusBadge = (coupon: DashboardCoupon) => <StatusBadge status={statusOf(coupon)} label={STATUS_LABELS[statusOf(coupon)]} />;
const discountOf = (coupon: DashboardCoupon) => formatPercent(coupon.discountPercent, { decimals: 1, trim: false });

const COLUMNS: Column<DashboardCoupon>[] = [
  { header: 'Code', cell: (coupon) => coupon.code },
  { header: 'Discount', num: true, cell: discountOf },
  { header: 'Issued', cell: (coupon) => formatDayMonth(coupon.issuedOn) },
  { header: 'Valid until', cell: (coupon) => formatDateTimeShort(coupon.validUntil) },
  { header: 'Status', cell: statusBadge },
];

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
            <StatRow
              stats={[
                { label: 'Issued', value: formatCount(coupons.summary.issued) },
                { label: 'Redeemed', value: formatCount(coupons.summary.redeemed), accent: true },
              ]}
            />
            {coupons.data.length === 0 ? (
              <p className="biz-empty">No coupons yet. They appear here when shoppers play Shuffle Cards at your outlet.</p>
            ) : (
              <>
                <DataTable columns={COLUMNS} rows={coupons.data} rowKey={(coupon) => coupon.id} onlyWide />
                <RowCards
                  rows={coupons.data}
                  rowKey={(coupon) => coupon.id}
                  title={(coupon) => coupon.code}
                  figure={discountOf}
                  sub={(coupon) => `Issued ${formatDayMonth(coupon.issuedOn)}`}
                  status={statusBadge}
                />
              </>
            )}
            <Pager total={coupons.total} page={page} noun="coupons" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
