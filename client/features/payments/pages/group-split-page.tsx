import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { GROUP_MIN_PEOPLE, type GroupBillQuote } from '@server/modules/group-bills/schema';
import { tableFromQuery } from '@server/modules/pay-links/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { PageLoader } from '@client/components/ui/spinner';
import { formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { messageOf } from '@client/lib/trpc-errors';
import { validationMessage } from '@client/lib/validation';
import { OutletHeading } from '../components/outlet-heading';
import { useDebounced } from '@client/lib/use-debounced';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { checkBillAmount, cleanAmountInput } from '../lib/money';
import { SplitFields, useSplit } from '../components/split-fields';
import { AmountField } from '../components/amount-field';
import { GroupBillLines } from '../components/group-bill-lines';
import '@client/styles/payments.css';
import '@client/styles/group-pay.css';

/** How long the typing settles before the preview is asked for. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * /group/new?outletId=&amount=[&t=]: the host splits the bill (issue 32, docs/payments.md "Group
 * pay"). Equal shares (a people stepper) or each one's part of the bill ("You" first); the preview is
 * `groupBills.quote`'s (every figure the server's); "Create group bill" needs a signed-in shopper and
 * opens the group's page.
 */
export function GroupSplitPage() {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const outletId = Number(search.get('outletId'));
  if (!Number.isInteger(outletId) || outletId <= 0) {
    return (
      <div className="pay-page">
        <title>{t`Split the bill · Bachat`}</title>
        <InlineError message={t`We couldn't find this outlet.`} />
      </div>
    );
  }
  return <GroupSplit outletId={outletId} initialAmount={cleanAmountInput(search.get('amount') ?? '')} table={tableFromQuery(search.get('t'))} />;
}

function GroupSplit({ outletId, initialAmount, table }: { outletId: number; initialAmount: string; table: number | null }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const gate = useShopperGate({ askAtOnce: false });
  const headingId = useId();
  const [amount, setAmount] = useState(initialAmount);
  const split = useSplit();
  const create = trpc.groupBills.create.useMutation();
  const outlet = trpc.outlets.byId.useQuery({ outletId }, { staleTime: 60_000 });

  const check = checkBillAmount(amount);
  // What the server is asked for: only a split that can be sent (nothing is added up here).
  const how = split.request();
  const wanted = check.ok && how ? { outletId, amount, ...how } : null;
  const asked = useDebounced(wanted === null ? null : JSON.stringify(wanted), QUOTE_DEBOUNCE_MS);
  const input = asked === null ? null : (JSON.parse(asked) as NonNullable<typeof wanted>);
  const quote = trpc.groupBills.quote.useQuery(input ?? { outletId, amount: '0', people: GROUP_MIN_PEOPLE }, {
    enabled: input !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const settling = wanted !== null && JSON.stringify(wanted) !== asked;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!wanted) return;
    if (!gate.isLoggedIn) {
      gate.openLogin();
      return;
    }
    try {
      const bill = await create.mutateAsync({ ...wanted, tableNumber: table });
      navigate(paths.group.href(bill.code));
    } catch {
      // Shown under the button (create.error).
    }
  }

  const amountError = amount !== '' && !check.ok && check.error ? validationMessage(check.error) : null;
  const outletName = outlet.data?.name ?? '';

  return (
    <div className="pay-page group-split">
      <title>{outletName ? t`Split the bill at ${outletName} · Bachat` : t`Split the bill · Bachat`}</title>
      <form className="pay-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={headingId}>
        <OutletHeading name={outletName} label={<span id={headingId}><Trans>Split with friends</Trans></span>} />
        {table ? (
          <p className="pay-table">
            <Trans>Table {table}</Trans>
          </p>
        ) : null}
        <AmountField label={<Trans>The whole bill</Trans>} value={amount} onChange={setAmount} error={amountError || null} />
        <SplitFields split={split} />

        <QuotePreview quote={check.ok ? (quote.data ?? null) : null} error={wanted !== null && !settling && quote.isError ? messageOf(quote.error, t`We could not work out the split.`) : null} busy={settling || quote.isFetching} />

        {create.error ? <InlineError message={messageOf(create.error, t`We could not create the group bill. Please try again.`)} /> : null}
        {!gate.isLoading && !gate.isLoggedIn ? (
          <p className="pay-subtitle">
            <Trans>You log in with your phone number before the group bill is created.</Trans>
          </p>
        ) : null}
        <Button type="submit" className="pay-cta" disabled={wanted === null || create.isPending || gate.isLoading}>
          {create.isPending ? <Trans>Creating…</Trans> : <Trans>Create group bill</Trans>}
        </Button>
      </form>
      <Link href={paths.enterAmount.href(outletId)} className="text-button group-split__back">
        <Trans>Pay the whole bill myself</Trans>
      </Link>
    </div>
  );
}

/** The server's preview: the discount on the whole bill, the total and each share. */
function QuotePreview({ quote, error, busy }: { quote: GroupBillQuote | null; error: string | null; busy: boolean }) {
  const { t } = useLingui();
  if (error) return <InlineError message={error} />;
  if (!quote) return busy ? <PageLoader /> : null;
  return (
    <section className="group-preview" aria-label={t`The split`} aria-busy={busy || undefined} data-testid="split-preview">
      <GroupBillLines bill={quote} totalTestId="split-total" />
      <ol className="group-shares group-shares--preview">
        {quote.shares.map((s) => {
          const n = s.position;
          return (
            <li key={s.position} className="group-share">
              <span className="group-share__who">{n === 1 ? <Trans>You</Trans> : <Trans>Person {n}</Trans>}</span>
              <strong className="group-share__amount">{formatRupeesExact(s.sharePaise)}</strong>
            </li>
          );
        })}
      </ol>
      <p className="breakdown__note">
        <Trans>Each person's Shuffle coupon and the convenience fee are added when they pay.</Trans>
      </p>
    </section>
  );
}
