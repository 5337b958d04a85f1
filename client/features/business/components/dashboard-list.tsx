import type { Key, ReactNode } from 'react';

/** The pieces the dashboard pages (coupons, revenue, settlement report) list their figures with. */

export type Stat = { label: string; value: ReactNode; accent?: boolean };

/** The headline figures above a dashboard's list; the accented one is what matters most. */
export function StatRow({ stats }: { stats: readonly Stat[] }) {
  return (
    <div className="stat-row">
      {stats.map((stat) => (
        <div key={stat.label} className={stat.accent ? 'stat stat--accent' : 'stat'}>
          <span className="stat__label">{stat.label}</span>
          <span className="stat__value">{stat.value}</span>
        </div>
      ))}
    </div>
  );
}

export type Column<Row> = { header: string; num?: boolean; cell: (row: Row) => ReactNode };

type DataTableProps<Row> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown on wide screens only (narrow ones get `RowCards`). */
  onlyWide?: boolean;
  /** A class for a row (e.g. a payment that just arrived). */
  rowClassName?: (row: Row) => string | undefined;
};

/** A dashboard's rows as a table; `num` columns are right-aligned figures. */
export function DataTable<Row>({ columns, rows, rowKey, onlyWide = false, rowClassName }: DataTableProps<Row>) {
  return (
    <div className={onlyWide ? 'data-table-wrap only-wide' : 'data-table-wrap'}>
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={column.num ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.num ? 'num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowCardsProps<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  title: (row: Row) => ReactNode;
  figure: (row: Row) => ReactNode;
  sub: (row: Row) => ReactNode;
  status: (row: Row) => ReactNode;
  /** Buttons under the card (e.g. Refund). */
  actions?: (row: Row) => ReactNode;
  rowClassName?: (row: Row) => string | undefined;
};

/** The same rows as cards, for narrow screens: title, figure, a line under it and the status. */
export function RowCards<Row>({ rows, rowKey, title, figure, sub, status, actions, rowClassName }: RowCardsProps<Row>) {
  return (
    <ul className="row-cards only-narrow">
      {rows.map((row) => (
        <li key={rowKey(row)} className={['row-card', rowClassName?.(row)].filter(Boolean).join(' ')}>
          <span className="row-card__title">{title(row)}</span>
          <span className="row-card__figure">{figure(row)}</span>
          <span className="row-card__sub">{sub(row)}</span>
          <span>{status(row)}</span>
          {actions ? <div className="row-card__actions">{actions(row)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** A row's state as a coloured badge (`status--paid`, `status--live`, …). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status status--${status}`}>{label}</span>;
}
