import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Bill } from '@server/modules/bills/schema';
import { BillTable } from '@client/components/ui/bill-table';

const OFFER_LABELS: Record<NonNullable<Bill['offer']>['source'], MessageDescriptor> = {
  event: msg`Event offer`,
  daily: msg`Daily offer`,
  regular: msg`Regular offer`,
  day: msg`Today's discount`,
  base: msg`Instant discount`,
};

/** The bill's lines exactly as the server computed them; the client adds nothing up. */
export function BreakdownLines({ bill, onExplainFees }: { bill: Bill; onExplainFees: () => void }) {
  const { i18n, t } = useLingui();
  // The base discount is just "Instant discount": only a named or scheduled offer gets a second line.
  const offerName =
    bill.offer && bill.offer.source !== 'base' ? (bill.offer.title ?? i18n._(OFFER_LABELS[bill.offer.source])) : null;
  return (
    <BillTable
      figures={bill}
      percents={{ instant: bill.instantDiscountPercent, shuffle: bill.shuffleDiscountPercent, gst: bill.gstPercent }}
      instantNote={offerName}
      couponCode={bill.coupon?.code}
      onExplainFees={onExplainFees}
      total="toPay"
      aria-label={t`Bill breakdown`}
    />
  );
}
