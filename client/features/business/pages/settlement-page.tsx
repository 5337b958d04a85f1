import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { SettlementStatement } from '@server/modules/dashboards/schema';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { messageOf } from '@client/lib/trpc-errors';
import { downloadFile, downloadPdf } from '@client/lib/download';
import { formatCount, formatDayMonth, formatRupeesExact } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { DataTable, RowCards, StatusBadge, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';
import { BizPage } from '../components/biz-page';
import { FormNotes } from '../components/form-notes';

const STATUS_LABELS = {
  open: msg({ message: 'Open', comment: 'A settlement day still running' }),
  pending: msg({ message: 'Pending', comment: 'A settlement waiting for the refund window to end' }),
  on_hold: msg({ message: 'On hold', comment: 'Money held in the outlet account until the refund window ends' }),
  settled: msg({ message: 'Settled', comment: 'A settlement paid to the bank' }),
} as const;
const periodOf = (row: SettlementStatement) =>
  row.periodStart === row.periodEnd ? (
    formatDayMonth(row.periodStart)
  ) : (
    <>
      {formatDayMonth(row.periodStart)} – {formatDayMonth(row.periodEnd)}
    </>
  );


/** 'YYYY-MM' of a date in India time. */
const monthOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(d).slice(0, 7);
/**
 * The statement month offered first: the month of the newest day with activity (the list is newest
 * first), else the current month (issue 28: the last month came first, often an empty ₹0 statement).
 */
export function defaultStatementMonth(newest: Pick<SettlementStatement, 'periodEnd'> | undefined, now: Date = new Date()): string {
  return newest ? newest.periodEnd.slice(0, 7) : monthOf(now);
}

/**
 * dashboard/settlement-report: a statement a day (pending → on hold → settled, with the UTR of the bank
 * transfer once paid), the CSV, and the monthly PDF statement with the tax invoice for the platform fee.
 */
export function SettlementPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const statusOf = ({ status, utr }: SettlementStatement) => (
    <>
      <StatusBadge status={status} label={i18n._(STATUS_LABELS[status])} />
      {utr ? <span className="utr" title={t`UTR of the bank transfer`}>{` ${t`UTR ${utr}`}`}</span> : null}
    </>
  );
  const columns: Column<SettlementStatement>[] = [
    { header: t`Day`, cell: periodOf },
    { header: t`Bills`, num: true, cell: (row) => formatCount(row.ordersCount) },
    { header: t`Gross`, num: true, cell: (row) => formatRupeesExact(row.grossPaise) },
    { header: t`Discounts`, num: true, cell: (row) => formatRupeesExact(row.discountPaise) },
    { header: t`Fee + GST`, num: true, cell: (row) => formatRupeesExact(row.feePaise + row.feeGstPaise) },
    { header: t`Refunds`, num: true, cell: (row) => formatRupeesExact(row.refundPaise) },
    { header: t`Payout`, num: true, cell: (row) => <strong>{formatRupeesExact(row.payoutPaise)}</strong> },
    { header: t`Status`, cell: statusOf },
  ];
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const query = trpc.dashboards.settlements.useQuery({ outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE }, { placeholderData: (previous) => previous });
  const firstPage = trpc.dashboards.settlements.useQuery({ outletId: id, offSet: 1, limit: DASHBOARD_PAGE_SIZE });
  const month = chosenMonth ?? defaultStatementMonth(firstPage.data?.data[0]);

  const exportCsv = async () => {
    setFileError(null);
    setBusy('csv');
    try {
      const file = await utils.dashboards.settlementCsv.fetch({ outletId: id }, { staleTime: 0 });
      downloadFile(file.filename, file.csv, 'text/csv;charset=utf-8');
    } catch (error) {
      setFileError(messageOf(error, t`Could not prepare the CSV. Please try again.`));
    } finally {
      setBusy(null);
    }
  };
  const exportPdf = async () => {
    setFileError(null);
    setBusy('pdf');
    try {
      downloadPdf(await utils.dashboards.statementPdf.fetch({ outletId: id, month }, { staleTime: 0 }));
    } catch (error) {
      setFileError(messageOf(error, t`Could not prepare the statement. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  return (
    <BizPage
      title={t`Settlement report · Dashboard · Bachat for Business`}
      description={t`Daily settlement statements for your outlet with their UTRs, a CSV and monthly PDF statements with the tax invoice.`}
      heading={t`Settlement report`}
      lead={t`A statement a day: what shoppers paid, the platform fee and its GST, refunds, and what reaches your bank. Pending → on hold (in your linked account until the 24-hour refund window ends) → settled, with the bank's UTR.`}
      actions={
        <div className="statement-pdf">
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy !== null}>
            {busy === 'csv' ? t`Preparing…` : t`Download CSV`}
          </Button>
          <label>
            <Trans>Month</Trans>
            <input type="month" value={month} max={monthOf(new Date())} onChange={(e) => setMonth(e.target.value)} aria-label={t`Statement month`} />
          </label>
          <Button variant="secondary" onClick={() => void exportPdf()} disabled={busy !== null || !/^\d{4}-\d{2}$/.test(month)}>
            {busy === 'pdf' ? t`Preparing…` : t`Monthly statement (PDF)`}
          </Button>
        </div>
      }
    >
      <FormNotes error={fileError} />
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
            <DataTable columns={columns} rows={settlements.data} rowKey={(row) => `${row.periodStart}:${row.periodEnd}`} onlyWide />
            <RowCards
              rows={settlements.data}
              rowKey={(row) => `${row.periodStart}:${row.periodEnd}`}
              title={periodOf}
              figure={(row) => formatRupeesExact(row.payoutPaise)}
              sub={(row) => {
                const bills = formatCount(row.ordersCount);
                const gross = formatRupeesExact(row.grossPaise);
                const fees = formatRupeesExact(row.feePaise + row.feeGstPaise);
                const refunds = formatRupeesExact(row.refundPaise);
                const utr = row.utr;
                return (
                  <>
                    {t`${bills} bills · gross ${gross} · fee + GST ${fees}`}
                    {row.refundPaise > 0 ? ` · ${t`refunds ${refunds}`}` : ''}
                    {utr ? <span className="utr">{` · ${t`UTR ${utr}`}`}</span> : null}
                  </>
                );
              }}
              status={(row) => <StatusBadge status={row.status} label={i18n._(STATUS_LABELS[row.status])} />}
            />
            <Pager total={settlements.total} page={page} noun={t`statements`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
