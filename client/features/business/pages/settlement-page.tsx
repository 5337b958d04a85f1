import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { messageOf } from '@client/lib/trpc-errors';
import { formatDayMonth, formatRupees } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { Pager } from '../components/pager';
import { BizPage } from '../components/biz-page';
import { FormNotes } from '../components/form-notes';

const STATUS_LABELS = { open: 'Open', pending: 'Pending', processing: 'Processing', paid: 'Paid' } as const;

/** Saves text as a file in the browser (the settlement CSV). */
function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** dashboard/settlement-report: weekly statements (gross, discounts, fees, net, status) with CSV export. */
export function SettlementPage({ outletId }: BusinessPageProps) {
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const [csvError, setCsvError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = trpc.dashboards.settlements.useQuery({ outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE }, { placeholderData: (previous) => previous });

  const exportCsv = async () => {
    setCsvError(null);
    setExporting(true);
    try {
      const file = await utils.dashboards.settlementCsv.fetch({ outletId: id }, { staleTime: 0 });
      download(file.filename, file.csv);
    } catch (error) {
      setCsvError(messageOf(error, 'Could not prepare the CSV. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <BizPage
      title="Settlement report · Dashboard · Bachat for Business"
      description="Weekly settlement statements for your outlet, with a CSV download."
      heading="Settlement report"
      lead="One statement a week, Monday to Sunday: what shoppers paid, the discounts, the fees and what reaches your bank."
      actions={
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? 'Preparing…' : 'Download CSV'}
        </Button>
      }
    >
      <FormNotes error={csvError} />
      <QueryState
        query={query}
        loadingLabel="Loading settlements"
        errorMessage={(error) => messageOf(error, 'We couldn’t load the settlements.')}
        isEmpty={(settlements) => settlements.data.length === 0}
        empty={<p className="biz-empty">No settlements yet. The first statement appears after your first paid bill.</p>}
      >
        {(settlements) => (
          <>
            <div className="data-table-wrap only-wide">
              <table className="data-table">
                <thead>
                  <tr>
                    <th>Period</th>
                    <th className="num">Orders</th>
                    <th className="num">Gross</th>
                    <th className="num">Discounts</th>
                    <th className="num">Fees</th>
                    <th className="num">Net</th>
                    <th>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {settlements.data.map((row) => (
                    <tr key={row.periodStart}>
                      <td>
                        {formatDayMonth(row.periodStart)} – {formatDayMonth(row.periodEnd)}
                      </td>
                      <td className="num">{row.ordersCount}</td>
                      <td className="num">{formatRupees(row.grossPaise)}</td>
                      <td className="num">{formatRupees(row.discountPaise)}</td>
                      <td className="num">{formatRupees(row.feePaise)}</td>
                      <td className="num">
                        <strong>{formatRupees(row.netPaise)}</strong>
                      </td>
                      <td>
                        <span className={`status status--${row.status}`}>{STATUS_LABELS[row.status]}</span>
                        {row.reference ? <span className="muted"> · {row.reference}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="row-cards only-narrow">
              {settlements.data.map((row) => (
                <li key={row.periodStart} className="row-card">
                  <span className="row-card__title">
                    {formatDayMonth(row.periodStart)} – {formatDayMonth(row.periodEnd)}
                  </span>
                  <span className="row-card__figure">{formatRupees(row.netPaise)}</span>
                  <span className="row-card__sub">
                    Gross {formatRupees(row.grossPaise)} · fees {formatRupees(row.feePaise)}
                  </span>
                  <span>
                    <span className={`status status--${row.status}`}>{STATUS_LABELS[row.status]}</span>
                  </span>
                </li>
              ))}
            </ul>
            <Pager total={settlements.total} page={page} noun="statements" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
