import { Trans } from '@lingui/react/macro';

/** "Table 7": the table whose QR the shopper scanned (issue 30), on the counter's rows, banner and receipt check. */
export function TableTag({ table }: { table: number | null }) {
  if (!table) return null;
  return (
    <span className="counter-table" data-testid="counter-table">
      <Trans>Table {table}</Trans>
    </span>
  );
}
