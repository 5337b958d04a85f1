import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DayChoice } from '@server/modules/offers/schema';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { formatLongWeekdayDate, formatPercent } from '@client/lib/format';
import { OffersList } from './offers-list';

/** Upcoming offers for today or tomorrow (computed in IST by the server). */
export function UpcomingOffersTab({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const [day, setDay] = useState<DayChoice>('today');
  const offers = trpc.outlets.upcomingOffers.useQuery({ outletId, day });
  const dayLabel: Record<DayChoice, string> = { today: t`Today`, tomorrow: t`Tomorrow` };

  return (
    <div className="tab-panel-body">
      <div className="segmented" role="group" aria-label={t`Day`}>
        {(['today', 'tomorrow'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className="segmented__button"
            aria-pressed={day === choice}
            onClick={() => setDay(choice)}
          >
            {dayLabel[choice]}
          </button>
        ))}
      </div>
      <QueryState query={offers} loadingLabel={t`Loading offers`} errorMessage={t`We couldn't load the offers.`}>
        {(upcoming) => {
          const allDay = upcoming.dayDiscountPercent !== null ? formatPercent(upcoming.dayDiscountPercent, { decimals: 1 }) : null;
          const base = upcoming.baseDiscountPercent !== null ? formatPercent(upcoming.baseDiscountPercent, { decimals: 1 }) : null;
          return (
            <section className="tab-section" aria-label={day === 'today' ? t`Today's offers` : t`Tomorrow's offers`}>
              <p className="muted">{formatLongWeekdayDate(upcoming.date)}</p>
              {allDay !== null ? (
                <p className="allday">
                  <Trans>
                    <strong>{allDay} off</strong> all day
                  </Trans>
                </p>
              ) : null}
              {upcoming.offers.length > 0 ? (
                <OffersList offers={upcoming.offers} />
              ) : (
                <p className="empty-note">
                  {day === 'today' ? <Trans>No timed offers left today.</Trans> : <Trans>No timed offers tomorrow.</Trans>}
                  {base !== null ? (
                    <>
                      {' '}
                      <Trans>The instant {base} discount still applies.</Trans>
                    </>
                  ) : null}
                </p>
              )}
            </section>
          );
        }}
      </QueryState>
    </div>
  );
}
