import type { SettlementStatus } from '../../db/tables.ts';

/**
 * A statement's status, pure (docs/payments.md, "Money reaches the outlet"). The money itself (the
 * outlet's payout, a refund's share of it) is computed by orders/money.ts, like every other figure.
 */

/** Where each of a statement's transfers is (counts by status). */
export interface TransferCounts {
  created: number;
  processed: number;
  released: number;
  settled: number;
  failed: number;
}

/**
 * A statement's status from where its money is, whatever order the provider's events came in:
 * - settled: every transfer is settled (paid to the bank) and the part not sent through Route is paid
 *   by the platform (its payout UTR recorded) or is nothing;
 * - on_hold: every transfer is at least processed (in the outlet's linked account, held until the
 *   refund window ends, then waiting for the provider's settlement) and the platform's part is settled
 *   the same way;
 * - pending: anything else (a transfer not processed yet, or the platform still owes its part).
 */
export function statementStatus(input: { transfers: TransferCounts; platformOwedPaise: number; payoutRecorded: boolean }): SettlementStatus {
  const t = input.transfers;
  const platformDone = input.platformOwedPaise <= 0 || input.payoutRecorded;
  const waiting = t.created + t.failed;
  const total = waiting + t.processed + t.released + t.settled;
  if (!platformDone || waiting > 0) return 'pending';
  if (t.settled === total) return total > 0 || input.payoutRecorded || input.platformOwedPaise <= 0 ? 'settled' : 'pending';
  return 'on_hold';
}
