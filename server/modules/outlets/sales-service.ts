import type { BusinessOwnerRow, OutletRow } from '../../db/tables.ts';
import { runtime } from '../../lib/runtime.ts';
import type { ResourceHooks } from '../../admin/engine.ts';
import type { OutletAdminInput } from './admin.ts';
import { createOutlet, deleteOutlet, updateOutlet } from './service.ts';

/**
 * Outlets as sales staff see them (the back office and the documented sales paths). The shopper-facing
 * reads and every write live in this module's service.ts.
 */

/**
 * The back office's outlets resource: the generic engine validates (outletAdminSchema), audits and
 * reads; the writes are the service's (createOutlet, updateOutlet, deleteOutlet), so the rules for
 * slugs, references and owner grants live in one place.
 */
export const outletHooks: ResourceHooks = {
  // The engine hands over bodies parsed with outletAdminSchema (updates: only the keys sent).
  insert: (input, { trx }) => createOutlet(trx, input as OutletAdminInput),
  patch: (id, patch, _before, { trx }) => updateOutlet(trx, id, patch as Partial<OutletAdminInput>),
  remove: (id, _before, { trx }) => deleteOutlet(trx, id),
};

/** `GET /api/outlet/all-outlets`: every outlet for sales, newest first, paged (offSet is a 1-based page). */
export async function listAllOutlets(input: { offSet: number; limit: number; searchString?: string }) {
  const { db } = runtime();
  const q = db('outlets');
  if (input.searchString) {
    const pattern = `%${input.searchString.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q.where((w) => w.where('name', 'ilike', pattern).orWhere('addressLineTwo', 'ilike', pattern));
  }
  const rows = await q
    .clone()
    .select<AllOutletsRow[]>('id', 'name', 'masterOutletId', 'ownerId', 'cityId', 'categoryId', 'addressLineTwo', 'isLive', db.raw('count(*) over () as total_count'))
    .orderBy('id', 'desc')
    .offset((Math.max(input.offSet, 1) - 1) * input.limit)
    .limit(input.limit);
  const total = rows[0]?.totalCount ?? Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
  return { rows, total };
}

type AllOutletsRow = Pick<OutletRow, 'id' | 'name' | 'masterOutletId' | 'ownerId' | 'cityId' | 'categoryId' | 'addressLineTwo' | 'isLive'> & {
  totalCount: number;
};

/** `POST /api/sales/details?outletId`: one outlet with what sales need to see about it. */
export async function getSalesOutletDetails(outletId: number) {
  const { db } = runtime();
  const outlet = await db('outlets').where({ id: outletId }).first();
  if (!outlet) return null;
  const [discount, dayDiscounts, owners, category, city] = await Promise.all([
    db('outletDiscounts').where({ outletId }).first('discountPercent', 'isLive', 'updatedAt'),
    db('dayDiscounts').where({ outletId }).orderBy('dayOfWeek').select('id', 'dayOfWeek', 'discountPercent', 'isActive'),
    db('businessOwners as bo')
      .join('businessOwnerOutlets as g', 'g.businessOwnerId', 'bo.id')
      .where('g.outletId', outletId)
      .orderBy('bo.id')
      .select<Pick<BusinessOwnerRow, 'id' | 'username' | 'name' | 'isMaster' | 'isActive'>[]>('bo.id', 'bo.username', 'bo.name', 'bo.isMaster', 'bo.isActive'),
    db('categories').where({ id: outlet.categoryId }).first('name'),
    db('cities').where({ id: outlet.cityId }).first('name'),
  ]);
  return { outlet, discount: discount ?? null, dayDiscounts, owners, categoryName: category?.name ?? null, cityName: city?.name ?? null };
}
