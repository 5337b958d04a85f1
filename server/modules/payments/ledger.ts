import type { Knex } from 'knex';

/**
 * The ledger's payout entry (`ledger_entries`, owned here): when a settlement statement is settled, the
 * money it paid the outlet is booked once against it (unique per statement; a repeat does nothing). The
 * settlements module calls this from the transaction that settles the statement.
 */
export async function bookPayout(trx: Knex.Transaction, input: { outletId: number; settlementId: number; amountPaise: number; at: Date }): Promise<void> {
  await trx.raw(
    `INSERT INTO ledger_entries (outlet_id, settlement_id, entry_type, amount_paise, occurred_at)
     VALUES (?, ?, 'payout', ?, ?)
     ON CONFLICT (settlement_id) WHERE entry_type = 'payout' DO NOTHING`,
    [input.outletId, input.settlementId, input.amountPaise, input.at],
  );
}
