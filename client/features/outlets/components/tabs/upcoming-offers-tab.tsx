import { useState } from 'react';
import type { DayChoice } from '@server/modules/offers/schema';
import { QueryState } from '@client/components/ui/query-state';
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
      <QueryState query={offers} loadingLabel="Loading offers" errorMessage="We couldn't load the offers.">
        {(upcoming) => (
          <section className="tab-section" aria-label={`${DAY_LABEL[day]}'s offers`}>
            <p className="muted">{formatLongWeekdayDate(upcoming.date)}</p>
            {upcoming.dayDiscountPercent !== null ? (
              <p className="allday">
                <strong>{formatPercent(upcoming.dayDiscountPercent, { decimals: 1 })} off</strong> all day
              </p>
            ) : null}
            {upcoming.offers.length > 0 ? (
              <OffersList offers={upcoming.offers} />
            ) : (
              <p className="empty-note">
                No timed offers {day === 'today' ? 'left today' : 'tomorrow'}.
                {upcoming.baseDiscountPercent !== null
                  ? ` The instant ${formatPercent(upcoming.baseDiscountPercent, { decimals: 1 })} discount still applies.`
                  : ''}
              </p>
            )}
          </section>
        )}
      </QueryState>
    </div>
  );
}
