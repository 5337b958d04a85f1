import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { RevenueDay } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatCount, formatDayMonth, formatRupeesExact } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { istNow } from '../lib/slots';
import { DataTable, StatRow, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';
import { RevenueChart } from '../components/revenue-chart';

/** SPEC §8 (`i18n._` it). */
const REVENUE_FAILED = msg`An error occurred while fetching revenue`;

const RANGES: readonly { key: '7' | '30' | 'all'; label: MessageDescriptor; days: number | null }[] = [
  { key: '7', label: msg`Last 7 days`, days: 7 },
  { key: '30', label: msg`Last 30 days`, days: 30 },
  { key: 'all', label: msg`All time`, days: null },
];

const daysBefore = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};


/**
 * The chart's days: on the first page of a 7 or 30 day range the whole range (a full page of 20 days
 * with bills may start later: then from its first day); otherwise the page's own days.
 */
function chartSpan(days: readonly { day: string }[], page: number, from: string | undefined, today: string) {
  if (page !== 1 || from === undefined) return {};
  const earliest = days.reduce((min, day) => (day.day < min ? day.day : min), today);
  return { start: days.length >= DASHBOARD_PAGE_SIZE && earliest > from ? earliest : from, end: today };
}

/** dashboard/revenue: bills, discounts, fees and net by day, with a chart. */
export function RevenuePage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const columns: Column<RevenueDay>[] = [
    { header: t`Day`, cell: (day) => formatDayMonth(day.day) },
    { header: t`Orders`, num: true, cell: (day) => formatCount(day.ordersCount) },
    { header: t`Bills`, num: true, cell: (day) => formatRupeesExact(day.billPaise) },
    { header: t`Discounts`, num: true, cell: (day) => formatRupeesExact(day.discountPaise) },
    { header: t`Fees`, num: true, cell: (day) => formatRupeesExact(day.feePaise) },
    { header: t({ message: 'GST on fee', comment: 'Revenue column: GST on the platform fee, withheld with it' }), num: true, cell: (day) => formatRupeesExact(day.feeGstPaise) },
    { header: t({ message: 'Refunds', comment: 'Revenue column: money the outlet refunded to shoppers that day' }), num: true, cell: (day) => formatRupeesExact(day.refundPaise) },
    { header: t({ message: 'Net', comment: 'Revenue after discounts and fees' }), num: true, cell: (day) => formatRupeesExact(day.payoutPaise) },
  ];
  const id = outletId ?? 0;
  const [range, setRange] = useState<(typeof RANGES)[number]['key']>('30');
  const [page, setPage] = useState(1);
  const today = istNow().date;
  const chosen = RANGES.find((item) => item.key === range) ?? RANGES[1]!;
  const from = chosen.days === null ? undefined : daysBefore(today, chosen.days - 1);
  const query = trpc.dashboards.revenue.useQuery(
    { outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE, from, to: chosen.days === null ? undefined : today },
    { placeholderData: (previous) => previous },
  );

  return (
    <BizPage
      title={t`Revenue · Dashboard · Bachat for Business`}
      description={t`Your outlet's bills, discounts, fees and net revenue by day.`}
      heading={t`Revenue`}
      lead={t`Bills paid through Bachat at your outlet, by day (India time).`}
    >
      <div className="chip-row" role="group" aria-label={t`Period`}>
        {RANGES.map((item) => (
          <button
            key={item.key}
            type="button"
            className="chip"
            aria-pressed={item.key === range}
            onClick={() => {
              setRange(item.key);
              setPage(1);
            }}
          >
            {i18n._(item.label)}
          </button>
        ))}
      </div>
      <QueryState query={query} loadingLabel={t`Loading revenue`} errorMessage={i18n._(REVENUE_FAILED)}>
        {(revenue) => (
          <>
            <StatRow
              stats={[
                { label: t`Bills`, value: formatRupeesExact(revenue.totals.billPaise) },
                { label: t`Discounts given`, value: formatRupeesExact(revenue.totals.discountPaise) },
                { label: t`Fees`, value: formatRupeesExact(revenue.totals.feePaise) },
                { label: t`Net to you`, value: formatRupeesExact(revenue.totals.payoutPaise), accent: true },
              ]}
            />
            {revenue.data.length === 0 ? (
              <p className="biz-empty">
                <Trans>No paid bills in this period yet.</Trans>
              </p>
            ) : (
              <>
                <section className="biz-card" aria-label={t`Revenue chart`}>
                  <RevenueChart days={revenue.data} {...chartSpan(revenue.data, page, from, today)} />
                </section>
                <DataTable columns={columns} rows={revenue.data} rowKey={(day) => day.day} />
              </>
            )}
            <Pager total={revenue.total} page={page} noun={t`days`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
