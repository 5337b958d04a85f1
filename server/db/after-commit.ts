import type { Knex } from 'knex';

/** The outermost transaction of `trx` (a savepoint's commit is not the data's). */
export function rootOf(trx: Knex.Transaction): Knex.Transaction {
  let t = trx;
  while (t.parentTransaction) t = t.parentTransaction;
  return t;
}

/** Runs `fn` once the outermost transaction of `trx` has committed; never when it rolls back. */
export function afterCommit(trx: Knex.Transaction, fn: () => void): void {
  rootOf(trx).executionPromise.then(fn, () => undefined);
}
