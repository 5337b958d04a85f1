import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { CounterPayment, RefundResult } from '@server/modules/counter/schema';
import { Button } from '@client/components/ui/button';
import { Field, fieldAria } from '@client/components/ui/field';
import { Sheet } from '@client/components/ui/sheet';
import { formatDateTime, formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { newRefundKey, rupeesToPaise } from '../lib/counter';

type RefundDialogProps = {
  outletId: number;
  payment: CounterPayment;
  onClose: () => void;
  onRefunded: (result: RefundResult) => void;
};

/**
 * Refund a payment, fully or in part, with a reason (the shopper sees it). One idempotency key per
 * opened dialog: a double tap or a retry after a dropped connection refunds once.
 */
export function RefundDialog({ outletId, payment, onClose, onRefunded }: RefundDialogProps) {
  const { t } = useLingui();
  const [key] = useState(newRefundKey);
  // Every opening starts afresh on "Everything left" (issue 28: it reopened on "Part of it" with an
  // empty amount after a partial refund).
  const [mode, setMode] = useState<'full' | 'part'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [localErrors, setLocalErrors] = useState<{ amount?: string; reason?: string }>({});
  const refund = trpc.counter.refund.useMutation({ onSuccess: onRefunded });
  const left = payment.refundablePaise;
  const serverErrors = refund.error ? fieldErrorsOf(refund.error) : {};
  const amountError = localErrors.amount ?? serverErrors.amountPaise;
  const reasonError = localErrors.reason ?? serverErrors.reason;
  const typed = rupeesToPaise(amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof localErrors = {};
    if (mode === 'part') {
      const most = formatRupeesExact(left);
      if (typed === null || typed < 100) errors.amount = t`Enter an amount in rupees, at least ₹1.00 (e.g. 455.31)`;
      else if (typed > left) errors.amount = t`At most ${most} can be refunded`;
    }
    if (reason.trim().length < 3) errors.reason = t`Say why, in a few words (the shopper sees it)`;
    setLocalErrors(errors);
    if (Object.keys(errors).length) return;
    refund.mutate({ outletId, receiptId: payment.receiptCode, amountPaise: mode === 'full' ? null : typed, reason: reason.trim(), idempotencyKey: key });
  };

  const leftText = formatRupeesExact(left);
  const typedText = typed !== null && typed > 0 ? formatRupeesExact(typed) : null;
  const confirmLabel = mode === 'full' ? t`Refund ${leftText}` : typedText ? t`Refund ${typedText}` : t`Refund`;
  const generalError = refund.error && !serverErrors.amountPaise && !serverErrors.reason ? messageOf(refund.error, t`The refund did not go through. Please try again.`) : null;
  const paidText = formatRupeesExact(payment.amountPaise);
  const paidAt = formatDateTime(payment.paidAt);

  return (
    <Sheet title={t`Refund a payment`} onClose={onClose} className="refund-sheet">
      <form className="biz-form refund-form" onSubmit={submit} noValidate>
        <dl className="refund-form__facts">
          <div>
            <dt>
              <Trans>Receipt</Trans>
            </dt>
            <dd className="check-receipt__mono">{payment.receiptCode}</dd>
          </div>
          <div>
            <dt>
              <Trans>Paid</Trans>
            </dt>
            <dd>
              {paidText} · {paidAt}
            </dd>
          </div>
          {payment.refundedPaise > 0 ? (
            <div>
              <dt>
                <Trans>Already refunded</Trans>
              </dt>
              <dd>{formatRupeesExact(payment.refundedPaise)}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Trans>Refundable until</Trans>
            </dt>
            <dd>{formatDateTime(payment.refundableUntil)}</dd>
          </div>
        </dl>

        <fieldset className="refund-form__choice">
          <legend className="field__label">
            <Trans>How much</Trans>
          </legend>
          <label className="refund-form__option">
            <input type="radio" name="refund-mode" checked={mode === 'full'} onChange={() => setMode('full')} />
            <span>
              <Trans>
                Everything left: <strong>{leftText}</strong>
              </Trans>
            </span>
          </label>
          <label className="refund-form__option">
            <input type="radio" name="refund-mode" checked={mode === 'part'} onChange={() => setMode('part')} />
            <span>
              <Trans>Part of it</Trans>
            </span>
          </label>
        </fieldset>
        {mode === 'part' ? (
          <Field
            id="refund-amount"
            label={t`Amount to refund (₹)`}
            error={amountError}
            alert={false}
            hint={
              <p className="field__hint">
                <Trans>Up to {leftText}</Trans>
              </p>
            }
          >
            <input
              id="refund-amount"
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              placeholder="0.00"
              {...fieldAria('refund-amount', amountError)}
              onChange={(event) => setAmount(event.target.value)}
            />
          </Field>
        ) : null}
        <Field
          id="refund-reason"
          label={t({ message: 'Reason', comment: 'Why the outlet refunds a payment' })}
          error={reasonError}
          alert={false}
          hint={
            <p className="field__hint">
              <Trans>The shopper sees this with the refund.</Trans>
            </p>
          }
        >
          <textarea
            id="refund-reason"
            className="field__textarea"
            rows={2}
            maxLength={200}
            value={reason}
            placeholder={t`e.g. One item was out of stock`}
            {...fieldAria('refund-reason', reasonError)}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {generalError ? (
          <p className="biz-form__error" role="alert">
            {generalError}
          </p>
        ) : null}
        <p className="muted refund-form__note">
          <Trans>The money goes back to the shopper's bank through the payment provider. They see the refund on their receipt, and get an SMS if their SMS alerts are on.</Trans>
        </p>
        <div className="biz-row-actions">
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? t`Refunding…` : confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
