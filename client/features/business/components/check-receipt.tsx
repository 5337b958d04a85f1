import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Field, fieldAria } from '@client/components/ui/field';
import { formatDateTime, formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { errorCode, fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { STATUS_LABELS } from '../lib/counter';
import { TableTag } from './table-tag';
import { StatusBadge } from './dashboard-list';

/**
 * "Check a receipt": staff type the 6-digit verification code or the receipt id the shopper shows;
 * a paid bill at this outlet answers with its amount, time and the shopper's first name, anything else
 * with a clear no-match.
 */
export function CheckReceipt({ outletId }: { outletId: number }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const query = trpc.counter.verify.useQuery({ outletId, code: asked ?? '' }, { enabled: asked !== null, retry: false, staleTime: 0 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (!code) return;
    if (code === asked) void query.refetch();
    setAsked(code);
  };
  const code = query.isError ? errorCode(query.error) : undefined;
  const fieldError = code === 'BAD_REQUEST' ? (fieldErrorsOf(query.error).code ?? messageOf(query.error, '')) : undefined;
  const settled = asked !== null && !query.isFetching;
  const match = settled ? query.data : undefined;
  const refunded = match && match.refundedPaise > 0 ? formatRupeesExact(match.refundedPaise) : null;

  return (
    <section className="biz-card check-receipt" aria-labelledby="check-receipt-title">
      <h2 id="check-receipt-title" className="biz-card__title">
        <Trans>Check a receipt</Trans>
      </h2>
      <form className="check-receipt__form" onSubmit={submit} noValidate>
        <Field
          id="check-code"
          label={t`Verification code or receipt ID`}
          error={fieldError}
          alert={false}
          hint={
            <p className="field__hint">
              <Trans>The 6 digits or the BCH-… id on the shopper's screen</Trans>
            </p>
          }
        >
          <input
            id="check-code"
            className="field__input check-receipt__input"
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t({ message: "482913 or BCH-7K2M9QXA", comment: "Examples of a verification code and a receipt id" })}
            {...fieldAria('check-code', fieldError)}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={!text.trim() || query.isFetching}>
          {query.isFetching ? t`Checking…` : t`Check`}
        </Button>
      </form>
      <div aria-live="polite">
        {match ? (
          <div className="check-receipt__result check-receipt__result--match" data-testid="receipt-match">
            <p className="check-receipt__verdict">
              <Trans>Match: paid at this outlet</Trans>
            </p>
            <dl className="check-receipt__facts">
              <div>
                <dt>
                  <Trans>Amount paid</Trans>
                </dt>
                <dd className="check-receipt__amount">{formatRupeesExact(match.amountPaise)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Paid</Trans>
                </dt>
                <dd>{formatDateTime(match.paidAt)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Shopper</Trans>
                </dt>
                <dd>{match.shopperFirstName ?? '—'}</dd>
              </div>
              {match.tableNumber ? (
                <div>
                  <dt>
                    <Trans>Table</Trans>
                  </dt>
                  <dd>
                    <TableTag table={match.tableNumber} />
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>
                  <Trans>Receipt · code</Trans>
                </dt>
                <dd className="check-receipt__mono">
                  {match.receiptCode} · {match.verificationCode}
                </dd>
              </div>
            </dl>
            <p>
              <StatusBadge status={match.status} label={i18n._(STATUS_LABELS[match.status])} />
              {refunded ? (
                <span className="muted">
                  {' '}
                  <Trans>{refunded} refunded</Trans>
                </span>
              ) : null}
            </p>
          </div>
        ) : null}
        {settled && code === 'NOT_FOUND' ? (
          <div className="check-receipt__result check-receipt__result--none" role="alert" data-testid="receipt-no-match">
            <p className="check-receipt__verdict">
              <Trans>No match for {asked}</Trans>
            </p>
            <p className="muted">
              {messageOf(query.error, t`No paid bill at this outlet matches this code`)}. <Trans>Ask the shopper to show the receipt again.</Trans>
            </p>
          </div>
        ) : null}
        {settled && query.isError && code !== 'NOT_FOUND' && code !== 'BAD_REQUEST' ? (
          <p className="biz-form__error" role="alert">
            {messageOf(query.error, t`We could not check this receipt. Please try again.`)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
