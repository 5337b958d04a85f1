import { paths } from '@client/app/paths';
import { readCookie } from '@client/lib/cookies';
import { BUSINESS_DETAILS_COOKIE } from '@client/lib/session-cookies';

/**
 * SPEC §2: the business link goes to the current outlet's regular-offers page when a business user
 * is signed in (the owner's details cookie, which the server clears with the session's HttpOnly token),
 * else to the business landing page.
 */
export function businessHomeHref(): string {
  const details = readCookie(BUSINESS_DETAILS_COOKIE);
  if (!details) return paths.forBusiness.href();
  const outletId = currentOutletId(details);
  return outletId
    ? `${paths.forBusiness.href()}/promotion-organizer/regular-offers/${encodeURIComponent(outletId)}`
    : paths.forBusiness.href();
}

function currentOutletId(details: string): string | null {
  try {
    const data = JSON.parse(details) as Record<string, unknown>;
    const direct = data.currentOutletId ?? data.CURRENT_OUTLET_ID;
    if (typeof direct === 'string' || typeof direct === 'number') return String(direct);
    const outlets = (data.outletDetails ?? data.allOutletForBusiness) as unknown;
    if (Array.isArray(outlets) && outlets.length > 0) {
      const first = outlets[0] as Record<string, unknown>;
      const id = first.OUTLET_ID ?? first.outletId ?? first.id;
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
  } catch {
    // A malformed cookie is treated as no business session.
  }
  return null;
}
