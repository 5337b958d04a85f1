import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Bill } from '@server/modules/bills/schema';
import { formatPercent, formatRupeesExact } from '@client/lib/format';

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
  const instantPercent = formatPercent(bill.instantDiscountPercent);
  const shufflePercent = formatPercent(bill.shuffleDiscountPercent);
  const gstPercent = formatPercent(bill.gstPercent);
  const couponCode = bill.coupon?.code;
  return (
    <dl className="breakdown" aria-label={t`Bill breakdown`}>
      <div className="breakdown__row">
        <dt>
          <Trans>Bill amount</Trans>
        </dt>
        <dd>{formatRupeesExact(bill.billPaise)}</dd>
      </div>
      {bill.instantDiscountPaise > 0 ? (
        <div className="breakdown__row breakdown__row--saving">
          <dt>
            <span>
              <Trans>Instant discount ({instantPercent})</Trans>
            </span>
            {offerName ? <span className="breakdown__note">{offerName}</span> : null}
          </dt>
          <dd>−{formatRupeesExact(bill.instantDiscountPaise)}</dd>
        </div>
      ) : null}
      {bill.shuffleDiscountPaise > 0 ? (
        <div className="breakdown__row breakdown__row--saving">
          <dt>
            <span>
              <Trans>Shuffle discount ({shufflePercent})</Trans>
            </span>
            {couponCode ? (
              <span className="breakdown__note">
                <Trans>Coupon {couponCode}</Trans>
              </span>
            ) : null}
          </dt>
          <dd>−{formatRupeesExact(bill.shuffleDiscountPaise)}</dd>
        </div>
      ) : null}
      <div className="breakdown__row">
        <dt>
          <span>
            <Trans>Convenience fee</Trans>
          </span>
          <button type="button" className="text-button" onClick={onExplainFees}>
            <Trans>What is this?</Trans>
          </button>
        </dt>
        <dd>{formatRupeesExact(bill.convenienceFeePaise)}</dd>
      </div>
      <div className="breakdown__row">
        <dt>
          <Trans>GST on the fee ({gstPercent})</Trans>
        </dt>
        <dd>{formatRupeesExact(bill.gstPaise)}</dd>
      </div>
      <div className="breakdown__row breakdown__row--total">
        <dt>
          <Trans>To pay</Trans>
        </dt>
        <dd data-testid="amount-to-pay">{formatRupeesExact(bill.amountPaise)}</dd>
      </div>
    </dl>
  );
}
