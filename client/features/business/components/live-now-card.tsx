import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { formatPercent, formatTimeOfDay } from '@client/lib/format';

const SOURCE_LABELS: Record<string, MessageDescriptor> = {
  event: msg`Event offer`,
  daily: msg`Daily offer`,
  regular: msg`Regular offer`,
  day: msg`Day discount`,
  base: msg`Discount button`,
};

/** What shoppers get at this outlet right now, and what comes next today (docs/offers.md). */
export function LiveNowCard({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const query = trpc.promotions.liveAndScheduled.useQuery({ outletId }, { refetchInterval: 60_000 });
  return (
    <QueryState query={query} loadingLabel={t`Loading the live offer`} errorMessage={t`We couldn't load the live offer.`}>
      {(data) => <LiveNow {...data} />}
    </QueryState>
  );
}

/** `next` is the server's: the next offer to become live today with the precedence applied (an offer an event hides is never "next"). */
function LiveNow({ live, next }: RouterOutputs['promotions']['liveAndScheduled']) {
  const { t, i18n } = useLingui();
  const percent = live ? formatPercent(live.discountPercent, { decimals: 1, trim: false }) : '';
  const source = live ? (SOURCE_LABELS[live.source] ? i18n._(SOURCE_LABELS[live.source]!) : live.source) : '';
  const until = live?.endsAt ? formatTimeOfDay(live.endsAt) : null;
  const from = next ? formatTimeOfDay(next.startsAt) : '';
  const to = next ? formatTimeOfDay(next.endsAt) : '';
  return (
    <section className={`live-now${live ? ' live-now--on' : ''}`} aria-label={t`Live for shoppers now`} data-testid="live-now">
      <div className="live-now__main">
        <span className="live-now__dot" aria-hidden="true" />
        {live ? (
          <p>
            <strong className="live-now__percent">
              <Trans>{percent} off</Trans>
            </strong>{' '}
            <span className="live-now__what">
              <Trans>live now · {source}</Trans>
              {live.title ? ` "${live.title}"` : ''}
              {until ? <> {t`until ${until}`}</> : null}
            </span>
          </p>
        ) : (
          <p>
            <strong>
              <Trans>No offer is live right now.</Trans>
            </strong>{' '}
            <span className="live-now__what">
              <Trans>Shoppers see no discount.</Trans>
            </span>
          </p>
        )}
      </div>
      {next ? (
        <p className="live-now__next muted">
          <Trans>
            Next today: {from} – {to}
          </Trans>
          {next.discountPercent != null ? ` · ${formatPercent(next.discountPercent, { decimals: 1, trim: false })}` : ''} · {next.title}
        </p>
      ) : null}
    </section>
  );
}
