import { notFound } from '../../lib/errors.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { getScheduledOffers } from '../offers/service.ts';
import { PAY_LINK_MESSAGES, normalizePayCode, payLinkOf, type OutletPayLink } from './schema.ts';

/**
 * Pay links (docs/payments.md "Pay links and QR codes"): the code → outlet lookup behind `/p/{code}`
 * and the scanner, and what an owner's QR and standee carry. The codes themselves are drawn by the
 * database (`outlet_pay_code()`, the column's default), so every outlet has one however it was made.
 */

/** The outlet a code names, or null (an unknown or malformed code). */
export async function outletIdForPayCode(code: string): Promise<number | null> {
  const canonical = normalizePayCode(code);
  if (!canonical) return null;
  const row = await runtime().db('outlets').where({ payCode: canonical }).first('id');
  return row ? Number(row.id) : null;
}

/** `payLinks.resolve`: the outlet of a typed or scanned code (NOT_FOUND when none has it). */
export async function resolvePayCode(code: string): Promise<{ outletId: number }> {
  const outletId = await outletIdForPayCode(code);
  if (outletId === null) throw notFound(PAY_LINK_MESSAGES.notFound);
  return { outletId };
}

/** The origin printed in QR codes: PUBLIC_URL when set, else the request's own. */
export function qrOrigin(requestOrigin: string): string {
  return (runtime().env.PUBLIC_URL || requestOrigin || '').replace(/\/+$/, '');
}

/**
 * An outlet's pay link for the owner (or a granted sub-account): its code, the link its QR carries and
 * today's best discount (for the standee). The outlet is checked with the one ownership rule first.
 */
export async function getOutletPayLink(businessOwnerId: number, outletId: number, requestOrigin: string): Promise<OutletPayLink> {
  await assertOutletAccess(businessOwnerId, outletId);
  const row = await runtime().db('outlets').where({ id: outletId }).first('id', 'name', 'payCode');
  if (!row) throw notFound('Outlet not found');
  const today = await getScheduledOffers(outletId, 'today');
  const percents = [...today.offers.map((o) => o.discountPercent), today.dayDiscountPercent, today.baseDiscountPercent].filter(
    (p): p is number => typeof p === 'number' && p > 0,
  );
  return {
    outletId,
    outletName: row.name,
    code: row.payCode,
    url: payLinkOf(row.payCode, null, qrOrigin(requestOrigin)),
    bestOfferPercent: percents.length ? Math.max(...percents) : null,
  };
}
