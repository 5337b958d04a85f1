import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { tableFromQuery } from '@server/modules/pay-links/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { FlashIcon, LockIcon } from '@client/components/ui/icons';
import { PageLoader } from '@client/components/ui/spinner';
import { formatPercent, formatRupeesExact, formatRupeesWhole } from '@client/lib/format';
import { validationMessage } from '@client/lib/validation';
import { trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { InfoIcon } from '../components/info-icon';
import { LoginPrompt } from '../components/login-prompt';
import { OutletHeading } from '../components/outlet-heading';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { breakdownHref } from '../lib/links';
import { checkBillAmount } from '../lib/money';
import { AmountField } from '../components/amount-field';
import '@client/styles/payments.css';

const QUICK_AMOUNTS_PAISE = [500_00, 1_000_00, 2_000_00] as const;

/** /enter-amount/{outletId}: the shopper types the final bill; the breakdown comes from the server. */
export function EnterAmountPage() {
  const { t } = useLingui();
  const params = useParams<{ outletId: string }>();
  const outletId = Number(params.outletId);
  const gate = useShopperGate();

  if (!Number.isInteger(outletId) || outletId <= 0) return <OutletMissing />;
  if (gate.isLoading) return <PageLoader />;
  if (!gate.isLoggedIn) {
    return (
      <div className="pay-page">
        <title>{t`Pay your bill · Bachat`}</title>
        <LoginPrompt onLogin={gate.openLogin} />
      </div>
    );
  }
  return <EnterAmount outletId={outletId} />;
}

function OutletMissing() {
  const { t } = useLingui();
  return (
    <div className="pay-page">
      <title>{t`Outlet not found · Bachat`}</title>
      <div className="pay-card">
        <h1 className="pay-title">
          <Trans>We couldn't find this outlet</Trans>
        </h1>
        <p className="pay-subtitle">
          <Trans>Open the outlet from the home page and tap Pay Bill again.</Trans>
        </p>
      </div>
    </div>
  );
}

function EnterAmount({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  // The table of a table QR (`/p/{code}?t=7`), carried to the order.
  const table = tableFromQuery(search.get('t'));
  const outlet = trpc.outlets.byId.useQuery({ outletId }, { staleTime: 60_000 });
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const check = checkBillAmount(amount);
  const showError = touched && !check.ok && amount !== '' && check.error ? validationMessage(check.error) : null;
  const entered = check.ok && check.paise !== null ? formatRupeesExact(check.paise) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!check.ok) return;
    navigate(breakdownHref(outletId, amount, undefined, table));
  }


  return (
    <QueryState
      query={outlet}
      loading={<PageLoader />}
      errorView={(error, retry) =>
        errorCode(error) === 'NOT_FOUND' ? (
          <OutletMissing />
        ) : (
          <div className="pay-page">
            <InlineError message={t`We couldn't load this outlet.`} onRetry={retry} retrying={outlet.isFetching} />
          </div>
        )
      }
    >
      {({ name, liveOffer: offer }) => (
        <div className="pay-page">
          <title>{t`Pay your bill at ${name} · Bachat`}</title>
          <meta name="description" content={t`Enter your final bill at ${name} and get an instant discount when you pay with Bachat.`} />

          <form className="pay-card" onSubmit={submit} noValidate>
            <OutletHeading name={name} />
            {table ? (
              <p className="pay-table" data-testid="pay-table">
                <Trans>Table {table}</Trans>
              </p>
            ) : null}

            {offer ? (
              <p className="offer-pill">
                <FlashIcon width={16} height={16} /> <LivePercent percent={formatPercent(offer.discountPercent)} />
              </p>
            ) : (
              <p className="offer-pill offer-pill--none">
                <Trans>No instant discount is live right now; Shuffle Cards may still unlock one.</Trans>
              </p>
            )}

            <AmountField
              label={<Trans>Enter the final bill amount</Trans>}
              value={amount}
              onChange={setAmount}
              onBlur={() => setTouched(true)}
              error={showError || null}
              autoFocus
              enterKeyHint="next"
              hint={
                entered !== null ? (
                  <Trans>You entered {entered}. Your discount is worked out on the next screen.</Trans>
                ) : (
                  <Trans>As printed on the outlet's bill, taxes included.</Trans>
                )
              }
            />

            {check.notice ? (
              <p className="pay-notice" role="status">
                <InfoIcon /> {validationMessage(check.notice)}
              </p>
            ) : null}

            <div className="quick-amounts" aria-label={t`Quick amounts`} role="group">
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
                  {formatRupeesWhole(paise)}
                </button>
              ))}
            </div>

            <Button type="submit" className="pay-cta" disabled={!check.ok}>
              <Trans>Continue</Trans>
            </Button>
            <Link href={paths.groupNew.href(outletId, check.ok ? amount : undefined, table)} className="btn btn--secondary btn--md" data-testid="split-with-friends">
              <Trans>Split with friends</Trans>
            </Link>
          </form>
          <p className="pay-secure">
            <LockIcon width={16} height={16} /> <Trans>You see the full breakdown before you pay.</Trans>
          </p>
        </div>
      )}
    </QueryState>
  );
}

/** "20% instant discount live now". */
function LivePercent({ percent }: { percent: string }) {
  return <Trans>{percent} instant discount live now</Trans>;
}
