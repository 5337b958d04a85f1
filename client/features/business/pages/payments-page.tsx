import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CounterPage, CounterPayment, RefundResult } from '@server/modules/counter/schema';
import { Button } from '@client/components/ui/button';
import { BellIcon, BellOffIcon, MegaphoneIcon } from '@client/components/ui/icons';
import { QueryState } from '@client/components/ui/query-state';
import { formatDateTimeShort, formatRupeesExact } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { messageOf } from '@client/lib/trpc-errors';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import type { BusinessPageProps } from '../lib/page-props';
import { latestGroupProgress, mergeCounterEvent, refundBlockedReason, STATUS_LABELS } from '../lib/counter';
import { BizPage } from '../components/biz-page';
import { CheckReceipt } from '../components/check-receipt';
import { DataTable, RowCards, StatusBadge, type Column } from '../components/dashboard-list';
import { Pager } from '../components/pager';
import { RefundDialog } from '../components/refund-dialog';
import { TableTag } from '../components/table-tag';
import { PaymentAlertsSwitch } from '../components/payment-alerts-switch';
import { useChime, type Chime } from '../hooks/use-chime';
import { useCounterFeed, type FeedState } from '../hooks/use-counter-feed';
import { useSoundbox, type Soundbox } from '../hooks/use-soundbox';

/** How long a payment that just arrived stays highlighted. */
export const HIGHLIGHT_MS = 12_000;

const FEED_LABELS: Record<FeedState, MessageDescriptor> = {
  connecting: msg`Connecting…`,
  live: msg({ message: 'Live', comment: 'The payments screen gets new payments as they happen' }),
  reconnecting: msg`Reconnecting…`,
  'signed-out': msg`Signed out`,
  'no-access': msg({ message: 'No access', comment: "The payments screen: this login may not follow this outlet's payments (any more)" }),
};

type Arrival = { payment: CounterPayment; at: number };

/**
 * dashboard/payments/{outletId}: the counter's screen (docs/business.md "Payments at the counter").
 * Every bill paid here, newest first, 20 a page; new payments appear without a reload (a highlighted
 * row, a banner and a chime), the receipt check, and refunds within 24 h.
 */
