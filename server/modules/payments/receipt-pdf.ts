import { notFound } from '../../lib/errors.ts';
import { pdfDateTime, pdfRupees, renderPdf } from '../../lib/pdf.ts';
import { runtime } from '../../lib/runtime.ts';
import { getReceipt } from './service.ts';

export const RECEIPT_PDF_MESSAGES = {
  notPaid: 'There is no receipt for this order: it was not paid',
} as const;

/**
 * The shopper's receipt as a PDF (`payments.receiptPdf`, `GET /api/payments/order/:orderId/receipt.pdf`;
 * the history's `/api/user/redeemed-history/:id/receipt.pdf`): the same figures as the receipt page,
 * read by `getReceipt`, so only the shopper's own paid order has one (anyone else's: 404).
 */
export async function receiptPdf(consumerId: number, orderId: string): Promise<{ filename: string; contentType: 'application/pdf'; bytes: Buffer }> {
  const r = await getReceipt(consumerId, orderId);
  if (r.status !== 'paid' || !r.paidAt) throw notFound(RECEIPT_PDF_MESSAGES.notPaid);
  const outlet = await runtime().db('outlets').where({ id: r.outletId }).first('addressLineOne', 'addressLineTwo', 'state', 'pincode', 'gstin');
  const refunded = r.refunds.filter((f) => f.status !== 'failed');
  const bytes = await renderPdf({ title: `Bachat receipt ${r.receiptCode ?? ''}`.trim(), subject: `Payment at ${r.outletName}` }, (kit) => {
    kit.header('Payment receipt', `${r.outletName} · ${pdfDateTime(r.paidAt!)}`);
    kit.pairs([
      ['Outlet', r.outletName],
      ...(outlet ? ([['Address', `${outlet.addressLineOne}, ${outlet.addressLineTwo}, ${outlet.state} ${outlet.pincode}`]] as [string, string][]) : []),
      ['Paid on', pdfDateTime(r.paidAt!)],
      ['Receipt ID', r.receiptCode ?? '—'],
      ['Verification code', r.verificationCode ?? '—'],
    ]);
    kit.heading('Your bill');
    kit.amounts([
      { label: 'Bill amount', paise: r.billPaise },
      ...(r.instantDiscountPaise > 0 ? [{ label: 'Instant discount', paise: r.instantDiscountPaise, sign: '−' as const }] : []),
      ...(r.shuffleDiscountPaise > 0 ? [{ label: 'Shuffle discount', paise: r.shuffleDiscountPaise, sign: '−' as const }] : []),
      { label: 'Convenience fee', paise: r.convenienceFeePaise },
      { label: 'GST on the convenience fee', paise: r.gstPaise },
      { label: 'Amount paid', paise: r.amountPaise, strong: true },
    ]);
    if (r.savedPaise > 0) kit.paragraph(`You saved ${pdfRupees(r.savedPaise)} on this bill.`);
    if (refunded.length) {
      kit.heading('Refunds');
      kit.amounts(
        refunded.map((f) => ({
          label: `${f.status === 'processed' ? 'Refunded' : 'Refund on its way'} · ${f.reason}${f.processedAt ? ` · ${pdfDateTime(f.processedAt)}` : ''}`,
          paise: f.amountPaise,
        })),
      );
    }
    kit.paragraph(
      'Paid through Bachat. The outlet’s staff can check this receipt with its receipt ID and verification code. This is a payment receipt, not a tax invoice for the goods; ask the outlet for its bill.',
      { muted: true, size: 8 },
    );
  });
  return { filename: `bachat-receipt-${r.receiptCode ?? r.orderId}.pdf`, contentType: 'application/pdf', bytes };
}
