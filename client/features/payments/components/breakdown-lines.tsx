import type { Bill } from '@server/modules/bills/schema';
import { formatPercent, formatRupeesExact } from '@client/lib/format';

const OFFER_LABELS: Record<NonNullable<Bill['offer']>['source'], string> = {
  event: 'Event offer',
  daily: 'Daily offer',
  regular: 'Regular offer',
  day: "Today's discount",
  base: 'Instant discount',
};

/** The bill's lines exactly as the server computed them; the client adds nothing up. */
export function BreakdownLines({ bill, onExplainFees }: { bill: Bill; onExplainFees: () => void }) {
  // The base discount is just "Instant discount": only a named or scheduled offer gets a second line.
  const offerName =
    bill.offer && bill.offer.source !== 'base' ? (bill.offer.title ?? OFFER_LABELS[bill.offer.source]) : null;
  return (
    <dl className="breakdown" aria-label="Bill breakdown">
      <div className="breakdown__row">
        <dt>Bill amount</dt>
        <dd>{formatRupeesExact(bill.billPaise)}</dd>
      </div>

      {bill.instantDiscountPaise > 0 ? (
        <div className="breakdown__row breakdown__row--saving">
          <dt>
            <span>Instant discount ({formatPercent(bill.instantDiscountPercent)})</span>
            {offerName ? <span className="breakdown__note">{offerName}</span> : null}
          </dt>
          <dd>−{formatRupeesExact(bill.instantDiscountPaise)}</dd>
        </div>
      ) : null}

      {bill.shuffleDiscountPaise > 0 ? (
        <div className="breakdown__row breakdown__row--saving">
          <dt>
            <span>Shuffle discount ({formatPercent(bill.shuffleDiscountPercent)})</span>
            {bill.coupon ? <span className="breakdown__note">Coupon {bill.coupon.code}</span> : null}
          </dt>
          <dd>−{formatRupeesExact(bill.shuffleDiscountPaise)}</dd>
        </div>
      ) : null}

      <div className="breakdown__row">
        <dt>
          <span>Convenience fee</span>
          <button type="button" className="text-button" onClick={onExplainFees}>
            What is this?
          </button>
        </dt>
        <dd>{formatRupeesExact(bill.convenienceFeePaise)}</dd>
      </div>

      <div className="breakdown__row">
        <dt>GST on the fee ({formatPercent(bill.gstPercent)})</dt>
        <dd>{formatRupeesExact(bill.gstPaise)}</dd>
      </div>

      <div className="breakdown__row breakdown__row--total">
        <dt>To pay</dt>
        <dd data-testid="amount-to-pay">{formatRupeesExact(bill.amountPaise)}</dd>
      </div>
    </dl>
  );
}
