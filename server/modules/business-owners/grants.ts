import type { Knex } from 'knex';

/**
 * Grants (`business_owner_outlets`, owned by business-owners): the outlets an account may use besides
 * the ones it owns. Every write to the table is here: the back office and approvals (service.ts), a
 * master's sub-accounts (sub-accounts) and an outlet's owner (outlets, which service.ts itself calls:
 * hence a file of its own).
 */

/** Lets the account use the outlet (no-op when it already may). */
export async function grantOutlet(db: Knex, businessOwnerId: number, outletId: number, grantedById: number | null): Promise<void> {
  await db('businessOwnerOutlets').insert({ businessOwnerId, outletId, grantedById }).onConflict(['businessOwnerId', 'outletId']).ignore();
}

/** Takes one outlet away from the account. */
export async function revokeOutletGrant(db: Knex, businessOwnerId: number, outletId: number): Promise<void> {
  await db('businessOwnerOutlets').where({ businessOwnerId, outletId }).delete();
}

/** The account may use exactly `outletIds` (grants it keeps are left as they were). */
export async function replaceGrants(db: Knex, businessOwnerId: number, outletIds: readonly number[], grantedById: number | null): Promise<void> {
  const ids = [...new Set(outletIds)];
  await db('businessOwnerOutlets').where({ businessOwnerId }).whereNotIn('outletId', ids).delete();
  if (ids.length) {
    await db('businessOwnerOutlets')
      .insert(ids.map((outletId) => ({ businessOwnerId, outletId, grantedById })))
      .onConflict(['businessOwnerId', 'outletId'])
      .ignore();
  }
}
