import type { LiveOffer } from '@server/modules/offers/schema';
import { formatOfferTime } from '@client/lib/format';

/** Outlet-page wording; money, percents, dates and times themselves come from `client/lib/format.ts`. */

/** '0.35' km → '350 m'; 2.345 → '2.3 km'; 12.6 → '13 km'. */
export function formatDistance(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km)) return null;
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

export function formatHours(opensAt: string, closesAt: string): string {
  if (opensAt === '00:00' && (closesAt === '23:59' || closesAt === '00:00')) return 'Open 24 hours';
  return `${formatOfferTime(opensAt)} – ${formatOfferTime(closesAt)}`;
}

/** A short label for where a live offer comes from. */
export function offerLabel(offer: LiveOffer): string {
  switch (offer.source) {
    case 'event':
      return offer.title ?? 'Event offer';
    case 'daily':
    case 'regular':
      return offer.title ?? 'Limited-time offer';
    case 'day':
      return "Today's offer";
    case 'base':
      return 'Instant discount';
  }
}

/** 'Until 6 PM' for timed offers, else null. */
export function offerUntil(offer: LiveOffer): string | null {
  return offer.endsAt ? `Until ${formatOfferTime(offer.endsAt)}` : null;
}
