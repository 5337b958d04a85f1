import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { SettlementStatement } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { messageOf } from '@client/lib/trpc-errors';
import { formatCount, formatDayMonth, formatRupeesExact } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { DataTable, RowCards, StatusBadge, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';
import { BizPage } from '../components/biz-page';
import { FormNotes } from '../components/form-notes';

const STATUS_LABELS = {
  open: msg({ message: 'Open', comment: 'A settlement week still running' }),
  pending: msg({ message: 'Pending', comment: 'A settlement waiting to be paid' }),
  processing: msg({ message: 'Processing', comment: 'A settlement being paid out' }),
  paid: msg({ message: 'Paid', comment: 'A settlement paid to the bank' }),
} as const;
const periodOf = (row: SettlementStatement) => `${formatDayMonth(row.periodStart)} – ${formatDayMonth(row.periodEnd)}`;

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
  const { t, i18n } = useLingui();
  const statusBadge = (row: SettlementStatement) => <StatusBadge status={row.status} label={i18n._(STATUS_LABELS[row.status])} />;
  const columns: Column<SettlementStatement>[] = [
    { header: t`Period`, cell: periodOf },
    { header: t`Orders`, num: true, cell: (row) => formatCount(row.ordersCount) },
    { header: t`Gross`, num: true, cell: (row) => formatRupeesExact(row.grossPaise) },
    { header: t`Discounts`, num: true, cell: (row) => formatRupeesExact(row.discountPaise) },
    { header: t`Fees`, num: true, cell: (row) => formatRupeesExact(row.feePaise) },
    { header: t({ message: 'Net', comment: 'Revenue after discounts and fees' }), num: true, cell: (row) => <strong>{formatRupeesExact(row.netPaise)}</strong> },
    {
      header: t`Status`,
      cell: (row) => (
        <>
          {statusBadge(row)}
          {row.reference ? <span className="muted">{` · ${row.reference}`}</span> : null}
        </>
      ),
    },
  ];
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
      setCsvError(messageOf(error, t`Could not prepare the CSV. Please try again.`));
    } finally {
      setExporting(false);
    }
  };

  return (
    <BizPage
      title={t`Settlement report · Dashboard · Bachat for Business`}
      description={t`Weekly settlement statements for your outlet, with a CSV download.`}
      heading={t`Settlement report`}
      lead={t`One statement a week, Monday to Sunday: what shoppers paid, the discounts, the fees and what reaches your bank.`}
      actions={
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t`Preparing…` : t`Download CSV`}
        </Button>
      }
    >
      <FormNotes error={csvError} />
      <QueryState
        query={query}
        loadingLabel={t`Loading settlements`}
        errorMessage={(error) => messageOf(error, t`We couldn't load the settlements.`)}
        isEmpty={(settlements) => settlements.data.length === 0}
        empty={
          <p className="biz-empty">
            <Trans>No settlements yet. The first statement appears after your first paid bill.</Trans>
          </p>
        }
      >
        {(settlements) => (
          <>
            <DataTable columns={columns} rows={settlements.data} rowKey={(row) => row.periodStart} onlyWide />
            <RowCards
              rows={settlements.data}
              rowKey={(row) => row.periodStart}
              title={periodOf}
              figure={(row) => formatRupeesExact(row.netPaise)}
              sub={(row) => {
                const gross = formatRupeesExact(row.grossPaise);
                const fees = formatRupeesExact(row.feePaise);
                return t`Gross ${gross} · fees ${fees}`;
              }}
              status={statusBadge}
            />
            <Pager total={settlements.total} page={page} noun={t`statements`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
