import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { CreatedOrder } from '@server/modules/orders/schema';
import { groupCodeSchema, type GroupBillView, type GroupShareView } from '@server/modules/group-bills/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { CelebrateIcon } from '@client/components/ui/icons';
import { InlineError } from '@client/components/ui/inline-error';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { errorCode, messageOf } from '@client/lib/trpc-errors';
import { validationMessage } from '@client/lib/validation';
import { GroupQr } from '../components/group-qr';
import { OutletHeading } from '../components/outlet-heading';
import { useIdempotencyKeys } from '../hooks/use-idempotency-keys';
import { useOpenCheckout } from '../hooks/use-open-checkout';
import { GroupBillLines } from '../components/group-bill-lines';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { checkBillAmount, paiseToAmountParam } from '../lib/money';
import { AmountField } from '../components/amount-field';
import { SplitFields, useSplit } from '../components/split-fields';
import '@client/styles/payments.css';
import '@client/styles/group-pay.css';

/** While a group bill is open its page reads it again this often (who paid, who is paying). */
export const GROUP_REFRESH_MS = 3_000;

/**
 * /group/{code}: a group bill (issue 32, docs/payments.md "Group pay"). Anyone with the code sees the
 * bill, the discount, the progress and the shares; a signed-in shopper pays an open share, the host
 * may change the split before anyone paid and pay every share left. Read again every 3 s while open.
 */
export function GroupPage() {
  const params = useParams<{ code: string }>();
  const parsed = groupCodeSchema.safeParse(params.code ?? '');
  if (!parsed.success) return <GroupMissing />;
  return <Group code={parsed.data} />;
}

/** No group bill for this code: why (the server's words, or a hint), and a way to type another code. */
function GroupMissing({ detail }: { detail?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="pay-page">
      <title>{t`Group bill not found · Bachat`}</title>
      <div className="pay-card">
        <h1 className="pay-title">
          <Trans>We couldn't find this group bill</Trans>
        </h1>
        {detail ?? (
          <p className="pay-subtitle">
            <Trans>Check the 6-character code with the friend who started it.</Trans>
          </p>
        )}
        <Link href={paths.scan.href()} className="btn btn--secondary btn--md">
          <Trans>Type a code</Trans>
        </Link>
      </div>
    </div>
  );
}

function Group({ code }: { code: string }) {
  const { t } = useLingui();
  const gate = useShopperGate({ askAtOnce: false });
  const query = trpc.groupBills.get.useQuery(
    { code },
    {
      refetchInterval: (q) => (q.state.data?.status === 'open' ? GROUP_REFRESH_MS : false),
      refetchIntervalInBackground: false,
    },
  );
  return (
    <QueryState
      query={query}
      loading={<PageLoader />}
      errorView={(error, retry) =>
        errorCode(error) === 'NOT_FOUND' || errorCode(error) === 'BAD_REQUEST' ? (
          <GroupMissing detail={<InlineError message={messageOf(error, t`No group bill has this code.`)} />} />
        ) : (
          <div className="pay-page">
            <InlineError message={t`We couldn't load this group bill.`} onRetry={retry} retrying={query.isFetching} />
          </div>
        )
      }
    >
      {(bill) => <GroupBill bill={bill} signedIn={gate.isLoggedIn} checkingSession={gate.isLoading} onLogin={gate.openLogin} />}
    </QueryState>
  );
}

