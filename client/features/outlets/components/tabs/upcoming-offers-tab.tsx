import { useState } from 'react';
import type { DayChoice } from '@server/modules/offers/schema';
import { InlineError } from '@client/components/ui/inline-error';
import { Spinner } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
import { formatLongWeekdayDate, formatPercent } from '@client/lib/format';
import { OffersList } from './offers-list';

const DAY_LABEL: Record<DayChoice, string> = { today: 'Today', tomorrow: 'Tomorrow' };

/** Upcoming offers for today or tomorrow (computed in IST by the server). */
export function UpcomingOffersTab({ outletId }: { outletId: number }) {
  const [day, setDay] = useState<DayChoice>('today');
  const offers = trpc.outlets.upcomingOffers.useQuery({ outletId, day });

  return (
    <div className="tab-panel-body">
      <div className="segmented" role="group" aria-label="Day">
        {(['today', 'tomorrow'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className="segmented__button"
            aria-pressed={day === choice}
            onClick={() => setDay(choice)}
          >
            {DAY_LABEL[choice]}
          </button>
        ))}
      </div>
      {offers.isPending ? (
        <Spinner label="Loading offers" />
      ) : offers.isError ? (
        <InlineError message="We couldn't load the offers." onRetry={() => void offers.refetch()} />
      ) : (
        <section className="tab-section" aria-label={`${DAY_LABEL[day]}'s offers`}>
          <p className="muted">{formatLongWeekdayDate(offers.data.date)}</p>
          {offers.data.dayDiscountPercent !== null ? (
            <p className="allday">
              <strong>{formatPercent(offers.data.dayDiscountPercent, { decimals: 1 })} off</strong> all day
            </p>
          ) : null}
          {offers.data.offers.length > 0 ? (
            <OffersList offers={offers.data.offers} />
          ) : (
            <p className="empty-note">
              No timed offers {day === 'today' ? 'left today' : 'tomorrow'}.
              {offers.data.baseDiscountPercent !== null
                ? ` The instant ${formatPercent(offers.data.baseDiscountPercent, { decimals: 1 })} discount still applies.`
                : ''}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
