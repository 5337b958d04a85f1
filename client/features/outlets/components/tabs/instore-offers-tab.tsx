import { Link } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { formatPercent } from '@client/lib/format';
import { OffersList } from './offers-list';

type Props = { outlet: OutletDetails; basePath: string };

/** In-store offers: what applies today (live first), the all-day discounts and the Shuffle bonus. */
export function InstoreOffersTab({ outlet, basePath }: Props) {
  const today = trpc.outlets.upcomingOffers.useQuery({ outletId: outlet.id, day: 'today' });

  return (
    <div className="tab-panel-body">
      <section className="tab-section" aria-labelledby="today-offers">
        <h2 id="today-offers" className="tab-section__title">
          Today&rsquo;s offers
        </h2>
        <QueryState query={today} loadingLabel="Loading offers" errorMessage="We couldn't load today's offers.">
          {(schedule) => (
            <>
              {schedule.dayDiscountPercent !== null || schedule.baseDiscountPercent !== null ? (
                <ul className="allday-list">
                  {schedule.dayDiscountPercent !== null ? (
                    <li className="allday">
                      <strong>{formatPercent(schedule.dayDiscountPercent, { decimals: 1 })} off</strong> all day today
                    </li>
                  ) : null}
                  {schedule.baseDiscountPercent !== null ? (
                    <li className="allday">
                      <strong>{formatPercent(schedule.baseDiscountPercent, { decimals: 1 })} off</strong> on every bill
                    </li>
                  ) : null}
                </ul>
              ) : null}
              {schedule.offers.length > 0 ? (
                <OffersList offers={schedule.offers} hrefFor={(offer) => `${basePath}/${offer.id}`} />
              ) : schedule.dayDiscountPercent === null && schedule.baseDiscountPercent === null ? (
                <p className="muted">No offers running today. Check upcoming offers for tomorrow.</p>
              ) : null}
            </>
          )}
        </QueryState>
      </section>

      <section className="shuffle-teaser" aria-labelledby="shuffle-title">
        <svg className="shuffle-teaser__cards" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <rect x="6" y="8" width="22" height="32" rx="4" transform="rotate(-12 17 24)" fill="#c4b5fd" />
          <rect x="18" y="8" width="22" height="32" rx="4" transform="rotate(10 29 24)" fill="#7c3aed" />
          <path d="m29 17 2.2 4.6 5 .6-3.7 3.4 1 5-4.5-2.5-4.5 2.5 1-5-3.7-3.4 5-.6z" fill="#fff" />
        </svg>
        <div>
          <h2 id="shuffle-title" className="tab-section__title">
            Shuffle Cards: up to {formatPercent(outlet.shuffleMaxPercent, { decimals: 1 })} extra
          </h2>
          <p className="muted">
            After you enter your bill, pick a card to unlock an additional {formatPercent(outlet.shuffleMinPercent, { decimals: 1 })}–
            {formatPercent(outlet.shuffleMaxPercent, { decimals: 1 })} off.
          </p>
          <Link href={`${basePath}/shuffle-unlock`} className="text-link">
            How shuffle unlock works
          </Link>
        </div>
      </section>
    </div>
  );
}
