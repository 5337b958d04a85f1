import { rawRows } from '../../db/rows.ts';
import { runtime } from '../../lib/runtime.ts';
import { isSandbox } from '../../providers/payments.ts';
import { handleWebhook } from '../payments/service.ts';

/**
 * The sandbox's Route, simulated (docs/payments.md, "The sandbox"): what Razorpay does on its side,
 * delivered as the same signed webhooks through the same code as a real provider's.
 *  1. a transfer of an order with a captured payment is processed into the linked account (`transfer.processed`, on hold);
 *  2. our release job lifts the hold 24 h after the capture (a real PATCH on Razorpay, nothing here);
 *  3. released transfers are settled to each linked account's bank: a settlement with a UTR
 *     (`settlement.processed`), whose transfers the reconciliation then marks settled.
 * Does nothing with a real provider.
 */
export async function runSandboxCycle(): Promise<{ processed: number; settlements: number }> {
  const { db, payments } = runtime();
  if (!isSandbox(payments)) return { processed: 0, settlements: 0 };
  const toProcess = await rawRows<{ providerTransferId: string; routeAccountId: string; amountPaise: number; publicId: string; paidAt: Date }>(
    db,
    // Razorpay processes an order's transfers once a payment of it is captured, whether or not we honour it.
    `SELECT t.provider_transfer_id, t.route_account_id, t.amount_paise, o.public_id, p.captured_at AS paid_at
       FROM transfers t JOIN orders o ON o.id = t.order_id
       JOIN LATERAL (SELECT min(captured_at) AS captured_at FROM payments WHERE order_id = o.id AND status = 'captured') p ON p.captured_at IS NOT NULL
      WHERE t.status = 'created' AND t.provider = 'sandbox' AND t.provider_transfer_id IS NOT NULL
      ORDER BY t.id LIMIT 200`,
  );
  for (const t of toProcess) {
    const hook = payments.transferProcessed({ transferId: t.providerTransferId, account: t.routeAccountId, amountPaise: t.amountPaise, orderRef: t.publicId, at: t.paidAt });
    await handleWebhook(hook.body, hook.signature, hook.eventId);
  }
  const released = await rawRows<{ providerTransferId: string; routeAccountId: string; amountPaise: number; reversedPaise: number }>(
    db,
    `SELECT provider_transfer_id, route_account_id, amount_paise, reversed_paise FROM transfers
      WHERE status = 'released' AND provider = 'sandbox' AND provider_transfer_id IS NOT NULL
      ORDER BY route_account_id, id LIMIT 1000`,
  );
  const byAccount = new Map<string, { id: string; amountPaise: number }[]>();
  for (const t of released) {
    const list = byAccount.get(t.routeAccountId) ?? [];
    list.push({ id: t.providerTransferId, amountPaise: t.amountPaise - t.reversedPaise });
    byAccount.set(t.routeAccountId, list);
  }
  for (const [account, transfers] of byAccount) {
    const { webhook } = payments.settle({ account, transfers, at: runtime().now() });
    await handleWebhook(webhook.body, webhook.signature, webhook.eventId);
  }
  return { processed: toProcess.length, settlements: byAccount.size };
}
