import type { Knex } from 'knex';
import { badRequest } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import type { ResourceHooks } from '../../admin/engine.ts';
import type { OutletRow } from '../../db/tables.ts';

/**
 * Outlets as sales staff create and edit them (the back office and the documented sales paths).
 * The shopper-facing reads live in this module's service.ts.
 */

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'outlet';
}

/** A slug free in the city: `name`, else `name-2`, `name-3`… */
export async function freeSlug(trx: Knex, cityId: number, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await trx('outlets')
        .where({ cityId })
        .where((w) => w.where('slug', base).orWhere('slug', 'like', `${base}-%`))
        .modify((q) => (exceptId ? q.whereNot('id', exceptId) : q))
        .select('slug')
    ).map((r: { slug: string }) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type ReferenceFields = Partial<Pick<OutletRow, 'categoryId' | 'cityId' | 'ownerId' | 'masterOutletId' | 'shuffleMinPercent' | 'shuffleMaxPercent'>>;

async function checkReferences(trx: Knex, row: ReferenceFields, selfId?: number): Promise<void> {
  const errors: Record<string, string> = {};
  if (row.categoryId !== undefined && !(await trx('categories').where({ id: row.categoryId }).first('id'))) {
    errors.categoryId = 'No such category';
  }
  if (row.cityId !== undefined && !(await trx('cities').where({ id: row.cityId }).first('id'))) errors.cityId = 'No such city';
  if (row.ownerId) {
    const owner = await trx('businessOwners').where({ id: row.ownerId }).first('isMaster');
    if (!owner) errors.ownerId = 'No such account';
    else if (!owner.isMaster) errors.ownerId = 'Outlets belong to master accounts; grant sub-accounts access instead';
  }
  if (row.masterOutletId) {
    if (row.masterOutletId === selfId) errors.masterOutletId = 'An outlet cannot be its own master outlet';
    else if (!(await trx('outlets').where({ id: row.masterOutletId }).first('id'))) errors.masterOutletId = 'No such outlet';
  }
  const min = row.shuffleMinPercent;
  const max = row.shuffleMaxPercent;
  if (min !== undefined && max !== undefined && min > max) {
    errors.shuffleMaxPercent = 'Shuffle maximum must not be below the minimum';
  }
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
}

/** The owner (a master account) also gets a grant row, so its login lists the outlet. */
async function syncOwnerGrant(trx: Knex, outletId: number, ownerId: unknown, previousOwnerId?: unknown): Promise<void> {
  if (typeof previousOwnerId === 'number' && previousOwnerId !== ownerId) {
    await trx('businessOwnerOutlets').where({ businessOwnerId: previousOwnerId, outletId }).delete();
  }
  if (typeof ownerId === 'number') {
    await trx('businessOwnerOutlets')
      .insert({ businessOwnerId: ownerId, outletId, grantedById: null })
      .onConflict(['businessOwnerId', 'outletId'])
      .ignore();
  }
}

export const outletHooks: ResourceHooks = {
  async beforeCreate(input, { trx }) {
    await checkReferences(trx, input as ReferenceFields);
    return { ...input, slug: await freeSlug(trx, input.cityId as number, input.name as string) };
  },
  async afterCreate(record, _input, { trx }) {
    await syncOwnerGrant(trx, record.id as number, record.ownerId);
  },
  async beforeUpdate(patch, before, { trx }) {
    await checkReferences(trx, { shuffleMinPercent: before.shuffleMinPercent, shuffleMaxPercent: before.shuffleMaxPercent, ...patch } as ReferenceFields, before.id as number);
    const row = { ...patch };
    const name = (patch.name ?? before.name) as string;
    const cityId = (patch.cityId ?? before.cityId) as number;
    if (name !== before.name || cityId !== before.cityId) row.slug = await freeSlug(trx, cityId, name, before.id as number);
    return row;
  },
  async afterUpdate(record, _patch, before, { trx }) {
    if (record.ownerId !== before.ownerId) await syncOwnerGrant(trx, record.id as number, record.ownerId, before.ownerId);
  },
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
      .select('bo.id', 'bo.username', 'bo.name', 'bo.isMaster', 'bo.isActive'),
    db('categories').where({ id: outlet.categoryId }).first('name'),
    db('cities').where({ id: outlet.cityId }).first('name'),
  ]);
  return { outlet, discount: discount ?? null, dayDiscounts, owners, categoryName: category?.name ?? null, cityName: city?.name ?? null };
}
