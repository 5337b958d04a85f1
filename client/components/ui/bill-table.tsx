import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { BillAmounts } from '@server/modules/bills/schema';
import { formatPercent, formatRupeesExact } from '@client/lib/format';
import { useLocale } from '@client/lib/i18n';
import '@client/styles/bill.css';

/** A bill's figures as the server sent them, integer paise: the table adds nothing up (docs/payments.md). */
export type BillFigures = Pick<
  BillAmounts,
  'billPaise' | 'instantDiscountPaise' | 'shuffleDiscountPaise' | 'convenienceFeePaise' | 'gstPaise' | 'amountPaise'
> &
  Partial<Pick<BillAmounts, 'subtotalPaise'>>;

/** The percents the server sent with the figures; a line shows its percent only when it is given. */
export interface BillPercents {
  instant?: number;
  shuffle?: number;
  fee?: number;
  gst?: number;
}

export interface BillTableProps {
  figures: BillFigures;
  percents?: BillPercents;
  /**
   * Where the lines start: `bill` (bill amount, then the discounts) or `subtotal` (the amount after
   * discounts, then the fee: the convenience-fee sheet; needs `figures.subtotalPaise`).
   */
  from?: 'bill' | 'subtotal';
  /** A second, smaller line under the instant discount (the offer's name). */
  instantNote?: ReactNode;
  /** The Shuffle coupon's code, named under the Shuffle discount. */
  couponCode?: string | null;
  /** Shows "What is this?" beside the convenience fee. */
  onExplainFees?: () => void;
  /** The last figure's line: before paying ("To pay", "You pay") or on a receipt ("Amount paid"); none without. */
  total?: 'toPay' | 'youPay' | 'paid';
  /** Rows before the figures and after them (`BillRow`s: outlet, date, receipt codes). */
  before?: ReactNode;
  after?: ReactNode;
  /** Extra class of the list (the screen's frame around it). */
  className?: string;
  'aria-label'?: string;
}

/**
 * The bill as a definition list, one component for every screen that shows one (issue 29): the
 * breakdown before paying, its convenience-fee sheet, the receipt and a past payment.
 */
export function BillTable({
  figures,
  percents = {},
  from = 'bill',
  instantNote,
  couponCode,
  onExplainFees,
  total,
  before,
  after,
  className,
  'aria-label': ariaLabel,
}: BillTableProps) {
  useLocale(); // the figures follow the language
  const instantPercent = percents.instant === undefined ? null : formatPercent(percents.instant);
  const shufflePercent = percents.shuffle === undefined ? null : formatPercent(percents.shuffle);
  const feePercent = percents.fee === undefined ? null : formatPercent(percents.fee);
  const gstPercent = percents.gst === undefined ? null : formatPercent(percents.gst);
  return (
    <dl className={className ? `breakdown ${className}` : 'breakdown'} aria-label={ariaLabel}>
      {before}
      {from === 'subtotal' ? (
        <BillRow label={<Trans>Amount after discounts</Trans>}>{formatRupeesExact(figures.subtotalPaise ?? 0)}</BillRow>
      ) : (
        <>
          <BillRow label={<Trans>Bill amount</Trans>}>{formatRupeesExact(figures.billPaise)}</BillRow>
          {figures.instantDiscountPaise > 0 ? (
            <BillRow
              saving
              label={instantPercent ? <Trans>Instant discount ({instantPercent})</Trans> : <Trans>Instant discount</Trans>}
              note={instantNote}
            >
              −{formatRupeesExact(figures.instantDiscountPaise)}
            </BillRow>
          ) : null}
          {figures.shuffleDiscountPaise > 0 ? (
            <BillRow
              saving
              label={shufflePercent ? <Trans>Shuffle discount ({shufflePercent})</Trans> : <Trans>Shuffle discount</Trans>}
              note={couponCode ? <Trans>Coupon {couponCode}</Trans> : null}
            >
              −{formatRupeesExact(figures.shuffleDiscountPaise)}
            </BillRow>
          ) : null}
        </>
      )}
      <BillRow
        label={feePercent ? <Trans>Convenience fee ({feePercent})</Trans> : <Trans>Convenience fee</Trans>}
        action={
          onExplainFees ? (
            <button type="button" className="text-button" onClick={onExplainFees}>
              <Trans>What is this?</Trans>
            </button>
          ) : null
        }
      >
        {formatRupeesExact(figures.convenienceFeePaise)}
      </BillRow>
      <BillRow label={gstPercent ? <Trans>GST on the fee ({gstPercent})</Trans> : <Trans>GST on the fee</Trans>}>
        {formatRupeesExact(figures.gstPaise)}
      </BillRow>
      {total ? (
        <BillRow
          total
          label={total === 'paid' ? <Trans>Amount paid</Trans> : total === 'youPay' ? <Trans>You pay</Trans> : <Trans>To pay</Trans>}
          testId={total === 'toPay' ? 'amount-to-pay' : undefined}
        >
          {formatRupeesExact(figures.amountPaise)}
        </BillRow>
      ) : null}
      {after}
    </dl>
  );
}

/** One line of a `BillTable`: a label (with an optional note under it) and its value. */
export function BillRow({
  label,
  note,
  action,
  children,
  saving = false,
  total = false,
  valueClassName,
  testId,
}: {
  label: ReactNode;
  /** A second, smaller line under the label. */
  note?: ReactNode;
  /** A control under the label (a "What is this?" button). */
  action?: ReactNode;
  children: ReactNode;
  /** A discount: the value in the saving colour. */
  saving?: boolean;
  /** The bill's last line, set apart. */
  total?: boolean;
  valueClassName?: string;
  testId?: string;
}) {
  const className = `breakdown__row${saving ? ' breakdown__row--saving' : ''}${total ? ' breakdown__row--total' : ''}`;
  return (
    <div className={className}>
      <dt>
        {note || action ? (
          <>
            <span>{label}</span>
            {note ? <span className="breakdown__note">{note}</span> : null}
            {action}
          </>
        ) : (
          label
        )}
      </dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
