import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatDayMonth, formatRupees } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { istNow } from '../lib/slots';
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
            <div className="stat-row">
              <div className="stat">
                <span className="stat__label">Bills</span>
                <span className="stat__value">{formatRupees(revenue.totals.billPaise)}</span>
              </div>
              <div className="stat">
                <span className="stat__label">Discounts given</span>
                <span className="stat__value">{formatRupees(revenue.totals.discountPaise)}</span>
              </div>
              <div className="stat">
                <span className="stat__label">Fees</span>
                <span className="stat__value">{formatRupees(revenue.totals.feePaise)}</span>
              </div>
              <div className="stat stat--accent">
                <span className="stat__label">Net to you</span>
                <span className="stat__value">{formatRupees(revenue.totals.netPaise)}</span>
              </div>
            </div>
            {revenue.data.length === 0 ? (
              <p className="biz-empty">No paid bills in this period yet.</p>
            ) : (
              <>
                <section className="biz-card" aria-label="Revenue chart">
                  <RevenueChart days={revenue.data} {...chartSpan(revenue.data, page, from, today)} />
                </section>
                <div className="data-table-wrap">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th>Day</th>
                        <th className="num">Orders</th>
                        <th className="num">Bills</th>
                        <th className="num">Discounts</th>
                        <th className="num">Fees</th>
                        <th className="num">Net</th>
                      </tr>
                    </thead>
                    <tbody>
                      {revenue.data.map((day) => (
                        <tr key={day.day}>
                          <td>{formatDayMonth(day.day)}</td>
                          <td className="num">{day.ordersCount}</td>
                          <td className="num">{formatRupees(day.billPaise)}</td>
                          <td className="num">{formatRupees(day.discountPaise)}</td>
                          <td className="num">{formatRupees(day.feePaise)}</td>
                          <td className="num">{formatRupees(day.netPaise)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
            <Pager total={revenue.total} page={page} noun="days" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
