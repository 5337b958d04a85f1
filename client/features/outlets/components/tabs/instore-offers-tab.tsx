import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { formatPercent } from '@client/lib/format';
import { OffersList } from './offers-list';

type Props = { outlet: OutletDetails; basePath: string };

const percentOf = (value: number) => formatPercent(value, { decimals: 1 });

/** In-store offers: what applies today (live first), the all-day discounts and the Shuffle bonus. */
export function InstoreOffersTab({ outlet, basePath }: Props) {
  const { t } = useLingui();
  const today = trpc.outlets.upcomingOffers.useQuery({ outletId: outlet.id, day: 'today' });
  const min = percentOf(outlet.shuffleMinPercent);
  const max = percentOf(outlet.shuffleMaxPercent);

  return (
    <div className="tab-panel-body">
      <section className="tab-section" aria-labelledby="today-offers">
        <h2 id="today-offers" className="tab-section__title">
          <Trans>Today's offers</Trans>
        </h2>
        <QueryState query={today} loadingLabel={t`Loading offers`} errorMessage={t`We couldn't load today's offers.`}>
          {(schedule) => {
            const day = schedule.dayDiscountPercent !== null ? percentOf(schedule.dayDiscountPercent) : null;
            const base = schedule.baseDiscountPercent !== null ? percentOf(schedule.baseDiscountPercent) : null;
            return (
              <>
                {day !== null || base !== null ? (
                  <ul className="allday-list">
                    {day !== null ? (
                      <li className="allday">
                        <Trans>
                          <strong>{day} off</strong> all day today
                        </Trans>
                      </li>
                    ) : null}
                    {base !== null ? (
                      <li className="allday">
                        <Trans>
                          <strong>{base} off</strong> on every bill
                        </Trans>
                      </li>
                    ) : null}
                  </ul>
                ) : null}
                {schedule.offers.length > 0 ? (
                  <OffersList offers={schedule.offers} hrefFor={(offer) => `${basePath}/${offer.id}`} />
                ) : day === null && base === null ? (
                  <p className="muted">
                    <Trans>No offers running today. Check upcoming offers for tomorrow.</Trans>
                  </p>
                ) : null}
              </>
            );
          }}
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
            <Trans>Shuffle Cards: up to {max} extra</Trans>
          </h2>
          <p className="muted">
            <Trans>
              After you enter your bill, pick a card to unlock an additional {min}–{max} off.
            </Trans>
          </p>
          <Link href={`${basePath}/shuffle-unlock`} className="text-link">
            <Trans>How shuffle unlock works</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}
