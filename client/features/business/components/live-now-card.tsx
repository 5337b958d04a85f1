import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { formatPercent, formatSlotTime } from '@client/lib/format';

const SOURCE_LABELS: Record<string, string> = {
  event: 'Event offer',
  daily: 'Daily offer',
  regular: 'Regular offer',
  day: 'Day discount',
  base: 'Discount button',
};

/** What shoppers get at this outlet right now, and what comes next today (docs/offers.md). */
export function LiveNowCard({ outletId }: { outletId: number }) {
  const query = trpc.promotions.liveAndScheduled.useQuery({ outletId }, { refetchInterval: 60_000 });
  return (
    <QueryState query={query} loadingLabel="Loading the live offer" errorMessage="We couldn't load the live offer.">
      {(data) => <LiveNow {...data} />}
    </QueryState>
  );
}

function LiveNow({ live, today }: RouterOutputs['promotions']['liveAndScheduled']) {
  const next = today.find((offer) => offer.status === 'upcoming');
  return (
    <section className={`live-now${live ? ' live-now--on' : ''}`} aria-label="Live for shoppers now" data-testid="live-now">
      <div className="live-now__main">
        <span className="live-now__dot" aria-hidden="true" />
        {live ? (
          <p>
            <strong className="live-now__percent">{formatPercent(live.discountPercent, { decimals: 1, trim: false })} off</strong>{' '}
            <span className="live-now__what">
              live now · {SOURCE_LABELS[live.source] ?? live.source}
              {live.title ? ` “${live.title}”` : ''}
              {live.endsAt ? ` until ${formatSlotTime(live.endsAt)}` : ''}
            </span>
          </p>
        ) : (
          <p>
            <strong>No offer is live right now.</strong> <span className="live-now__what">Shoppers see no discount.</span>
          </p>
        )}
      </div>
      {next ? (
        <p className="live-now__next muted">
          Next today: {formatSlotTime(next.startsAt)} – {formatSlotTime(next.endsAt)}
          {next.discountPercent != null ? ` · ${formatPercent(next.discountPercent, { decimals: 1, trim: false })}` : ''} · {next.title}
        </p>
      ) : null}
    </section>
  );
}
