import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import type { Bill } from '@server/modules/bills/schema';
import { tableFromQuery } from '@server/modules/pay-links/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { CelebrateIcon, LockIcon } from '@client/components/ui/icons';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { formatPercent, formatRupeesExact } from '@client/lib/format';
import { validationMessage } from '@client/lib/validation';
import { trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { BreakdownLines } from '../components/breakdown-lines';
import { ConvenienceFeesOverlay, ShuffleHowItWorksOverlay, ShuffleOverlay } from '../components/breakdown-overlays';
import { InfoIcon } from '../components/info-icon';
import { LoginPrompt } from '../components/login-prompt';
import { OutletHeading } from '../components/outlet-heading';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { useIdempotencyKeys } from '../hooks/use-idempotency-keys';
import { useOpenCheckout } from '../hooks/use-open-checkout';
import { breakdownHref, overlayFromParams, type BreakdownOverlay } from '../lib/links';
import '@client/styles/payments.css';

type Params = { outletId: string; overlay?: string; sub?: string };

/**
 * /payment-breakdown/{outletId}?amount={rupees}, with the overlays `convinience-fees`, `shuffle` and
 * `shuffle/how-it-works`. Every figure is `bills.get`'s; paying creates an order whose amount the
 * server recomputes.
 */
export function PaymentBreakdownPage() {
  const { t } = useLingui();
  const params = useParams<Params>();
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const outletId = Number(params.outletId);
  const amount = search.get('amount') ?? '';
  const gate = useShopperGate();
  const validOutlet = Number.isInteger(outletId) && outletId > 0;

  // No amount (an old link, a reload without the query): ask for it again.
  useEffect(() => {
    if (validOutlet && !amount) navigate(paths.enterAmount.href(outletId), { replace: true });
  }, [validOutlet, amount, outletId, navigate]);

  if (!validOutlet) {
    return (
      <div className="pay-page">
        <InlineError message={t`We couldn't find this outlet.`} />
      </div>
    );
  }
  if (!amount || gate.isLoading) return <PageLoader />;
  if (!gate.isLoggedIn) {
    return (
      <div className="pay-page">
        <title>{t`Bill breakdown · Bachat`}</title>
        <LoginPrompt onLogin={gate.openLogin} />
      </div>
    );
  }
  return <Breakdown outletId={outletId} amount={amount} table={tableFromQuery(search.get('t'))} overlay={overlayFromParams(params.overlay, params.sub)} />;
}

function Breakdown({ outletId, amount, table, overlay }: { outletId: number; amount: string; table: number | null; overlay: BreakdownOverlay | null }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const bill = trpc.bills.get.useQuery({ outletId, amount }, { refetchOnWindowFocus: false });
  const createOrder = trpc.orders.create.useMutation();
  const openCheckout = useOpenCheckout();
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const idempotencyKeys = useIdempotencyKeys();

  const href = useCallback((o?: BreakdownOverlay) => breakdownHref(outletId, amount, o, table), [outletId, amount, table]);
  const closeOverlay = useCallback(() => navigate(href(), { replace: true }), [navigate, href]);

  async function pay(current: Bill) {
    setPayError(null);
    setPaying(true);
    try {
      const scope = `${outletId}|${amount}|${current.coupon?.id ?? 'none'}`;
      const input = { outletId, amount, couponId: current.coupon?.id ?? null };
      let order = await createOrder.mutateAsync({ ...input, tableNumber: table, idempotencyKey: idempotencyKeys.keyFor(scope) });
      if (order.status === 'expired' || order.status === 'failed') {
        // The earlier attempt for this bill is over (its checkout expired or was declined): a new attempt.
        idempotencyKeys.forget(scope);
        order = await createOrder.mutateAsync({ ...input, tableNumber: table, idempotencyKey: idempotencyKeys.keyFor(scope) });
      }
      await openCheckout(order);
    } catch (error) {
      setPayError(error instanceof Error && error.message ? error.message : t`We could not start the payment. Please try again.`);
    } finally {
      setPaying(false);
    }
  }

  return (
    <QueryState
      query={bill}
      loading={<PageLoader />}
      errorView={(error, retry) => {
        const badInput = errorCode(error) === 'BAD_REQUEST';
        return (
          <div className="pay-page">
            <title>{t`Bill breakdown · Bachat`}</title>
            <div className="pay-card">
              <h1 className="pay-title">
                {badInput ? <Trans>Please check the amount</Trans> : <Trans>We could not work out your bill</Trans>}
              </h1>
              <InlineError message={error.message} onRetry={badInput ? undefined : retry} retrying={bill.isFetching} />
              <Link href={paths.enterAmount.href(outletId)} className="btn btn--secondary btn--md">
                <Trans>Change the amount</Trans>
              </Link>
            </div>
          </div>
        );
      }}
    >
      {(b) => {
        const min = formatPercent(b.shuffleRange.minPercent);
        const max = formatPercent(b.shuffleRange.maxPercent);
        const toPay = formatRupeesExact(b.amountPaise);
        const saved = formatRupeesExact(b.discountPaise);
        const outlet = b.outletName;
        const couponPercent = b.coupon ? formatPercent(b.coupon.discountPercent) : '';
        return (
          <div className="pay-page">
            <title>{t`Pay ${toPay} at ${outlet} · Bachat`}</title>
            <meta name="description" content={t`Your bill at ${outlet} with the instant discount, Shuffle discount and fees.`} />

            <div className="pay-card">
              <OutletHeading name={outlet} label={<Trans>Bill breakdown</Trans>} />
              {b.message ? (
                <p className="pay-notice" role="status">
                  <InfoIcon /> {validationMessage(b.message)}
                </p>
              ) : null}
              {!b.isOpen ? (
                <p className="pay-notice">
                  <InfoIcon /> <Trans>{outlet} looks closed right now. Pay only at the counter while it's open.</Trans>
                </p>
              ) : null}

              <BreakdownLines bill={b} onExplainFees={() => navigate(href('convinience-fees'))} />

              {b.discountPaise > 0 ? (
                <p className="savings-banner" data-testid="savings">
                  <CelebrateIcon width={18} height={18} /> <Trans>You save {saved} on this bill</Trans>
                </p>
              ) : null}
            </div>

            {!b.belowMinimum ? (
              b.coupon ? (
                <div className="coupon-applied">
                  <span>
                    <Trans>
                      Shuffle coupon <strong>{couponPercent} extra</strong> applied
                    </Trans>
                  </span>
                  <Link href={href('shuffle')} className="text-button">
                    <Trans>Shuffle again</Trans>
                  </Link>
                </div>
              ) : (
                <section className="shuffle-promo" aria-labelledby="shuffle-promo-title">
                  <span className="shuffle-promo__cards" aria-hidden="true">
                    <span />
                    <span />
                    <span />
                  </span>
                  <div>
                    <h2 id="shuffle-promo-title" className="shuffle-promo__title">
                      <Trans>
                        Unlock {min}–{max} more
                      </Trans>
                    </h2>
                    <p className="shuffle-promo__text">
                      <Trans>Shuffle the cards and pick one for an additional discount.</Trans>
                    </p>
                  </div>
                  <div className="shuffle-promo__actions">
                    <Link href={href('shuffle')} className="btn btn--secondary btn--sm">
                      <Trans>Play Shuffle Cards</Trans>
                    </Link>
                    <Link href={href('shuffle/how-it-works')} className="shuffle-promo__link">
                      <Trans>How it works</Trans>
                    </Link>
                  </div>
                </section>
              )
            ) : null}

            {payError ? <InlineError message={payError} /> : null}
            <div className="pay-cta-bar">
              <Button className="pay-cta" onClick={() => void pay(b)} disabled={paying || bill.isFetching}>
                {paying ? <Trans>Starting payment…</Trans> : <Trans>Pay {toPay}</Trans>}
              </Button>
            </div>
            <p className="pay-secure">
              <LockIcon width={16} height={16} /> <Trans>Secure payment · Show the receipt at the counter</Trans>
            </p>
            <Link href={paths.enterAmount.href(outletId)} className="text-button" style={{ justifySelf: 'center' }}>
              <Trans>Change the amount</Trans>
            </Link>

            {overlay === 'convinience-fees' ? <ConvenienceFeesOverlay bill={b} onClose={closeOverlay} /> : null}
            {overlay === 'shuffle' ? (
              <ShuffleOverlay outletId={outletId} onClose={closeOverlay} howItWorksHref={href('shuffle/how-it-works')} />
            ) : null}
            {overlay === 'shuffle/how-it-works' ? (
              <ShuffleHowItWorksOverlay bill={b} onClose={closeOverlay} shuffleHref={href('shuffle')} />
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}