function GroupBill({ bill, signedIn, checkingSession, onLogin }: { bill: GroupBillView; signedIn: boolean; checkingSession: boolean; onLogin: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const openCheckout = useOpenCheckout();
  const keys = useIdempotencyKeys();
  const payShare = trpc.groupBills.payShare.useMutation();
  const payRest = trpc.groupBills.payRest.useMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const outlet = bill.outletName;
  const table = bill.tableNumber;
  const hostName = bill.hostName;
  const left = formatRupeesExact(bill.leftPaise);
  const paidCount = bill.paidCount;
  const shareCount = bill.shareCount;
  const link = typeof window === 'undefined' ? bill.path : new URL(bill.path, window.location.origin).toString();

  /** An order for `scope` (a new attempt when the last one for it expired or failed), then its checkout. */
  async function pay(scope: string, create: (idempotencyKey: string) => Promise<CreatedOrder>) {
    if (!signedIn) {
      onLogin();
      return;
    }
    setPayError(null);
    setBusy(scope);
    try {
      let order = await create(keys.keyFor(scope));
      if (order.status === 'expired' || order.status === 'failed') {
        keys.forget(scope);
        order = await create(keys.keyFor(scope));
      }
      await openCheckout(order);
    } catch (error) {
      setPayError(messageOf(error, t`We could not start the payment. Please try again.`));
      void utils.groupBills.get.invalidate({ code: bill.code });
    } finally {
      setBusy(null);
    }
  }

  const payOne = (share: GroupShareView) =>
    void pay(`share|${share.id}|${bill.version}`, (idempotencyKey) => payShare.mutateAsync({ code: bill.code, shareId: share.id, idempotencyKey }));
  const payAll = () => void pay(`rest|${bill.version}|${bill.paidCount}`, (idempotencyKey) => payRest.mutateAsync({ code: bill.code, idempotencyKey }));

  return (
    <div className="pay-page group-page">
      <title>{t`Group bill at ${outlet} · Bachat`}</title>
      <div className="pay-card">
        <OutletHeading name={outlet} label={<Trans>Group bill at</Trans>} />
        {table ? (
          <p className="pay-table">
            <Trans>Table {table}</Trans>
          </p>
        ) : null}
        {hostName && !bill.isHost ? (
          <p className="pay-subtitle">
            <Trans>Started by {hostName}</Trans>
          </p>
        ) : null}

        {bill.status === 'paid' ? (
          <p className="group-state group-state--paid" role="status" data-testid="group-paid">
            <CelebrateIcon width={20} height={20} /> <Trans>Bill paid in full</Trans>
          </p>
        ) : bill.status === 'expired' ? (
          <p className="group-state group-state--expired" role="status" data-testid="group-expired">
            <Trans>This group bill expired; every paid share is being refunded.</Trans>
          </p>
        ) : null}

        <GroupBillLines bill={bill} />

        <div className="group-progress" data-testid="group-progress">
          <progress max={shareCount} value={paidCount} aria-hidden="true" />
          <p>
            {bill.leftPaise > 0 ? (
              <Trans>
                {paidCount} of {shareCount} paid · {left} left
              </Trans>
            ) : (
              <Trans>
                {paidCount} of {shareCount} paid
              </Trans>
            )}
          </p>
          {bill.status === 'open' ? <Countdown until={bill.expiresAt} /> : null}
        </div>
      </div>

      {bill.status === 'open' ? (
        <section className="pay-card group-invite" aria-label={t`Invite your friends`}>
          <div className="group-invite__code">
            <span className="pay-outlet__label">
              <Trans>Group code</Trans>
            </span>
            <strong className="group-code" data-testid="group-code">
              {bill.code}
            </strong>
            <CopyButton text={bill.code} />
          </div>
          <GroupQr url={link} />
          <a
            className="btn btn--secondary btn--md group-whatsapp"
            href={`https://wa.me/?text=${encodeURIComponent(t`Let's split the bill at ${outlet} on Bachat: ${link}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Trans>Share on WhatsApp</Trans>
          </a>
        </section>
      ) : null}

      <section className="pay-card" aria-label={t`Shares`}>
        <h2 className="group-section-title">
          <Trans>Shares</Trans>
        </h2>
        <ol className="group-shares">
          {bill.shares.map((share) => (
            <ShareRow key={share.id} share={share} isHost={bill.isHost} hostName={hostName} open={bill.status === 'open'} busy={busy !== null} paying={busy === `share|${share.id}|${bill.version}`} onPay={() => payOne(share)} />
          ))}
        </ol>
        {payError ? <InlineError message={payError} /> : null}
        {bill.status === 'open' && !checkingSession && !signedIn ? (
          <div className="group-signin">
            <p className="pay-subtitle">
              <Trans>Log in with your phone number to pay a share.</Trans>
            </p>
            <Button onClick={onLogin}>
              <Trans>Log in to pay</Trans>
            </Button>
          </div>
        ) : null}
        {bill.isHost && bill.status === 'open' && bill.leftPaise > 0 ? (
          <div className="group-host">
            {bill.canEdit ? (
              <Button variant="secondary" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            <Button onClick={payAll} disabled={busy !== null}>
              {busy?.startsWith('rest|') ? <Trans>Starting payment…</Trans> : <Trans>Pay the rest ({left})</Trans>}
            </Button>
          </div>
        ) : null}
        {editing && bill.canEdit && bill.status === 'open' ? <EditSplit bill={bill} onDone={() => setEditing(false)} /> : null}
      </section>
    </div>
  );
}

function ShareRow({
  share,
  isHost,
  hostName,
  open,
  busy,
  paying,
  onPay,
}: {
  share: GroupShareView;
  isHost: boolean;
  hostName: string | null;
  open: boolean;
  busy: boolean;
  paying: boolean;
  onPay: () => void;
}) {
  const name = share.payerName;
  const n = share.position;
  const amount = formatRupeesExact(share.sharePaise);
  let state;
  if (share.state === 'paid') {
    state = share.mine ? <Trans>You paid</Trans> : name ? <Trans>Paid by {name}</Trans> : <Trans comment="A share of a group bill that someone paid">Paid</Trans>;
  } else if (share.state === 'paying') {
    state = share.mine ? <Trans>You are paying</Trans> : name ? <Trans>{name} is paying</Trans> : <Trans>Someone is paying</Trans>;
  } else if (open) {
    state = (
      <Button size="sm" onClick={onPay} disabled={busy}>
        {paying ? <Trans>Starting payment…</Trans> : <Trans>Pay this share</Trans>}
      </Button>
    );
  } else {
    state = <Trans>Not paid</Trans>;
  }
  return (
    <li className="group-share" data-state={share.state} data-testid={`share-${n}`}>
      <span className="group-share__who">
        {n !== 1 ? <Trans>Share {n}</Trans> : isHost ? <Trans>Your share</Trans> : hostName ? <Trans>{hostName}'s share</Trans> : <Trans>Host's share</Trans>}
      </span>
      <strong className="group-share__amount">{amount}</strong>
      <span className="group-share__state">{state}</span>
    </li>
  );
}

/** "Closes in 18:42" (the device's clock; the server decides when it closes). */
function Countdown({ until }: { until: Date }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((until.getTime() - now) / 1_000));
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p className="group-countdown" data-testid="group-countdown">
      <Trans>Closes in {time}</Trans>
    </p>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      <span aria-live="polite">{copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}</span>
    </Button>
  );
}

/** The host changes the bill or the split (equal or custom) before anyone paid (`groupBills.update`). */
function EditSplit({ bill, onDone }: { bill: GroupBillView; onDone: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const update = trpc.groupBills.update.useMutation({
    onSuccess: (view) => {
      utils.groupBills.get.setData({ code: bill.code }, view);
      onDone();
    },
  });
  const [amount, setAmount] = useState(paiseToAmountParam(bill.billPaise));
  const split = useSplit(bill.shares);
  const check = checkBillAmount(amount);
  const how = split.request();
  const amountError = amount !== '' && !check.ok && check.error ? validationMessage(check.error) : null;
  return (
    <form
      className="group-edit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (check.ok && how) update.mutate({ code: bill.code, amount, ...how });
      }}
    >
      <AmountField label={<Trans>The whole bill</Trans>} value={amount} onChange={setAmount} error={amountError} />
      <SplitFields split={split} />
      {update.error ? <InlineError message={messageOf(update.error, t`We could not change the split.`)} /> : null}
      <Button type="submit" disabled={!check.ok || !how || update.isPending}>
        <Trans>Save the split</Trans>
      </Button>
    </form>
  );
}
