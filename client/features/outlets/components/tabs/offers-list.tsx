import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { ScheduledOffer } from '@server/modules/offers/schema';
import { StarIcon } from '@client/components/ui/icons';
import { formatPercent, formatTimeOfDay } from '@client/lib/format';

const TYPE_LABEL: Record<ScheduledOffer['adType'], MessageDescriptor> = {
  R: msg`Regular offer`,
  D: msg`Daily offer`,
  E: msg`Event offer`,
  Highlight: msg({ message: 'Highlight', comment: 'A featured offer an outlet promotes' }),
};

type OffersListProps = {
  offers: readonly ScheduledOffer[];
  /** Where each offer opens (`{page}/{offerId}`), or null for a plain list. */
  hrefFor?: ((offer: ScheduledOffer) => string) | null;
};

/**
 * Scheduled offers of a day: when each applies, title, discount; the live one marked. The server has
 * applied the precedence (docs/offers.md): an offer a stronger one hides is not listed, and one that
 * is interrupted lists the times it really applies.
 */
export function OffersList({ offers, hrefFor = null }: OffersListProps) {
  const { i18n } = useLingui();
  return (
    <ul className="offer-list">
      {offers.map((offer) => {
        const body = (
          <>
            <span className="offer-row__pct" style={offer.event ? { background: offer.event.colorHash } : undefined}>
              {offer.discountPercent !== null ? (
                <>
                  <strong>{formatPercent(offer.discountPercent, { decimals: 1 })}</strong>
                  <span>
                    <Trans comment="Under a discount percent in an offer row, e.g. 20% / OFF">OFF</Trans>
                  </span>
                </>
              ) : (
                <StarIcon width={20} height={20} />
              )}
            </span>
            <span className="offer-row__main">
              <span className="offer-row__title">{offer.title}</span>
              <span className="offer-row__meta">
                {offer.event ? offer.event.name : i18n._(TYPE_LABEL[offer.adType])} ·{' '}
                {offer.windows.map((w) => `${formatTimeOfDay(w.startsAt)} – ${formatTimeOfDay(w.endsAt)}`).join(', ')}
              </span>
              {offer.description ? <span className="offer-row__desc">{offer.description}</span> : null}
            </span>
            <span className={`offer-row__status offer-row__status--${offer.status}`}>
              {offer.status === 'live' ? <Trans>Live now</Trans> : <Trans>Later</Trans>}
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
