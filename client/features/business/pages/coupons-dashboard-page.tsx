import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { DashboardCoupon } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatCount, formatDayMonth, formatPercent, formatValidUntil } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DataTable, RowCards, StatRow, StatusBadge, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';

/** SPEC §8 (`i18n._` it). */
const COUPONS_FAILED = msg`An error occurred while fetching coupons`;

const statusOf = (coupon: DashboardCoupon) => (coupon.redeemed ? 'redeemed' : coupon.isLive ? 'live' : 'expired');
const STATUS_LABELS = {
  redeemed: msg({ message: 'Redeemed', comment: 'A coupon the shopper has used' }),
  live: msg({ message: 'Active', comment: 'A coupon that can still be used' }),
  expired: msg({ message: 'Expired', comment: 'A coupon past its validity' }),
} as const;
const discountOf = (coupon: DashboardCoupon) => formatPercent(coupon.discountPercent, { decimals: 1, trim: false });

/** dashboard/coupons: coupons shoppers won at this outlet, 20 a page. */
export function CouponsDashboardPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const statusBadge = (coupon: DashboardCoupon) => <StatusBadge status={statusOf(coupon)} label={i18n._(STATUS_LABELS[statusOf(coupon)])} />;
  const columns: Column<DashboardCoupon>[] = [
    { header: t`Code`, cell: (coupon) => coupon.code },
    { header: t`Discount`, num: true, cell: discountOf },
    { header: t`Issued`, cell: (coupon) => formatDayMonth(coupon.issuedOn) },
    { header: t`Valid until`, cell: (coupon) => formatValidUntil(coupon.validUntil) },
    { header: t`Status`, cell: statusBadge },
  ];
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const query = trpc.dashboards.coupons.useQuery({ outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE }, { placeholderData: (previous) => previous });

  return (
    <BizPage
      title={t`Coupons · Dashboard · Bachat for Business`}
      description={t`Coupons shoppers won at your outlet, and how many they redeemed.`}
      heading={t`Coupons`}
      lead={t`Coupons shoppers won with Shuffle Cards at your outlet, newest first.`}
    >
      <QueryState query={query} loadingLabel={t`Loading coupons`} errorMessage={i18n._(COUPONS_FAILED)}>
        {(coupons) => (
          <>
            <StatRow
              stats={[
                { label: t({ message: 'Issued', comment: 'Count of coupons issued' }), value: formatCount(coupons.summary.issued) },
                { label: t({ message: 'Redeemed', comment: 'Count of coupons redeemed' }), value: formatCount(coupons.summary.redeemed), accent: true },
              ]}
            />
            {coupons.data.length === 0 ? (
              <p className="biz-empty">
                <Trans>No coupons yet. They appear here when shoppers play Shuffle Cards at your outlet.</Trans>
              </p>
            ) : (
              <>
                <DataTable columns={columns} rows={coupons.data} rowKey={(coupon) => coupon.id} onlyWide />
                <RowCards
                  rows={coupons.data}
                  rowKey={(coupon) => coupon.id}
                  title={(coupon) => coupon.code}
                  figure={discountOf}
                  sub={(coupon) => {
                    const issuedOn = formatDayMonth(coupon.issuedOn);
                    return t`Issued ${issuedOn}`;
                  }}
                  status={statusBadge}
                />
              </>
            )}
            <Pager total={coupons.total} page={page} noun={t`coupons`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
