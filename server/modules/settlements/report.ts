import { rawRows } from '../../db/rows.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { csvRupees, toCsv } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { pdfDate, pdfDay, pdfRupees, renderPdf } from '../../lib/pdf.ts';
import { runtime } from '../../lib/runtime.ts';
import { feeConfigOf, orderMoney, refundedParts, type StoredOrderMoney } from '../orders/money.ts';
import { addDays, istMoment, istToInstant } from '../offers/rules.ts';
import { dayOrders, figuresOf, paidOrdersBetween } from './statements.ts';
import { SETTLEMENT_MESSAGES, type PdfFile, type SettlementStatement, type StatementPdfInput, type StatementStatus } from './schema.ts';

/**
 * The owner's settlement report (docs/business.md, "Settlement"): the outlet's statements, newest first,
 * with the days the nightly job has not made a statement for yet (`open`: today, usually); the CSV; and
 * the monthly PDF statement with the tax invoice for the platform fee. Callers are the outlet's owners
 * and the sub-accounts granted it (`assertOutletAccess`).
 */

/** A row of the report's union: a statement or an open day, in the statement's shape. */
type ReportRow = SettlementStatement;

/** Statements and open days of an outlet in [from, to], as one ordered union. */
function reportSql(outletId: number, from?: string, to?: string) {
  const range = (col: string) => `${from ? ` AND ${col} >= ?` : ''}${to ? ` AND ${col} <= ?` : ''}`;
  const rangeArgs = [...(from ? [from] : []), ...(to ? [to] : [])];
  return {
    sql: `
      SELECT s.id, s.period_start, s.period_end, s.orders_count, s.gross_paise, s.discount_paise, s.fee_paise, s.fee_gst_paise,
             s.net_paise, s.refund_paise, s.payout_paise, s.routed_paise, s.status, s.utr, s.on_hold_at, s.settled_at
        FROM settlements s WHERE s.outlet_id = ?${range('s.period_start')}
      UNION ALL
      SELECT NULL, d.day, d.day, d.orders_count, d.bill_paise, d.discount_paise, d.fee_paise, d.fee_gst_paise,
             d.net_paise, 0, d.payout_paise, 0, 'open', NULL, NULL, NULL
        FROM outlet_daily_stats d
       WHERE d.outlet_id = ? AND d.orders_count > 0${range('d.day')}
         AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.outlet_id = d.outlet_id AND d.day BETWEEN s.period_start AND s.period_end)`,
    args: [outletId, ...rangeArgs, outletId, ...rangeArgs],
  };
}

/** An open day's figures, computed like a statement's (its own row only has the day's sums). */
async function withOpenFigures(rows: ReportRow[], outletId: number): Promise<SettlementStatement[]> {
  const { db, env } = runtime();
  const gstBps = feeConfigOf(env).gstBps;
  return Promise.all(
    rows.map(async (r) => {
      if (r.status !== 'open') return r;
      const f = figuresOf(await dayOrders(db, outletId, r.periodStart), gstBps);
      return { ...r, grossPaise: f.grossPaise, discountPaise: f.discountPaise, feePaise: f.feePaise, feeGstPaise: f.feeGstPaise, netPaise: f.netPaise, refundPaise: f.refundPaise, payoutPaise: f.payoutPaise, routedPaise: f.routedPaise };
    }),
  );
}

export interface StatementPage {
  data: SettlementStatement[];
  offSet: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** `dashboards.settlements` / `POST /api/business/dashboard/settlement`: a page of the report. */
export async function listSettlements(ownerId: number, input: { outletId: number; offSet: number; limit: number; from?: string; to?: string }): Promise<StatementPage> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db } = runtime();
  const page = Math.max(input.offSet, 1);
  const q = reportSql(input.outletId, input.from, input.to);
  const [rows, count] = await Promise.all([
    rawRows<ReportRow>(db, `SELECT * FROM (${q.sql}) r ORDER BY period_start DESC, period_end DESC LIMIT ? OFFSET ?`, [...q.args, input.limit, (page - 1) * input.limit]),
    rawRows<{ n: number }>(db, `SELECT count(*)::int AS n FROM (${q.sql}) r`, q.args),
  ]);
  const total = count[0]?.n ?? 0;
  return { data: await withOpenFigures(rows, input.outletId), offSet: page, limit: input.limit, total, totalPages: Math.max(1, Math.ceil(total / input.limit)) };
}

