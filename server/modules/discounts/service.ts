import type { Knex } from 'knex';

/**
 * The outlet's base discount, the "discount button" (`outlet_discounts`, one row per outlet). The back
 * office edits the table through the admin engine (admin.ts); an owner's button (business-account)
 * sets it here.
 */
export async function setOutletDiscount(
  db: Knex,
  outletId: number,
  discount: { discountPercent: number; isLive: boolean; updatedById: number | null },
  at: Date,
): Promise<void> {
  await db('outletDiscounts')
    .insert({ outletId, ...discount, updatedAt: at })
    .onConflict('outletId')
    .merge(['discountPercent', 'isLive', 'updatedById', 'updatedAt']);
}
