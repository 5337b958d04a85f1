import { z } from 'zod';
import { idSchema } from '../common/schema.ts';

/**
 * Pay links (docs/payments.md "Pay links and QR codes", issue 30): every outlet has a short, stable,
 * random code (`outlets.pay_code`, drawn by the database); `/p/{code}` (optionally `?t={table}`) sends
 * anyone to the outlet's pay page `/enter-amount/{outletId}` (with `?t=`); the outlet's QR standee
 * carries that link. The rules here are pure: the server builds the links, the shopper's scanner reads
 * them with the same code.
 */

/** The code's alphabet: digits and capitals without look-alikes (no 0/O, 1/I/L, U). */
export const PAY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAY_CODE_LENGTH = 7;
const PAY_CODE_RE = /^[2-9A-HJKMNP-TV-Z]{7}$/;

/** The path of pay links (a server path: server/http/server-paths.ts). */
export const PAY_LINK_PREFIX = '/p';

/** Tables a QR can name: 1..50. */
export const MAX_TABLE = 50;

export const PAY_LINK_MESSAGES = {
  code: 'Enter the 7-character outlet code printed under the QR, e.g. K7M2QXA',
  notFound: 'No outlet has this code. Check the code printed under the QR.',
  table: 'Enter a table number from 1 to 50',
} as const;

/**
 * A code as typed or printed → its canonical form: spaces and dashes dropped, capitals, and the
 * look-alikes a person may type for the letters the alphabet lacks (O → 0 is not in it either: O and 0
 * both stand for nothing, so they stay and fail). Null when it cannot be a code.
 */
export function normalizePayCode(value: string): string | null {
  const code = value.replace(/[\s-]+/g, '').toUpperCase();
  return PAY_CODE_RE.test(code) ? code : null;
}

export const payCodeSchema = z
  .string({ error: PAY_LINK_MESSAGES.code })
  .transform((v, ctx) => {
    const code = normalizePayCode(v);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: PAY_LINK_MESSAGES.code });
      return z.NEVER;
    }
    return code;
  });

/** A table number as a query gives it ('7'); anything else than 1..50 is refused. */
export const tableNumberSchema = z.coerce
  .number({ error: PAY_LINK_MESSAGES.table })
  .int(PAY_LINK_MESSAGES.table)
  .min(1, PAY_LINK_MESSAGES.table)
  .max(MAX_TABLE, PAY_LINK_MESSAGES.table);

/** A table from a query value: the number when it is 1..50, else null (a pay link with a bad `t` still pays, without a table). */
export function tableFromQuery(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,2}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= MAX_TABLE ? n : null;
}

/** `/p/{code}[?t={table}]`, on `origin` when given (what a QR carries). */
export function payLinkOf(code: string, table?: number | null, origin = ''): string {
  return `${origin.replace(/\/+$/, '')}${PAY_LINK_PREFIX}/${code}${table ? `?t=${table}` : ''}`;
}

/** The pay page a link leads to: `/enter-amount/{outletId}[?t={table}]`. */
export function payPageOf(outletId: number, table?: number | null): string {
  return `/enter-amount/${outletId}${table ? `?t=${table}` : ''}`;
}

/** `payLinks.resolve`: a typed or scanned code. */
export const resolvePayCodeSchema = z.object({ code: payCodeSchema });

/** The owner's QR endpoints and `payLinks.forOutlet`. */
export const outletQrInputSchema = z.object({
  outletId: idSchema,
  table: tableNumberSchema.optional(),
});
export type OutletQrInput = z.input<typeof outletQrInputSchema>;

/** What the console's "QR and standee" page shows. */
export interface OutletPayLink {
  outletId: number;
  outletName: string;
  code: string;
  /** The link the QR carries (PUBLIC_URL, else the request's origin). */
  url: string;
  /** Today's best discount in percent (null when none is scheduled today). */
  bestOfferPercent: number | null;
}

/** What a scanned QR holds, as the scanner explains it. */
export type ScannedQr =
  | { kind: 'bachat'; code: string; table: number | null }
  | { kind: 'upi'; payee: string | null }
  | { kind: 'url'; url: string; host: string }
  | { kind: 'text'; text: string };

/**
 * What a QR's text is (the scanner, client/features/scan): a Bachat pay link (`…/p/{code}[?t=]`, on
 * any origin listed in `bachatOrigins`, or a path), a UPI payment QR of any merchant (`upi://pay?pa=…`),
 * another web address, or plain text.
 */
export function classifyScannedText(text: string, bachatOrigins: readonly string[]): ScannedQr {
  const raw = text.trim();
  if (/^upi:/i.test(raw)) {
    let payee: string | null = null;
    try {
      const params = new URL(raw.replace(/^upi:\/*/i, 'upi://')).searchParams;
      payee = (params.get('pn') ?? params.get('pa'))?.trim() || null;
    } catch {
      payee = null;
    }
    return { kind: 'upi', payee };
  }
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
    const ours = bachatOrigins.some((o) => o.replace(/\/+$/, '') === url.origin);
    const match = /^\/p\/([^/]+)\/?$/.exec(url.pathname);
    const code = match ? normalizePayCode(decodeURIComponent(match[1]!)) : null;
    if (ours && code) return { kind: 'bachat', code, table: tableFromQuery(url.searchParams.get('t')) };
    return { kind: 'url', url: url.href, host: url.host };
  }
  const code = normalizePayCode(raw);
  if (code) return { kind: 'bachat', code, table: null };
  return { kind: 'text', text: raw.slice(0, 200) };
}
