import { useId, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { formatPercent, formatRupees } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { InfoIcon } from '../components/info-icon';
import { LoginPrompt } from '../components/login-prompt';
import { OutletHeading } from '../components/outlet-heading';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { breakdownHref } from '../lib/links';
import { checkBillAmount, cleanAmountInput, displayAmountInput } from '../lib/money';
import '@client/styles/payments.css';

const QUICK_AMOUNTS_PAISE = [500_00, 1_000_00, 2_000_00] as const;

/** /enter-amount/{outletId}: the shopper types the final bill; the breakdown comes from the server. */
export function EnterAmountPage() {
  const params = useParams<{ outletId: string }>();
  const outletId = Number(params.outletId);
  const gate = useShopperGate();

  if (!Number.isInteger(outletId) || outletId <= 0) return <OutletMissing />;
  if (gate.isLoading) return <PageLoader />;
  if (!gate.isLoggedIn) {
    return (
      <div className="pay-page">
        <title>Pay your bill · Bachat</title>
        <LoginPrompt onLogin={gate.openLogin} />
      </div>
    );
  }
  return <EnterAmount outletId={outletId} />;
}

function OutletMissing() {
  return (
    <div className="pay-page">
      <title>Outlet not found · Bachat</title>
      <div className="pay-card">
        <h1 className="pay-title">We couldn&rsquo;t find this outlet</h1>
        <p className="pay-subtitle">Open the outlet from the home page and tap Pay Bill again.</p>
      </div>
    </div>
  );
}

function EnterAmount({ outletId }: { outletId: number }) {
  const [, navigate] = useLocation();
  const ids = { input: useId(), hint: useId(), error: useId() };
  const outlet = trpc.outlets.byId.useQuery({ outletId }, { staleTime: 60_000 });
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const check = checkBillAmount(amount);
  const showError = touched && !check.ok && amount !== '' ? check.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!check.ok) return;
    navigate(breakdownHref(outletId, amount));
  }

  const describedBy = [ids.hint, showError ? ids.error : null].filter(Boolean).join(' ');

  return (
    <QueryState
      query={outlet}
      loading={<PageLoader />}
      errorView={(error, retry) =>
        errorCode(error) === 'NOT_FOUND' ? (
          <OutletMissing />
        ) : (
          <div className="pay-page">
            <InlineError message="Error fetching outlet Details" onRetry={retry} retrying={outlet.isFetching} />
          </div>
        )
      }
    >
      {({ name, liveOffer: offer }) => (
        <div className="pay-page">
          <title>{`Pay your bill at ${name} · Bachat`}</title>
          <meta
            name="description"
            content={`Enter your final bill at ${name} and get an instant discount when you pay with Bachat.`}
          />

          <form className="pay-card" onSubmit={submit} noValidate>
            <OutletHeading name={name} />

            {offer ? (
              <p className="offer-pill">
                <span aria-hidden="true">⚡</span> {formatPercent(offer.discountPercent)} instant discount live now
              </p>
            ) : (
              <p className="offer-pill offer-pill--none">No instant discount is live right now; Shuffle Cards may still unlock one.</p>
            )}

            <div className="amount-field">
              <label htmlFor={ids.input} className="amount-field__label">
                Enter the final bill amount
              </label>
              <div className="amount-field__box" data-invalid={showError ? 'true' : undefined}>
                <span className="amount-field__currency" aria-hidden="true">
                  ₹
                </span>
                <input
                  id={ids.input}
                  className="amount-field__input"
                  inputMode="decimal"
                  autoComplete="off"
                  enterKeyHint="next"
                  placeholder="0"
                  autoFocus
                  value={displayAmountInput(amount)}
                  aria-describedby={describedBy}
                  aria-invalid={showError ? true : undefined}
                  onChange={(event) => {
                    setAmount(cleanAmountInput(event.target.value));
                  }}
                  onBlur={() => setTouched(true)}
                />
              </div>
              <p id={ids.hint} className="amount-field__hint">
                {check.ok && check.paise !== null
                  ? `You entered ${formatRupees(check.paise)}. Your discount is worked out on the next screen.`
                  : 'As printed on the outlet’s bill, taxes included.'}
              </p>
              {showError ? (
                <p id={ids.error} className="amount-field__error" role="alert">
                  {showError}
                </p>
              ) : null}
            </div>

            {check.notice ? (
              <p className="pay-notice" role="status">
                <InfoIcon /> {check.notice}
              </p>
            ) : null}

            <div className="quick-amounts" aria-label="Quick amounts" role="group">
              {QUICK_AMOUNTS_PAISE.map((paise) => (
                <button
                  key={paise}
                  type="button"
                  className="quick-amounts__chip"
                  onClick={() => {
                    setAmount(String(paise / 100));
                    setTouched(true);
                  }}
                >
                  {formatRupees(paise)}
                </button>
              ))}
            </div>

            <Button type="submit" className="pay-cta" disabled={!check.ok}>
              Continue
            </Button>
          </form>
          <p className="pay-secure">
            <span aria-hidden="true">🔒</span> You see the full breakdown before you pay.
          </p>
        </div>
      )}
    </QueryState>
  );
}
