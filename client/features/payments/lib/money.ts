/**
 * Money on the client is display only (docs/architecture.md: the client never computes money). The
 * server sends integer paise, shown with `@client/lib/format` (formatRupees, formatRupeesExact,
 * formatPercent); these helpers turn what the shopper types into paise for the request. No sums,
 * discounts or fees are worked out here.
 */

import { BILL_MESSAGES, MAXIMUM_BILL_PAISE, MINIMUM_BILL_PAISE } from '@server/modules/bills/schema';

export { BILL_MESSAGES, MAXIMUM_BILL_PAISE, MINIMUM_BILL_PAISE };

/** Digits only with en-IN grouping, for the amount field as the shopper types: '100000' → '1,00,000'. */
export function groupIndian(digits: string): string {
  if (!digits) return '';
  const n = digits.replace(/^0+(?=\d)/, '');
  if (n.length <= 3) return n;
  const last3 = n.slice(-3);
  const rest = n.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/**
 * What the amount field keeps from a keystroke or a paste: digits and at most one decimal point with
 * two decimals ('₹1,2a3.456' → '123.45'). Grouping commas are dropped and re-added for display.
 */
export function cleanAmountInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const intPart = (dot === -1 ? kept : kept.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, 7);
  if (dot === -1) return intPart;
  const decimals = kept.slice(dot + 1).replace(/\./g, '').slice(0, 2);
  return `${intPart || '0'}.${decimals}`;
}

/** The field's text with en-IN grouping: '100000.5' → '1,00,000.5'. */
export function displayAmountInput(clean: string): string {
  const dot = clean.indexOf('.');
  if (dot === -1) return groupIndian(clean);
  return `${groupIndian(clean.slice(0, dot)) || '0'}.${clean.slice(dot + 1)}`;
}

/** '1000.5' → 100050 paise; '' or '.' → null. Exact (string arithmetic, no floating point). */
export function amountInputToPaise(clean: string): number | null {
  if (!/\d/.test(clean)) return null;
  const [intPart = '', decimals = ''] = clean.split('.');
  return Number(intPart || '0') * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
}

export type AmountCheck = {
  /** Whether the amount can be sent to the server. */
  ok: boolean;
  paise: number | null;
  /** A blocking problem (empty, too large…), shown as an error. */
  error: string | null;
  /** SPEC §5: below ₹50 the bill can be paid but no offer applies; shown as a notice. */
  notice: string | null;
};

/**
 * Whether the typed amount can go to the server and what to tell the shopper. The server validates
 * again with the same limits (bills/schema.ts); this only spares a round trip.
 */
export function checkBillAmount(clean: string): AmountCheck {
  const paise = amountInputToPaise(clean);
  if (paise === null) return { ok: false, paise, error: null, notice: null };
  if (paise < 100) return { ok: false, paise, error: BILL_MESSAGES.amountTooSmall, notice: null };
  if (paise > MAXIMUM_BILL_PAISE) return { ok: false, paise, error: BILL_MESSAGES.amountTooLarge, notice: null };
  return { ok: true, paise, error: null, notice: paise < MINIMUM_BILL_PAISE ? BILL_MESSAGES.belowMinimum : null };
}

/** Paise → the rupee text the bill request carries ('100050' → '1000.50'). */
export function paiseToAmountParam(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}
