import { notFound } from '../../lib/errors.ts';
import { pdfDateTime, pdfRupees, renderPdf } from '../../lib/pdf.ts';
import { runtime } from '../../lib/runtime.ts';
import { localize, type Language } from '../../lib/i18n.ts';
import { getReceipt } from './service.ts';

export const RECEIPT_PDF_MESSAGES = {
  notPaid: 'There is no receipt for this order: it was not paid',
} as const;

/** The receipt's words in each language (docs/i18n.md: Hindi as the app speaks it). */
const WORDS = {
  en: {
    title: 'Payment receipt',
    outlet: 'Outlet',
    address: 'Address',
    paidOn: 'Paid on',
    receiptId: 'Receipt ID',
    verification: 'Verification code',
    yourBill: 'Your bill',
    bill: 'Bill amount',
    instant: 'Instant discount',
    shuffle: 'Shuffle discount',
    fee: 'Convenience fee',
    gst: 'GST on the convenience fee',
    paid: 'Amount paid',
    saved: (amount: string) => `You saved ${amount} on this bill.`,
    refunds: 'Refunds',
    refunded: 'Refunded',
    refunding: 'Refund on its way',
    fullyRefunded: 'This payment was refunded in full.',
    footer:
      "Paid through Bachat. The outlet's staff can check this receipt with its receipt ID and verification code. This is a payment receipt, not a tax invoice for the goods; ask the outlet for its bill.",
    docTitle: (code: string) => `Bachat receipt ${code}`.trim(),
    subject: (outlet: string) => `Payment at ${outlet}`,
  },
  hi: {
    title: 'पेमेंट की रसीद',
    outlet: 'आउटलेट',
    address: 'पता',
    paidOn: 'पेमेंट की तारीख',
    receiptId: 'रसीद ID',
    verification: 'पुष्टि कोड',
    yourBill: 'आपका बिल',
    bill: 'बिल की रकम',
    instant: 'तुरंत छूट',
    shuffle: 'Shuffle छूट',
    fee: 'सुविधा शुल्क',
    gst: 'सुविधा शुल्क पर GST',
    paid: 'चुकाई गई रकम',
    saved: (amount: string) => `इस बिल पर आपने ${amount} बचाए।`,
    refunds: 'रिफ़ंड',
    refunded: 'रिफ़ंड हो गया',
    refunding: 'रिफ़ंड आ रहा है',
    fullyRefunded: 'इस पेमेंट का पूरा रिफ़ंड हो गया है।',
    footer:
      'Bachat से चुकाया गया। आउटलेट के कर्मचारी रसीद ID और पुष्टि कोड से यह रसीद जाँच सकते हैं। यह पेमेंट की रसीद है, सामान का टैक्स इनवॉइस नहीं; उसके लिए आउटलेट से बिल माँगें।',
    docTitle: (code: string) => `Bachat रसीद ${code}`.trim(),
    subject: (outlet: string) => `${outlet} पर पेमेंट`,
  },
} as const;

/**
 * The shopper's receipt as a PDF (`payments.receiptPdf`, `GET /api/payments/order/:orderId/receipt.pdf`;
 * the history's `/api/user/redeemed-history/:id/receipt.pdf`): the same figures as the receipt page,
 * read by `getReceipt`, so only the shopper's own paid order has one (anyone else's: 404). In the
 * language the request asks for, else the shopper's account language (issue 28).
 */
export async function receiptPdf(
  consumerId: number,
  orderId: string,
  requested: Language | null = null,
): Promise<{ filename: string; contentType: 'application/pdf'; bytes: Buffer }> {
  const r = await getReceipt(consumerId, orderId);
  if (r.status !== 'paid' || !r.paidAt) throw notFound(RECEIPT_PDF_MESSAGES.notPaid);
  const { db } = runtime();
  const language: Language = requested ?? (await db('consumers').where({ id: consumerId }).first('language'))?.language ?? 'en';
  const w = WORDS[language];
  const outlet = await db('outlets').where({ id: r.outletId }).first('addressLineOne', 'addressLineTwo', 'state', 'pincode', 'gstin');
  const refunded = r.refunds.filter((f) => f.status !== 'failed');
  const refundedPaise = refunded.filter((f) => f.status === 'processed').reduce((sum, f) => sum + f.amountPaise, 0);
  const paidOn = pdfDateTime(r.paidAt, language);
  const bytes = await renderPdf({ title: w.docTitle(r.receiptCode ?? ''), subject: w.subject(r.outletName), language }, (kit) => {
    kit.header(w.title, `${r.outletName} · ${paidOn}`);
    kit.pairs([
      [w.outlet, r.outletName],
      ...(outlet ? ([[w.address, `${outlet.addressLineOne}, ${outlet.addressLineTwo}, ${outlet.state} ${outlet.pincode}`]] as [string, string][]) : []),
      [w.paidOn, paidOn],
      [w.receiptId, r.receiptCode ?? '—'],
      [w.verification, r.verificationCode ?? '—'],
    ]);
    kit.heading(w.yourBill);
    kit.amounts([
      { label: w.bill, paise: r.billPaise },
      ...(r.instantDiscountPaise > 0 ? [{ label: w.instant, paise: r.instantDiscountPaise, sign: '−' as const }] : []),
      ...(r.shuffleDiscountPaise > 0 ? [{ label: w.shuffle, paise: r.shuffleDiscountPaise, sign: '−' as const }] : []),
      { label: w.fee, paise: r.convenienceFeePaise },
      { label: w.gst, paise: r.gstPaise },
      { label: w.paid, paise: r.amountPaise, strong: true },
    ]);
    if (r.savedPaise > 0) kit.paragraph(w.saved(pdfRupees(r.savedPaise)));
    if (refunded.length) {
      kit.heading(w.refunds);
      if (refundedPaise >= r.amountPaise) kit.paragraph(w.fullyRefunded);
      kit.amounts(
        refunded.map((f) => ({
          label: `${f.status === 'processed' ? w.refunded : w.refunding} · ${localize(f.reason, language)}${f.processedAt ? ` · ${pdfDateTime(f.processedAt, language)}` : ''}`,
          paise: f.amountPaise,
        })),
      );
    }
    kit.paragraph(w.footer, { muted: true, size: 8 });
  });
  return { filename: `bachat-receipt-${r.receiptCode ?? r.orderId}.pdf`, contentType: 'application/pdf', bytes };
}
