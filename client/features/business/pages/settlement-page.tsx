import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { SettlementStatement } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { messageOf } from '@client/lib/trpc-errors';
import { formatDayMonth, formatRupees } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { DataTable, RowCards, StatusBadge, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';
import { BizPage } from '../components/biz-page';
import { FormNotes } from '../components/form-notes';

const STATUS_LABELS = { open: 'Open', pending: 'Pending', processing: 'Processing', paid: 'Paid' } as const;
const statusBadge = (row: SettlementStatement) => <StatusBadge status={row.status} label={STATUS_LABELS[row.status]} />;
const periodOf = (row: SettlementStatement) => (
  <>
    {formatDayMonth(row.periodStart)} – {formatDayMonth(row.periodEnd)}
  </>
);

const COLUMNS: Column<SettlementStatement>[] = [
  { header: 'Period', cell: periodOf },
  { header: 'Orders', num: true, cell: (row) => row.ordersCount },
  { header: 'Gross', num: true, cell: (row) => formatRupees(row.grossPaise) },
  { header: 'Discounts', num: true, cell: (row) => formatRupees(row.discountPaise) },
  { header: 'Fees', num: true, cell: (row) => formatRupees(row.feePaise) },
  { header: 'Net', num: true, cell: (row) => <strong>{formatRupees(row.netPaise)}</strong> },
  {
    header: 'Status',
    cell: (row) => (
      <>
        {statusBadge(row)}
        {row.reference ? <span className="muted"> · {row.reference}</span> : null}
      </>
    ),
  },
];

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
            <DataTable columns={COLUMNS} rows={settlements.data} rowKey={(row) => row.periodStart} onlyWide />
            <RowCards
              rows={settlements.data}
              rowKey={(row) => row.periodStart}
              title={periodOf}
              figure={(row) => formatRupees(row.netPaise)}
              sub={(row) => (
                <>
                  Gross {formatRupees(row.grossPaise)} · fees {formatRupees(row.feePaise)}
                </>
              )}
              status={statusBadge}
            />
            <Pager total={settlements.total} page={page} noun="statements" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