async function allRows(outletId: number, from?: string, to?: string): Promise<SettlementStatement[]> {
  const q = reportSql(outletId, from, to);
  const rows = await rawRows<ReportRow>(runtime().db, `SELECT * FROM (${q.sql}) r ORDER BY period_start DESC, period_end DESC`, q.args);
  return withOpenFigures(rows, outletId);
}


export const STATUS_LABELS: Record<StatementStatus, string> = { open: 'Open', pending: 'Pending', on_hold: 'On hold', settled: 'Settled' };

export const SETTLEMENT_CSV_HEADER = [
  'Period start',
  'Period end',
  'Orders',
  'Gross (INR)',
  'Discounts (INR)',
  'Platform fee (INR)',
  'GST on fee (INR)',
  'Net (INR)',
  'Refunds (INR)',
  'Payout (INR)',
  'Status',
  'UTR',
];

/** `dashboards.settlementCsv` / `GET|POST /api/business/dashboard/settlement.csv`: every period in the range, newest first. */
export async function settlementCsv(ownerId: number, input: { outletId: number; from?: string; to?: string }): Promise<{ filename: string; csv: string }> {
  await assertOutletAccess(ownerId, input.outletId);
  const today = istMoment(runtime().now()).date;
  const rows = (await allRows(input.outletId, input.from, input.to)).map((s) => [
    s.periodStart,
    s.periodEnd,
    s.ordersCount,
    csvRupees(s.grossPaise),
    csvRupees(s.discountPaise),
    csvRupees(s.feePaise),
    csvRupees(s.feeGstPaise),
    csvRupees(s.netPaise),
    csvRupees(s.refundPaise),
    csvRupees(s.payoutPaise),
    STATUS_LABELS[s.status],
    s.utr ?? '',
  ]);
  return { filename: `settlement-report-${input.outletId}-${today}.csv`, csv: toCsv(SETTLEMENT_CSV_HEADER, rows) };
}

// ---------------------------------------------------------------- the monthly statement and tax invoice

/** The platform as the supplier of its fee (INVOICE_SUPPLIER_*); demo values outside production. */
export function supplierOf(): { name: string; gstin: string; address: string } | null {
  const { env } = runtime();
  if (env.INVOICE_SUPPLIER_NAME && env.INVOICE_SUPPLIER_GSTIN && env.INVOICE_SUPPLIER_ADDRESS) {
    return { name: env.INVOICE_SUPPLIER_NAME, gstin: env.INVOICE_SUPPLIER_GSTIN, address: env.INVOICE_SUPPLIER_ADDRESS };
  }
  if (env.NODE_ENV === 'production') return null;
  return {
    name: 'Bachat Technologies Private Limited (demo)',
    gstin: '29AAHCB4721K1ZH',
    address: '3rd Floor, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034',
  };
}

/** GST state codes → names (the first two characters of a GSTIN; the place of supply). */
const STATE_CODES: Record<string, string> = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand', '06': 'Haryana',
  '07': 'Delhi', '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim', '12': 'Arunachal Pradesh', '13': 'Nagaland',
  '14': 'Manipur', '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya', '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand',
  '21': 'Odisha', '22': 'Chhattisgarh', '23': 'Madhya Pradesh', '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra', '29': 'Karnataka', '30': 'Goa', '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands', '36': 'Telangana', '37': 'Andhra Pradesh', '38': 'Ladakh',
};
const stateOfGstin = (gstin: string) => STATE_CODES[gstin.slice(0, 2)] ?? null;