export function PaymentsPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const input = { outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE };
  const query = trpc.counter.payments.useQuery(input, { placeholderData: (previous) => previous });
  const utils = trpc.useUtils();
  const chime = useChime();
  const chimeRef = useRef<Chime>(chime);
  const soundbox = useSoundbox();
  const soundboxRef = useRef<Soundbox>(soundbox);
  const pageRef = useRef(page);
  const skewRef = useRef(0);
  useEffect(() => {
    chimeRef.current = chime;
    soundboxRef.current = soundbox;
    pageRef.current = page;
  });

  // The stream starts where the first list read stood (nothing in between is lost).
  const [since, setSince] = useState<number | null>(null);
  if (since === null && query.data) setSince(query.data.lastEventId);

  const [highlighted, setHighlighted] = useState<Map<string, number>>(new Map());
  const [arrival, setArrival] = useState<Arrival | null>(null);
  // The last refund made here (its sentence is written at render time: it follows a language switch).
  const [notice, setNotice] = useState<RefundResult | null>(null);
  const [refunding, setRefunding] = useState<CounterPayment | null>(null);

  // The refund windows follow the server's clock, re-checked every 30 s.
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const skew = query.data ? query.data.serverTime.getTime() - query.dataUpdatedAt : 0;
  const now = tick + skew;
  useEffect(() => {
    skewRef.current = skew;
  }, [skew]);

  const flash = useCallback((orderId: string) => {
    const until = Date.now() + HIGHLIGHT_MS;
    setHighlighted((current) => new Map(current).set(orderId, until));
    setTimeout(() => setHighlighted((current) => {
      if ((current.get(orderId) ?? 0) > Date.now()) return current;
      const next = new Map(current);
      next.delete(orderId);
      return next;
    }), HIGHLIGHT_MS + 50);
  }, []);

  // A receipt that matched is read again after a refund (it shows the bill's refund state); a check
  // that failed (no match, a typo) is not re-run by itself: only the owner's next Check asks again
  // (issue 28).
  const refreshCheckedReceipt = useCallback(
    () => void utils.counter.verify.invalidate(undefined, { predicate: (q) => q.state.status === 'success' }),
    [utils],
  );

  const upsert = useCallback(
    (payment: CounterPayment, eventId: number | null): boolean => {
      let added = false;
      utils.counter.payments.setData({ outletId: id, offSet: pageRef.current, limit: DASHBOARD_PAGE_SIZE }, (old: CounterPage | undefined) => {
        if (!old) return old;
        const merged = mergeCounterEvent(old, payment, eventId ?? old.lastEventId);
        added = merged.added;
        return merged.page;
      });
      return added;
    },
    [utils, id],
  );

  const feed = useCounterFeed(id, since, {
    onPayment: (payment, eventId, kind) => {
      const added = upsert(payment, eventId);
      if (pageRef.current !== 1) void utils.counter.payments.invalidate({ outletId: id, offSet: 1, limit: DASHBOARD_PAGE_SIZE }, { refetchType: 'none' });
      if (kind === 'payment' && (added || pageRef.current !== 1)) {
        flash(payment.orderId);
        setArrival({ payment, at: Date.now() });
        chimeRef.current.play();
        // The soundbox says it after the chime (new payments only: never a refund, never a replayed old one).
        soundboxRef.current.announce(payment, Date.now() + skewRef.current);
      } else if (kind === 'refund') {
        flash(payment.orderId);
        // A receipt checked earlier shows the bill's refund state too.
        refreshCheckedReceipt();
      }
    },
    onReset: () => void query.refetch(),
  });

  const onRefunded = (result: RefundResult) => {
    upsert(result.payment, null);
    refreshCheckedReceipt();
    setRefunding(null);
    setNotice(result);
  };

  const rowClass = (p: CounterPayment) => ((highlighted.get(p.orderId) ?? 0) > Date.now() ? 'counter-row--new' : undefined);

  const refundCell = (p: CounterPayment, canRefund: boolean) => {
    const blocked = refundBlockedReason(p, canRefund, now);
    return (
      <span className="counter-refund">
        <Button
          variant="secondary"
          size="sm"
          disabled={blocked !== null}
          aria-label={refundLabelOf(p.receiptCode)}
          title={blocked ?? undefined}
          onClick={() => {
            setNotice(null);
            setRefunding(p);
          }}
        >
          <Trans>Refund</Trans>
        </Button>
      </span>
    );
  };

  const refundLabelOf = (receipt: string) => t`Refund ${receipt}`;
  // A group bill's progress as its newest payment on the page left it (every share's row says the same).
  const groups = latestGroupProgress(query.data?.data ?? []);
  const groupLine = (p: CounterPayment) => {
    const group = p.group ? (groups.get(p.group.code) ?? p.group) : null;
    if (!group) return null;
    const code = group.code;
    const paid = group.paidCount;
    const count = group.shareCount;
    const left = formatRupeesExact(group.leftPaise);
    return (
      <span className="counter-group" data-testid="counter-group">
        {group.status === 'paid'
          ? t`Group bill ${code} · paid in full`
          : group.status === 'expired'
            ? t`Group bill ${code} · expired`
            : t`Group bill ${code} · ${paid} of ${count} paid · ${left} left`}
      </span>
    );
  };
  const statusCell = (p: CounterPayment, withGroup = true) => {
    const refunded = formatRupeesExact(p.refundedPaise);
    return (
      <span className="counter-status">
        <StatusBadge status={p.status} label={i18n._(STATUS_LABELS[p.status])} />
        {withGroup ? groupLine(p) : null}
        {p.refundedPaise > 0 ? (
          <span className="counter-status__refund">{p.refundPendingPaise > 0 ? t`${refunded} refunded · confirming` : t`${refunded} refunded`}</span>
        ) : null}
      </span>
    );
  };

  const columns = (canRefund: boolean): Column<CounterPayment>[] => [
    {
      header: t`Time`,
      cell: (p) => (
        <>
          {formatDateTimeShort(p.paidAt)} <TableTag table={p.tableNumber} />
        </>
      ),
    },
    { header: t`Receipt ID`, cell: (p) => <span className="check-receipt__mono">{p.receiptCode}</span> },
    { header: t({ message: 'Code', comment: 'The 6-digit verification code of a payment' }), cell: (p) => <span className="counter-code">{p.verificationCode}</span> },
    { header: t`Bill`, num: true, cell: (p) => formatRupeesExact(p.billPaise) },
    { header: t`Discount`, num: true, cell: (p) => formatRupeesExact(p.discountPaise) },
    { header: t({ message: 'Paid', comment: 'Column: the amount the shopper paid' }), num: true, cell: (p) => <strong>{formatRupeesExact(p.amountPaise)}</strong> },
    { header: t`Status`, cell: (p) => statusCell(p) },
    { header: t({ message: 'Refund', comment: 'Column with the Refund button' }), cell: (p) => refundCell(p, canRefund) },
  ];

  return (
    <BizPage
      title={t`Payments · Dashboard · Bachat for Business`}
      description={t`Payments at your outlet as they happen: check a receipt, refund a payment.`}
      heading={t({ message: 'Payments', comment: 'Business console page: the live list of bills paid at the outlet (the counter)' })}
      lead={t`Every bill paid with Bachat at this outlet, newest first. New payments appear here by themselves within seconds.`}
      actions={<LiveControls feed={feed} chime={chime} soundbox={soundbox} />}
    >
      {arrival ? <ArrivalBanner arrival={arrival} onDismiss={() => setArrival(null)} /> : null}
      {notice ? <RefundNotice result={notice} /> : null}
      <CheckReceipt outletId={id} />
      <QueryState
        query={query}
        loadingLabel={t`Loading payments`}
        errorMessage={(error) => messageOf(error, t`We couldn't load the payments.`)}
        isEmpty={(data) => data.data.length === 0 && data.total === 0}
        empty={
          <p className="biz-empty">
            <Trans>No payments yet. When a shopper pays here with Bachat, it appears at the top of this list within seconds.</Trans>
          </p>
        }
      >
        {(data) => (
          <>
            {/* Said once for the page, not under every row's button (whose title says it too). */}
            <p className="muted counter-note">
              {data.canRefund ? (
                <Trans>A payment can be refunded for 24 hours after it was made.</Trans>
              ) : (
                <Trans>Refunds are made by the master account, or by staff it allows in User management.</Trans>
              )}
            </p>
            <DataTable columns={columns(data.canRefund)} rows={data.data} rowKey={(p) => p.orderId} rowClassName={rowClass} onlyWide />
            <RowCards
              rows={data.data}
              rowKey={(p) => p.orderId}
              rowClassName={rowClass}
              title={(p) => (
                <>
                  <span className="check-receipt__mono">{p.receiptCode}</span> · <span className="counter-code">{p.verificationCode}</span> <TableTag table={p.tableNumber} />
                </>
              )}
              figure={(p) => formatRupeesExact(p.amountPaise)}
              sub={(p) => {
                const time = formatDateTimeShort(p.paidAt);
                const bill = formatRupeesExact(p.billPaise);
                const saved = formatRupeesExact(p.discountPaise);
                const line = p.discountPaise > 0 ? t`${time} · bill ${bill} · saved ${saved}` : t`${time} · bill ${bill}`;
                // On a phone the group's line gets the card's width (beside the badge it squeezed the card).
                return p.group ? (
                  <>
                    {line}
                    {groupLine(p)}
                  </>
                ) : (
                  line
                );
              }}
              status={(p) => statusCell(p, false)}
              actions={(p) => refundCell(p, data.canRefund)}
            />
            <Pager total={data.total} page={page} noun={t`payments`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
      {refunding ? <RefundDialog outletId={id} payment={refunding} onClose={() => setRefunding(null)} onRefunded={onRefunded} /> : null}
    </BizPage>
  );
}

function LiveControls({ feed, chime, soundbox }: { feed: FeedState; chime: Chime; soundbox: Soundbox }) {
  const { t, i18n } = useLingui();
  const state = i18n._(FEED_LABELS[feed]);
  return (
    <div className="counter-controls">
      <span className={`counter-live counter-live--${feed}`} role="status" aria-label={t`Live updates: ${state}`}>
        <span className="counter-live__dot" aria-hidden="true" />
        {state}
      </span>
      {chime.unsupported ? null : chime.preference === 'on' && !chime.ready ? (
        <Button size="sm" data-sound-control onClick={chime.enable}>
          <BellIcon size={16} aria-hidden="true" /> <Trans>Enable sound</Trans>
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          data-sound-control
          aria-pressed={chime.preference === 'on'}
          onClick={chime.preference === 'on' ? chime.mute : chime.enable}
        >
          {chime.preference === 'on' ? <BellIcon size={16} aria-hidden="true" /> : <BellOffIcon size={16} aria-hidden="true" />}{' '}
          {chime.preference === 'on' ? t`Sound on` : t`Sound off`}
        </Button>
      )}
      {soundbox.supported ? (
        soundbox.on && !soundbox.armed ? (
          <Button size="sm" data-announce-control onClick={soundbox.enable}>
            <MegaphoneIcon size={16} aria-hidden="true" /> <Trans>Tap to announce payments</Trans>
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            role="switch"
            data-announce-control
            aria-checked={soundbox.on}
            onClick={() => {
              if (soundbox.on) soundbox.disable();
              else {
                soundbox.enable();
                // The chime comes first: announcing turns the sound on too.
                if (chime.preference !== 'on' || !chime.ready) chime.enable();
              }
            }}
          >
            <MegaphoneIcon size={16} aria-hidden="true" /> <Trans>Announce payments</Trans>
            <span className="counter-switch" aria-hidden="true" data-on={soundbox.on ? 'true' : undefined} />
          </Button>
        )
      ) : null}
      <PaymentAlertsSwitch />
    </div>
  );
}

function RefundNotice({ result }: { result: RefundResult }) {
  const { t } = useLingui();
  const amount = formatRupeesExact(result.refund.amountPaise);
  const receipt = result.payment.receiptCode;
  return (
    <p className="biz-form__ok" role="status">
      {result.refund.status === 'pending'
        ? t`Refunded ${amount} on ${receipt} (the bank is confirming it). The shopper sees it on their receipt.`
        : t`Refunded ${amount} on ${receipt}. The shopper sees it on their receipt.`}
    </p>
  );
}

function ArrivalBanner({ arrival, onDismiss }: { arrival: Arrival; onDismiss: () => void }) {
  const { t } = useLingui();
  const p = arrival.payment;
  return (
    <div className="counter-arrival" role="status" data-testid="new-payment" key={arrival.at}>
      <span className="counter-arrival__label">
        <Trans>New payment</Trans>
      </span>
      <span className="counter-arrival__amount">
        {formatRupeesExact(p.amountPaise)} <TableTag table={p.tableNumber} />
      </span>
      <span className="counter-arrival__meta">
        <span className="check-receipt__mono">{p.receiptCode}</span> · <Trans>code</Trans> <strong className="counter-code">{p.verificationCode}</strong> · {formatDateTimeShort(p.paidAt)}
      </span>
      <button type="button" className="counter-arrival__close" aria-label={t`Dismiss`} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
