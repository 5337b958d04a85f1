import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { checkedInputOf } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { idSchema } from '../common/schema.ts';
import { qrPng, qrSvg, standeePdf, tableSheetPdf } from './qr.ts';
import { MAX_TABLE, PAY_LINK_MESSAGES, outletQrInputSchema, payLinkOf, tableNumberSchema } from './schema.ts';
import { getOutletPayLink, qrOrigin } from './service.ts';

export const TABLE_SHEET_MESSAGES = { range: 'The first table must not be after the last one' } as const;

const tableSheetInputSchema = z
  .object({ outletId: idSchema, from: tableNumberSchema.default(1), to: tableNumberSchema.default(10) })
  .refine((v) => v.from <= v.to, { message: TABLE_SHEET_MESSAGES.range, path: ['to'] });

/** The request's own origin (Koa 3's `ctx.origin` is not it): `http://host:port`, as the proxy rule reads them. */
const originOf = (ctx: Context) => `${ctx.protocol}://${ctx.host}`;

/** The link, with the outlet checked first (the one ownership rule, before validation). */
async function linkOf(ctx: Context) {
  const { ownerId, raw } = await checkedInputOf(ctx, { outletId: ctx.params.outletId });
  const input = parseWith(outletQrInputSchema, raw);
  const link = await getOutletPayLink(ownerId, input.outletId, originOf(ctx));
  return { link, table: input.table ?? null, origin: qrOrigin(originOf(ctx)) };
}

function sendFile(ctx: Context, type: string, filename: string, body: Buffer | string): void {
  ctx.set('Content-Type', type);
  ctx.set('Content-Disposition', `${ctx.query.download === '1' ? 'attachment' : 'inline'}; filename="${filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = body;
}

const fileBase = (outletId: number, table: number | null) => `bachat-qr-${outletId}${table ? `-table-${table}` : ''}`;

/**
 * The owner's QR files (docs/payments.md "Pay links and QR codes"): business session, outlet owned or
 * granted. `?table=7` puts the table in the link; `?download=1` asks the browser to save the file.
 */
export function payLinksRest({ api }: { api: Router }): void {
  api.get('/business/outlets/:outletId/qr.png', async (ctx) => {
    const { link, table, origin } = await linkOf(ctx);
    sendFile(ctx, 'image/png', `${fileBase(link.outletId, table)}.png`, await qrPng(payLinkOf(link.code, table, origin)));
  });
  api.get('/business/outlets/:outletId/qr.svg', async (ctx) => {
    const { link, table, origin } = await linkOf(ctx);
    sendFile(ctx, 'image/svg+xml', `${fileBase(link.outletId, table)}.svg`, await qrSvg(payLinkOf(link.code, table, origin)));
  });
  api.get('/business/outlets/:outletId/qr.pdf', async (ctx) => {
    const { link, table, origin } = await linkOf(ctx);
    sendFile(ctx, 'application/pdf', `${fileBase(link.outletId, table)}-standee.pdf`, await standeePdf(link, table, origin));
  });
  // A sheet of table QRs, `?from=1&to=20` (1..50).
  api.get('/business/outlets/:outletId/qr-tables.pdf', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx, { outletId: ctx.params.outletId });
    const input = parseWith(tableSheetInputSchema, raw);
    const link = await getOutletPayLink(ownerId, input.outletId, originOf(ctx));
    const tables = Array.from({ length: input.to - input.from + 1 }, (_, i) => input.from + i);
    sendFile(ctx, 'application/pdf', `bachat-table-qrs-${link.outletId}-${input.from}-${input.to}.pdf`, await tableSheetPdf(link, tables, qrOrigin(originOf(ctx))));
  });
}

export { MAX_TABLE, PAY_LINK_MESSAGES };
