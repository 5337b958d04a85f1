import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { RevenueDay } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatDayMonth, formatRupees } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { istNow } from '../lib/slots';
import { DataTable, StatRow, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';
import { RevenueChart } from '../components/revenue-chart';

/** SPEC §8. */
const REVENUE_FAILED = 'An error occurred while fetching revenue';

const RANGES = [
  { key: '7', label: 'Last 7 days', days: 7 },
  { key: '30', label: 'Last 30 days', days: 30 },
  { key: 'all', label: 'All time', days: null },
] as const;

const daysBefore = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

const COLUMNS: Column<RevenueDay>[] = [
  { header: 'Day', cell: (day) => formatDayMonth(day.day) },
  { header: 'Orders', num: true, cell: (day) => day.ordersCount },
  { header: 'Bills', num: true, cell: (day) => formatRupees(day.billPaise) },
  { header: 'Discounts', num: true, cell: (day) => formatRupees(day.discountPaise) },
  { header: 'Fees', num: true, cell: (day) => formatRupees(day.feePaise) },
  { header: 'Net', num: true, cell: (day) => formatRupees(day.netPaise) },
];

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
  const id = outletId ?? 0;
  const [range, setRange] = useState<(typeof RANGES)[number]['key']>('30');
  const [page, setPage] = useState(1);
  const today = istNow().date;
  const chosen = RANGES.find((item) => item.key === range) ?? RANGES[1];
  const from = chosen.days === null ? undefined : daysBefore(today, chosen.days - 1);
  const query = trpc.dashboards.revenue.useQuery(
    { outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE, from, to: chosen.days === null ? undefined : today },
    { placeholderData: (previous) => previous },
  );

  return (
    <BizPage
      title="Revenue · Dashboard · Bachat for Business"
      description="Your outlet's bills, discounts, fees and net revenue by day."
      heading="Revenue"
      lead="Bills paid through Bachat at your outlet, by day (India time)."
    >
      <div className="chip-row" role="group" aria-label="Period">
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
            {item.label}
          </button>
        ))}
      </div>
      <QueryState query={query} loadingLabel="Loading revenue" errorMessage={REVENUE_FAILED}>
        {(revenue) => (
          <>
            <StatRow
              stats={[
                { label: 'Bills', value: formatRupees(revenue.totals.billPaise) },
                { label: 'Discounts given', value: formatRupees(revenue.totals.discountPaise) },
                { label: 'Fees', value: formatRupees(revenue.totals.feePaise) },
                { label: 'Net to you', value: formatRupees(revenue.totals.netPaise), accent: true },
              ]}
            />
            {revenue.data.length === 0 ? (
              <p className="biz-empty">No paid bills in this period yet.</p>
            ) : (
              <>
                <section className="biz-card" aria-label="Revenue chart">
                  <RevenueChart days={revenue.data} {...chartSpan(revenue.data, page, from, today)} />
                </section>
                <DataTable columns={COLUMNS} rows={revenue.data} rowKey={(day) => day.day} />
              </>
            )}
            <Pager total={revenue.total} page={page} noun="days" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
