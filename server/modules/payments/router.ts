import { outletProcedure, router, userProcedure } from '../../trpc/trpc.ts';
import { orderIdInputSchema } from '../orders/schema.ts';
import { checkReceiptInputSchema, checkoutCallbackSchema, demoCheckoutInputSchema, demoCompleteInputSchema } from './schema.ts';
import { checkReceipt, completeDemoCheckout, getDemoCheckout, getReceipt, handleCheckoutCallback } from './service.ts';
import { receiptPdf } from './receipt-pdf.ts';

export const paymentsRouter = router({
  /** The sandbox's hosted checkout (/payment-demo): outlet and amount of the shopper's order. */
  demoCheckout: userProcedure.input(demoCheckoutInputSchema).query(({ ctx, input }) => getDemoCheckout(ctx.principal.consumerId, input.orderId)),
  /** The sandbox's Pay / Fail: goes through the same signed callback and webhook code as a real provider. */
  demoComplete: userProcedure
    .input(demoCompleteInputSchema)
    .mutation(({ ctx, input }) => completeDemoCheckout(ctx.principal.consumerId, input.orderId, input.outcome)),
  /** A real provider's checkout callback (Razorpay handler fields); verifies the signature, then captures. */
  verifyCheckout: userProcedure
    .input(checkoutCallbackSchema)
    .mutation(({ ctx, input }) => handleCheckoutCallback(ctx.principal.consumerId, input)),
  /** The receipt of the shopper's order (or its failed / pending state). */
  byOrder: userProcedure.input(orderIdInputSchema).query(({ ctx, input }) => getReceipt(ctx.principal.consumerId, input.orderId)),
  /** The receipt of the shopper's paid order as a PDF, base64 (REST: `/api/payments/order/:orderId/receipt.pdf`). */
  receiptPdf: userProcedure.input(orderIdInputSchema).query(async ({ ctx, input }) => {
    const { filename, contentType, bytes } = await receiptPdf(ctx.principal.consumerId, input.orderId, ctx.requestedLanguage);
    return { filename, contentType, base64: bytes.toString('base64') };
  }),
  /**
   * The outlet's staff check a receipt id at the counter (business account with access to the outlet:
   * a foreign outlet is refused before the code is read, like every business procedure).
   */
  checkReceipt: outletProcedure
    .input(checkReceiptInputSchema)
    .query(({ ctx, input }) => checkReceipt(ctx.principal.businessOwnerId, input)),
});
