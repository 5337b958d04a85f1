import type { LiveOffer } from '@server/modules/offers/schema';

/** '0.35' km → '350 m'; 2.345 → '2.3 km'; 12.6 → '13 km'. */
export function formatDistance(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km)) return null;
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

/** 12.5 → '12.5%', 20 → '20%'. */
export function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')}%`;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Integer paise → '₹1,200'. */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

/** 'HH:MM' (IST) → '3 PM' / '3:30 PM'. */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

export function formatHours(opensAt: string, closesAt: string): string {
  if (opensAt === '00:00' && (closesAt === '23:59' || closesAt === '00:00')) return 'Open 24 hours';
  return `${formatTime(opensAt)} – ${formatTime(closesAt)}`;
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
  return offer.endsAt ? `Until ${formatTime(offer.endsAt)}` : null;
}
