import type { Knex } from 'knex';
import { announceAccessChange } from '../sessions/events.ts';

/**
 * Grants (`business_owner_outlets`, owned by business-owners): the outlets an account may use besides
 * the ones it owns. Every write to the table is here: the back office and approvals (service.ts), a
 * master's sub-accounts (sub-accounts) and an outlet's owner (outlets, which service.ts itself calls:
 * hence a file of its own). Taking an outlet away rings the access doorbell (sessions/events.ts): the
 * account's open live streams are re-checked at once.
 */

/** Lets the account use the outlet (no-op when it already may). */
export async function grantOutlet(db: Knex, businessOwnerId: number, outletId: number, grantedById: number | null): Promise<void> {
  await db('businessOwnerOutlets').insert({ businessOwnerId, outletId, grantedById }).onConflict(['businessOwnerId', 'outletId']).ignore();
}

/** Takes one outlet away from the account. */
export async function revokeOutletGrant(db: Knex, businessOwnerId: number, outletId: number): Promise<void> {
  const removed = await db('businessOwnerOutlets').where({ businessOwnerId, outletId }).delete();
  if (removed) await announceAccessChange({ kind: 'business', principalId: businessOwnerId }, db);
}

/** The account may use exactly `outletIds` (grants it keeps are left as they were). */
export async function replaceGrants(db: Knex, businessOwnerId: number, outletIds: readonly number[], grantedById: number | null): Promise<void> {
  const ids = [...new Set(outletIds)];
  const removed = await db('businessOwnerOutlets').where({ businessOwnerId }).whereNotIn('outletId', ids).delete();
  if (removed) await announceAccessChange({ kind: 'business', principalId: businessOwnerId }, db);
  if (ids.length) {
    await db('businessOwnerOutlets')
      .insert(ids.map((outletId) => ({ businessOwnerId, outletId, grantedById })))
      .onConflict(['businessOwnerId', 'outletId'])
      .ignore();
  }
}
