import { Trans } from '@lingui/react/macro';
import type { GroupBillQuote } from '@server/modules/group-bills/schema';
import { BillRow } from '@client/components/ui/bill-table';
import { formatPercent, formatRupeesExact } from '@client/lib/format';
import { useLocale } from '@client/lib/i18n';

/**
 * A group bill's lines (the split's preview and the group's page): the bill, the outlet's discount on
 * the whole of it, and what the shares add up to, as the server computed them.
 */
export function GroupBillLines({
  bill,
  totalTestId,
}: {
  bill: Pick<GroupBillQuote, 'billPaise' | 'instantDiscountPercent' | 'instantDiscountPaise' | 'totalPaise'>;
  totalTestId?: string;
}) {
  useLocale(); // the figures follow the language
  const percent = formatPercent(bill.instantDiscountPercent);
  return (
    <dl className="breakdown">
      <BillRow label={<Trans>Bill amount</Trans>}>{formatRupeesExact(bill.billPaise)}</BillRow>
      {bill.instantDiscountPaise > 0 ? (
        <BillRow saving label={<Trans>Instant discount ({percent})</Trans>}>
          −{formatRupeesExact(bill.instantDiscountPaise)}
        </BillRow>
      ) : null}
      <BillRow total label={<Trans>Together you pay</Trans>} testId={totalTestId}>
        {formatRupeesExact(bill.totalPaise)}
      </BillRow>
    </dl>
  );
}
