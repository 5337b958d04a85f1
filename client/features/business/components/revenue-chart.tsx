import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { RevenueDay } from '@server/modules/dashboards/schema';
import { formatCount, formatDayMonth, formatRupeesCompact, formatRupeesExact } from '@client/lib/format';
import { StarIcon } from '@client/components/ui/icons';

type RevenueChartProps = {
  days: readonly RevenueDay[];
  /** Draw every day from `start` to `end` ('YYYY-MM-DD'), days without bills as zero. */
  start?: string;
  end?: string;
};

const EMPTY_DAY = { ordersCount: 0, couponsCount: 0, billPaise: 0, discountPaise: 0, feePaise: 0, netPaise: 0, feeGstPaise: 0, payoutPaise: 0, refundsCount: 0, refundPaise: 0 };

/** The days from `start` to `end` in order, each with its figures or zeros (at most 92 days). */
export function fillDays(days: readonly RevenueDay[], start: string, end: string): RevenueDay[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const out: RevenueDay[] = [];
  const cursor = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  while (cursor <= last && out.length < 92) {
    const key = cursor.toISOString().slice(0, 10);
    out.push(byDay.get(key) ?? { day: key, ...EMPTY_DAY });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return out;
}

const HEIGHT = 220;
const TOP = 16;
const BOTTOM = 28;
const LEFT = 44;
const BAR_GAP = 0.28;

/** A rounded-up axis maximum with 4 even steps: 1, 2, 2.5 or 5 × 10^n per step. */
export function niceMax(value: number): number {
  if (value <= 0) return 4;
  const step = value / 4;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].find((m) => m * power >= step) ?? 10;
  return nice * power * 4;
}

/**
 * Revenue by day as bars: the full bill total, with the part that reaches the outlet (net) drawn
 * solid inside it. Days run left to right; the best day is marked. A table with the same figures
 * follows for screen readers.
 */
export function RevenueChart({ days, start, end }: RevenueChartProps) {
  const { t } = useLingui();
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const first = start ?? sorted[0]?.day;
  const last = end ?? sorted.at(-1)?.day;
  const ordered = first && last && first <= last ? fillDays(sorted, first, last) : sorted;
  // Drawn at the box's real width, so labels keep their size on a phone and on a desktop.
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setBoxWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = Math.max(280, boxWidth);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const max = niceMax(Math.max(0, ...ordered.map((day) => Math.max(day.billPaise, day.payoutPaise))));
  const slot = (width - LEFT - 8) / Math.max(1, ordered.length);
  const barWidth = Math.min(40, slot * (1 - BAR_GAP));
  const y = (paise: number) => TOP + plotHeight - (paise / max) * plotHeight;
  const best = ordered.reduce<RevenueDay | null>((top, day) => (top === null || day.billPaise > top.billPaise ? day : top), null);
  // A date label every ~64 px, counted back from the last (newest) day.
  const labelEvery = Math.max(1, Math.ceil(ordered.length / Math.max(1, Math.floor((width - LEFT) / 64))));
  const bestDay = best ? formatDayMonth(best.day) : '';
  const bestBills = best ? formatRupeesExact(best.billPaise) : '';
  const bestOrders = best?.ordersCount ?? 0;
  const barTitle = (day: RevenueDay) => {
    const date = formatDayMonth(day.day);
    const bills = formatRupeesExact(day.billPaise);
    const net = formatRupeesExact(day.payoutPaise);
    const orders = day.ordersCount;
    return t`${date}: bills ${bills}, net ${net}, ${plural(orders, { one: '# order', other: '# orders' })}`;
  };

  return (
    <figure className="revenue-chart">
      <div className="revenue-chart__legend" aria-hidden="true">
        <span className="revenue-chart__key revenue-chart__key--bill">
          <Trans>Bill total</Trans>
        </span>
        <span className="revenue-chart__key revenue-chart__key--net">
          <Trans>Net to you</Trans>
        </span>
      </div>
      <div ref={box} className="revenue-chart__box">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} className="revenue-chart__svg" role="img" aria-label={t`Revenue by day`}>
        {[0, 1, 2, 3, 4].map((step) => {
          const value = (max / 4) * step;
          return (
            <g key={step}>
              <line x1={LEFT} x2={width - 4} y1={y(value)} y2={y(value)} className="revenue-chart__grid" />
              <text x={LEFT - 6} y={y(value) + 4} textAnchor="end" className="revenue-chart__axis">
                {formatRupeesCompact(value)}
              </text>
            </g>
          );
        })}
        {ordered.map((day, index) => {
          const x = LEFT + index * slot + (slot - barWidth) / 2;
          const isBest = best !== null && day === best && day.billPaise > 0;
          return (
            <g key={day.day}>
              <title>{barTitle(day)}</title>
              <rect x={x} y={y(day.billPaise)} width={barWidth} height={Math.max(0, y(0) - y(day.billPaise))} rx={3} className="revenue-chart__bill" />
              <rect x={x} y={y(day.payoutPaise)} width={barWidth} height={Math.max(0, y(0) - y(day.payoutPaise))} rx={3} className="revenue-chart__net" />
              {isBest ? (
                <StarIcon x={x + barWidth / 2 - 6} y={y(day.billPaise) - 15} size={12} strokeWidth={2.5} className="revenue-chart__best" />
              ) : null}
              {(ordered.length - 1 - index) % labelEvery === 0 ? (
                <text
                  x={index === ordered.length - 1 ? Math.min(width - 2, x + barWidth / 2 + 18) : x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor={index === ordered.length - 1 ? 'end' : 'middle'}
                  className="revenue-chart__axis"
                >
                  {formatDayMonth(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      </div>
      {best && best.billPaise > 0 ? (
        <figcaption className="revenue-chart__caption">
          <StarIcon size={14} strokeWidth={2.5} className="revenue-chart__best" />{' '}
          <Trans>
            Best day: <strong>{bestDay}</strong> with {bestBills} in bills from <Plural value={bestOrders} one="# order" other="# orders" />.
          </Trans>
        </figcaption>
      ) : null}
      <table className="visually-hidden">
        <caption>
          <Trans>Revenue by day</Trans>
        </caption>
        <thead>
          <tr>
            <th>
              <Trans>Day</Trans>
            </th>
            <th>
              <Trans>Bill total</Trans>
            </th>
            <th>
              <Trans>Net to you</Trans>
            </th>
            <th>
              <Trans>Orders</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((day) => (
            <tr key={day.day}>
              <td>{formatDayMonth(day.day)}</td>
              <td>{formatRupeesExact(day.billPaise)}</td>
              <td>{formatRupeesExact(day.payoutPaise)}</td>
              <td>{formatCount(day.ordersCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
