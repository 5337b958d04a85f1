import type { LiveOffer } from '../offers/schema.ts';
import type { OutletCard } from './schema.ts';

/**
 * The REST wire shape of an outlet card (SPEC §3/§7: UPPER_SNAKE keys as the legacy app reads them),
 * shared by every REST path that lists outlets (nearby, search, favourites).
 */

export function offerWire(o: LiveOffer | null) {
  return o
    ? {
        SOURCE: o.source,
        AD_TYPE: o.adType,
        DISCOUNT_PERCENT: o.discountPercent,
        TITLE: o.title,
        PROMOTION_ID: o.promotionId,
        SLOT_ID: o.slotId,
        START_TIME: o.startsAt,
        END_TIME: o.endsAt,
        VALID_UNTIL: o.validUntil.toISOString(),
      }
    : null;
}

export function outletRowOf(c: OutletCard, totalCount?: number) {
  return {
    OUTLET_ID: c.id,
    MASTER_OUTLET_ID: c.masterOutletId,
    NAME: c.name,
    SLUG: c.slug,
    LOCALITY: c.locality,
    CATEGORY_ID: c.category.id,
    CATEGORY: c.category.name,
    CATEGORY_SLUG: c.category.slug,
    CITY_ID: c.city.id,
    CITY: c.city.name,
    CITY_SLUG: c.city.slug,
    LATITUDE: c.latitude,
    LONGITUDE: c.longitude,
    DISTANCE: c.distanceKm,
    DISCOUNT_PERCENT: c.liveOffer?.discountPercent ?? null,
    LIVE_OFFER: offerWire(c.liveOffer),
    PHOTO_URL: c.photoUrl,
    IS_VEG: c.isVeg,
    CUISINES: c.cuisines,
    COST_FOR_TWO_PAISE: c.costForTwoPaise,
    ...(totalCount === undefined ? {} : { TOTAL_COUNT: totalCount }),
  };
}

