import { paths } from '@client/app/paths';

/** The breakdown's overlays (SPEC §2): `convinience-fees` (sic), `shuffle`, `shuffle/how-it-works`. */
export type BreakdownOverlay = 'convinience-fees' | 'shuffle' | 'shuffle/how-it-works';

/**
 * `/payment-breakdown/{outletId}[/{overlay}]?amount={rupees}[&t={table}]`: the amount travels in the
 * query, and so does the table of a table QR (`/p/{code}?t=7`, server/modules/pay-links).
 */
export function breakdownHref(outletId: number, amount: string, overlay?: BreakdownOverlay, table?: number | null): string {
  const base = paths.paymentBreakdown.href(outletId);
  return `${overlay ? `${base}/${overlay}` : base}?amount=${encodeURIComponent(amount)}${table ? `&t=${table}` : ''}`;
}

export function overlayFromParams(overlay: string | undefined, sub: string | undefined): BreakdownOverlay | null {
  if (overlay === 'convinience-fees' && !sub) return 'convinience-fees';
  if (overlay === 'shuffle' && !sub) return 'shuffle';
  if (overlay === 'shuffle' && sub === 'how-it-works') return 'shuffle/how-it-works';
  return null;
}

/** Query values kept as plain text ('/payment-success?orderId=…'). */
export function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * A random idempotency key for orders.create (128 bits, hex). getRandomValues works on plain http
 * too, where crypto.randomUUID is missing.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pay-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
