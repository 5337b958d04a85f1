import { t } from '@lingui/core/macro';
import type { LiveOffer } from '@server/modules/offers/schema';
import { formatCount, formatTimeOfDay } from '@client/lib/format';

/**
 * Outlet-page wording, in the reader's language (called while rendering, by components that use
 * `useLingui`); money, percents, dates and times themselves come from `client/lib/format.ts`.
 */

/** '0.35' km → '350 m'; 2.345 → '2.3 km'; 12.6 → '13 km' (in Hindi 'मीटर', 'किमी'). */
export function formatDistance(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km)) return null;
  if (km < 1) {
    const metres = formatCount(Math.max(10, Math.round((km * 1000) / 10) * 10));
    return t({ message: `${metres} m`, comment: 'A distance in metres' });
  }
  const kilometres = km < 10 ? km.toFixed(1) : formatCount(Math.round(km));
  return t({ message: `${kilometres} km`, comment: 'A distance in kilometres' });
}

export function formatHours(opensAt: string, closesAt: string): string {
  if (opensAt === '00:00' && (closesAt === '23:59' || closesAt === '00:00')) return t`Open 24 hours`;
  return `${formatTimeOfDay(opensAt)} – ${formatTimeOfDay(closesAt)}`;
}

/** A short label for where a live offer comes from (the owner's own title when there is one). */
export function offerLabel(offer: LiveOffer): string {
  switch (offer.source) {
    case 'event':
      return offer.title ?? t`Event offer`;
    case 'daily':
    case 'regular':
      return offer.title ?? t`Limited-time offer`;
    case 'day':
      return t`Today's offer`;
    case 'base':
      return t`Instant discount`;
  }
}

/** 'Until 6 pm' for timed offers, else null. */
export function offerUntil(offer: LiveOffer): string | null {
  if (!offer.endsAt) return null;
  const time = formatTimeOfDay(offer.endsAt);
  return t`Until ${time}`;
}
