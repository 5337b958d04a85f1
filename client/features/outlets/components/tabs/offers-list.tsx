import { Link } from 'wouter';
import type { ScheduledOffer } from '@server/modules/offers/schema';
import { formatOfferTime, formatPercent } from '@client/lib/format';

const TYPE_LABEL: Record<ScheduledOffer['adType'], string> = {
  R: 'Regular offer',
  D: 'Daily offer',
  E: 'Event offer',
  Highlight: 'Highlight',
};

type OffersListProps = {
  offers: readonly ScheduledOffer[];
  /** Where each offer opens (`{page}/{offerId}`), or null for a plain list. */
  hrefFor?: ((offer: ScheduledOffer) => string) | null;
};

/** Scheduled offers of a day: time window, title, discount; live ones marked. */
export function OffersList({ offers, hrefFor = null }: OffersListProps) {
  return (
    <ul className="offer-list">
      {offers.map((offer) => {
        const body = (
          <>
            <span className="offer-row__pct" style={offer.event ? { background: offer.event.colorHash } : undefined}>
              {offer.discountPercent !== null ? (
                <>
                  <strong>{formatPercent(offer.discountPercent, { decimals: 1 })}</strong>
                  <span>OFF</span>
                </>
              ) : (
                <strong>★</strong>
              )}
            </span>
            <span className="offer-row__main">
              <span className="offer-row__title">{offer.title}</span>
              <span className="offer-row__meta">
                {offer.event ? offer.event.name : TYPE_LABEL[offer.adType]} · {formatOfferTime(offer.startsAt)} –{' '}
                {formatOfferTime(offer.endsAt)}
              </span>
              {offer.description ? <span className="offer-row__desc">{offer.description}</span> : null}
            </span>
            <span className={`offer-row__status offer-row__status--${offer.status}`}>
              {offer.status === 'live' ? 'Live now' : 'Later'}
            </span>
          </>
        );
        return (
          <li key={offer.id}>
            {hrefFor ? (
              <Link href={hrefFor(offer)} className="offer-row offer-row--link">
                {body}
              </Link>
            ) : (
              <div className="offer-row">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
