import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { Link } from 'wouter';
import type { OutletCard as OutletCardData } from '@server/modules/outlets/schema';
import { formatPercent, formatRupeesWhole } from '@client/lib/format';
import { formatDistance, offerLabel, offerUntil } from '../lib/format';
import { instoreHref } from '../lib/links';
import { FavouriteButton } from './favourite-button';
import { localName } from '@client/lib/i18n';

type OutletCardProps = {
  outlet: OutletCardData;
  /** The first cards load eagerly (above the fold). */
  eager?: boolean;
  /** Name the outlet's city after its locality (a search result outside the chosen city, issue 28). */
  showCity?: boolean;
};

/**
 * A card in the outlet list: photo, live discount, name, category, cuisines, cost for two, locality,
 * distance and the heart. Memoised: the list's page re-renders when its location, filters or next
 * page change, and the cards already shown (the same objects, by the query's structural sharing) are
 * not rendered again (issue 18: main-thread time on a slow phone).
 */
export const OutletCard = memo(function OutletCard({ outlet, eager = false, showCity = false }: OutletCardProps) {
  const { t } = useLingui();
  const forTwo = (paise: number) => {
    const cost = formatRupeesWhole(paise);
    return t`${cost} for two`;
  };
  const distance = formatDistance(outlet.distanceKm);
  const offer = outlet.liveOffer;
  const until = offer ? offerUntil(offer) : null;
  const percent = offer ? formatPercent(offer.discountPercent, { decimals: 1 }) : '';

  return (
    <article className="outlet-card" aria-labelledby={`outlet-${outlet.id}-name`}>
      <Link href={instoreHref(outlet)} className="outlet-card__link">
        <div className="outlet-card__media">
          {outlet.photoUrl ? (
            <img
              src={outlet.photoUrl}
              alt=""
              width={400}
              height={300}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
              className="outlet-card__img"
            />
          ) : (
            <span className="outlet-card__placeholder" aria-hidden="true">
              {outlet.name.slice(0, 1)}
            </span>
          )}
          {offer ? (
            <span className="outlet-card__badge">
              <Trans comment="A discount badge on an outlet's photo, e.g. 20% OFF">
                <strong>{percent}</strong> OFF
              </Trans>
            </span>
          ) : null}
        </div>
        <div className="outlet-card__body">
          <h3 id={`outlet-${outlet.id}-name`} className="outlet-card__name">
            {outlet.name}
          </h3>
          <p className={showCity ? 'outlet-card__meta outlet-card__meta--city' : 'outlet-card__meta'}>
            {outlet.isVeg ? <span className="veg-mark" role="img" aria-label={t`Pure veg`} /> : null}
            <span>{localName(outlet.category)}</span>
            <span aria-hidden="true"> · </span>
            <span>{showCity ? `${outlet.locality}, ${localName(outlet.city)}` : outlet.locality}</span>
          </p>
          {outlet.cuisines.length > 0 || outlet.costForTwoPaise !== null ? (
            <p className="outlet-card__facts">
              {outlet.cuisines.length > 0 ? <span>{outlet.cuisines.slice(0, 3).join(', ')}</span> : null}
              {outlet.cuisines.length > 0 && outlet.costForTwoPaise !== null ? <span aria-hidden="true"> · </span> : null}
              {outlet.costForTwoPaise !== null ? <span>{forTwo(outlet.costForTwoPaise)}</span> : null}
            </p>
          ) : null}
          <div className="outlet-card__footer">
            {offer ? (
              <span className="outlet-card__offer">
                {offerLabel(offer)}
                {until ? <span className="outlet-card__until"> · {until}</span> : null}
              </span>
            ) : (
              <span className="outlet-card__offer outlet-card__offer--none">
                <Trans>Pay with Bachat</Trans>
              </span>
            )}
            {distance ? (
              <span className="outlet-card__distance" aria-label={t`${distance} away`}>
                {distance}
              </span>
            ) : null}
          </div>
        </div>
      </Link>
      <FavouriteButton outletId={outlet.id} outletName={outlet.name} className="outlet-card__fav" />
    </article>
  );
});

export function OutletCardSkeleton() {
  return (
    <div className="outlet-card outlet-card--skeleton" aria-hidden="true">
      <div className="outlet-card__media" />
      <div className="outlet-card__body">
        <span className="skeleton-line skeleton-line--lg" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--sm" />
      </div>
    </div>
  );
}