/** The tax invoice's money for a month: the platform fee the outlet bore (refunds return their share of it) and its GST. */
export interface InvoiceFigures {
  bills: number;
  feePaise: number;
  feeReturnedPaise: number;
  taxablePaise: number;
  gstPaise: number;
  /** Intra-state supply: CGST + SGST (half each); inter-state: IGST. */
  intraState: boolean;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export function invoiceFiguresOf(
  orders: (StoredOrderMoney & { refundedPaise: number })[],
  gstBps: number,
  intraState: boolean,
): InvoiceFigures {
  let fee = 0;
  let returned = 0;
  let gst = 0;
  for (const o of orders) {
    const m = orderMoney(o, gstBps);
    const back = refundedParts(m, o.refundedPaise);
    fee += m.platformFeePaise;
    returned += back.platformFeePaise;
    gst += m.platformFeeGstPaise - back.platformFeeGstPaise;
  }
  const cgst = intraState ? Math.floor(gst / 2) : 0;
  return {
    bills: orders.length,
    feePaise: fee,
    feeReturnedPaise: returned,
    taxablePaise: fee - returned,
    gstPaise: gst,
    intraState,
    cgstPaise: cgst,
    sgstPaise: intraState ? gst - cgst : 0,
    igstPaise: intraState ? 0 : gst,
    totalPaise: fee - returned + gst,
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The Indian financial year of a month: 2026-11 → '2026-27'. */
const financialYear = (year: number, month: number) => (month >= 4 ? `${year}-${String(year + 1).slice(2)}` : `${year - 1}-${String(year).slice(2)}`);

/**
 * `dashboards.statementPdf` / `GET /api/business/dashboard/settlement/statement.pdf?outletId&month`:
 * the month's daily statements with their totals, status and UTRs, then the tax invoice for the platform
 * fee (1.5 % + GST, to the outlet's GSTIN). The month in progress has its statement so far; its invoice
 * is issued when the month ends.
 */
export async function statementPdf(ownerId: number, input: { outletId: number; month: string }): Promise<PdfFile & { bytes: Buffer }> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, env, now } = runtime();
  const [year, month] = input.month.split('-').map(Number) as [number, number];
  const first = `${input.month}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const last = addDays(next, -1);
  const today = istMoment(now()).date;
  if (first > today) throw badRequest(SETTLEMENT_MESSAGES.futureMonth, { month: SETTLEMENT_MESSAGES.futureMonth });
  const complete = last < today;
  const outlet = (await db('outlets').where({ id: input.outletId }).first('id', 'name', 'addressLineOne', 'addressLineTwo', 'state', 'pincode', 'gstin', 'routeAccountId'))!;
  const rows = (await allRows(input.outletId, first, last)).reverse();
  const orders = await paidOrdersBetween(db, input.outletId, istToInstant(first, 0), istToInstant(next, 0));
  const supplier = supplierOf();
  if (!supplier) runtime().logger.error('INVOICE_SUPPLIER_* are not set: monthly statements go out without their tax invoice');
  const gstBps = feeConfigOf(env).gstBps;
  const supplierState = supplier ? stateOfGstin(supplier.gstin) : null;
  const placeOfSupply = (outlet.gstin ? stateOfGstin(outlet.gstin) : null) ?? outlet.state;
  const invoice = invoiceFiguresOf(orders, gstBps, supplierState !== null && supplierState.toLowerCase() === placeOfSupply.toLowerCase());
  const monthName = `${MONTHS[month - 1]} ${year}`;
  const invoiceNo = `BCH/${financialYear(year, month)}/${outlet.id}-${input.month.replace('-', '')}`;
  const sum = (k: keyof Pick<SettlementStatement, 'ordersCount' | 'grossPaise' | 'discountPaise' | 'feePaise' | 'feeGstPaise' | 'netPaise' | 'refundPaise' | 'payoutPaise'>) =>
    rows.reduce((s, r) => s + r[k], 0);
  const address = `${outlet.addressLineOne}, ${outlet.addressLineTwo}, ${outlet.state} ${outlet.pincode}`;

  const bytes = await renderPdf({ title: `Settlement statement ${monthName}: ${outlet.name}`, subject: 'Bachat settlement statement and tax invoice' }, (kit) => {
    kit.header(`Settlement statement · ${monthName}`, complete ? `${pdfDay(first)} to ${pdfDay(last)}` : `${pdfDay(first)} to ${pdfDay(today)} (the month is not over)`);
    kit.pairs([
      ['Outlet', outlet.name],
      ['Address', address],
      ['GSTIN', outlet.gstin ?? 'Not on file'],
      ['Paid through', outlet.routeAccountId ? `Razorpay Route, linked account ${outlet.routeAccountId}` : 'Bachat’s own bank transfers (no linked account)'],
    ]);
    kit.heading('Summary');
    kit.amounts([
      { label: `Bills paid through Bachat (${sum('ordersCount')})`, paise: sum('grossPaise') },
      { label: 'Discounts you gave', paise: sum('discountPaise'), sign: '−' },
      { label: 'Platform fee (1.5 %)', paise: sum('feePaise'), sign: '−' },
      { label: `GST on the platform fee (${env.GST_PERCENT} %)`, paise: sum('feeGstPaise'), sign: '−' },
      { label: 'Your share of refunds', paise: sum('refundPaise'), sign: '−' },
      { label: 'Payout to your bank', paise: sum('payoutPaise'), strong: true },
    ]);
    const settled = rows.filter((r) => r.status === 'settled').reduce((s, r) => s + r.payoutPaise, 0);
    kit.paragraph(`Settled: ${pdfRupees(settled)} · still to settle: ${pdfRupees(sum('payoutPaise') - settled)}`, { muted: true });
    kit.heading('Day by day');
    if (!rows.length) kit.paragraph('No bills were paid through Bachat this month.', { muted: true });
    else
      kit.table(
        [
          { header: 'Day', width: 13 },
          { header: 'Bills', width: 6, align: 'right' },
          { header: 'Gross', width: 13, align: 'right' },
          { header: 'Fee + GST', width: 12, align: 'right' },
          { header: 'Refunds', width: 11, align: 'right' },
          { header: 'Payout', width: 13, align: 'right' },
          { header: 'Status', width: 10 },
          { header: 'UTR', width: 22 },
        ],
        [
          ...rows.map((r) => [
            r.periodStart === r.periodEnd ? pdfDay(r.periodStart) : `${pdfDay(r.periodStart)} – ${pdfDay(r.periodEnd)}`,
            String(r.ordersCount),
            pdfRupees(r.grossPaise),
            pdfRupees(r.feePaise + r.feeGstPaise),
            pdfRupees(r.refundPaise),
            pdfRupees(r.payoutPaise),
            STATUS_LABELS[r.status],
            r.utr ?? '—',
          ]),
          ['Total', String(sum('ordersCount')), pdfRupees(sum('grossPaise')), pdfRupees(sum('feePaise') + sum('feeGstPaise')), pdfRupees(sum('refundPaise')), pdfRupees(sum('payoutPaise')), '', ''],
        ],
        { boldLastRow: true },
      );
    kit.paragraph(
      'Pending: the day’s money is on its way to your account. On hold: it is in your Razorpay linked account, held until each payment’s 24-hour refund window ends, then settled to your bank. Settled: paid to your bank; the UTR is the bank transfer’s reference.',
      { muted: true, size: 8 },
    );

    kit.newPage();
    kit.header('Tax invoice', `Platform fee for ${monthName}`);
    if (!supplier) {
      kit.paragraph('The tax invoice for this month is not available yet. Please contact Bachat support.', { muted: true });
      return;
    }
    if (!complete) {
      kit.paragraph(`The tax invoice for ${monthName} is issued when the month ends, for the platform fee of every bill paid in it.`, { muted: true });
      return;
    }
    kit.pairs([
      ['Invoice number', invoiceNo],
      ['Invoice date', pdfDay(last)],
      ['Supplier', `${supplier.name}\n${supplier.address}`],
      ['Supplier GSTIN', supplier.gstin],
      ['Recipient', `${outlet.name}\n${address}`],
      ['Recipient GSTIN', outlet.gstin ?? 'Unregistered (no GSTIN on file)'],
      ['Place of supply', placeOfSupply],
      ['Reverse charge', 'No'],
    ]);
    kit.heading('Service');
    const rate = Number(env.GST_PERCENT);
    kit.table(
      [
        { header: 'Description', width: 46 },
        { header: 'SAC', width: 10 },
        { header: 'Amount', width: 16, align: 'right' },
      ],
      [
        [`Platform fee, 1.5 % of ${invoice.bills} bills paid through Bachat`, '998599', pdfRupees(invoice.feePaise)],
        ['Less: fee returned with refunds', '', `−${pdfRupees(invoice.feeReturnedPaise)}`],
        ['Taxable value', '', pdfRupees(invoice.taxablePaise)],
        ...(invoice.intraState
          ? [
              [`CGST ${rate / 2} %`, '', pdfRupees(invoice.cgstPaise)],
              [`SGST ${rate / 2} %`, '', pdfRupees(invoice.sgstPaise)],
            ]
          : [[`IGST ${rate} %`, '', pdfRupees(invoice.igstPaise)]]),
        ['Invoice total', '', pdfRupees(invoice.totalPaise)],
      ],
      { boldLastRow: true },
    );
    kit.paragraph(
      `The fee and its GST were withheld from your payouts (see the statement). GST is computed bill by bill at ${rate} % and rounded to the paisa. Issued on ${pdfDate(now())}. This is a computer-generated invoice and needs no signature.`,
      { muted: true, size: 8 },
    );
  });
  return {
    filename: `bachat-statement-${outlet.id}-${input.month}.pdf`,
    contentType: 'application/pdf',
    base64: bytes.toString('base64'),
    bytes,
  };
}

/** Re-export for the dashboards module's inputs. */
export type { StatementPdfInput };
