import type { Knex } from 'knex';
import { conflict, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { istMoment } from '../offers/rules.ts';
import { cardsByIds, OUTLET_NOT_FOUND } from '../outlets/service.ts';
import { FAVOURITE_MESSAGES, MAX_FAVOURITES, type FavouriteState, type FavouritesList, type FavouritesListInput } from './schema.ts';

/**
 * Favourites (issue 16): one row per shopper and outlet. Only live outlets can be added and only live
 * ones are listed (an outlet taken off live comes back to the list when it is live again).
 */

/** Adds an outlet to the shopper's favourites (again is a no-op). A missing or not-live outlet is a 404. */
export async function addFavourite(consumerId: number, outletId: number): Promise<FavouriteState> {
  const { db, now } = runtime();
  await db.transaction(async (trx) => {
    const outlet = await trx('outlets').where({ id: outletId, isLive: true }).first('id');
    if (!outlet) throw notFound(OUTLET_NOT_FOUND);
    // One shopper's adds queue behind each other, so the cap holds under concurrent taps.
    await trx('consumers').where({ id: consumerId }).forUpdate().first('id');
    if (await trx('favourites').where({ consumerId, outletId }).first('outletId')) return;
    const { n } = (await trx('favourites').where({ consumerId }).count({ n: '*' }).first()) ?? { n: 0 };
    if (Number(n) >= MAX_FAVOURITES) throw conflict(FAVOURITE_MESSAGES.tooMany);
    await trx('favourites').insert({ consumerId, outletId, createdAt: now() });
  });
  return { outletId, isFavourite: true };
}

/** Removes an outlet from the shopper's favourites (absent is a no-op). */
export async function removeFavourite(consumerId: number, outletId: number): Promise<FavouriteState> {
  await runtime().db('favourites').where({ consumerId, outletId }).delete();
  return { outletId, isFavourite: false };
}

/** The ids of the shopper's favourite outlets, for the hearts on cards (at most MAX_FAVOURITES). */
export async function listFavouriteIds(consumerId: number): Promise<number[]> {
  const rows = await runtime().db('favourites').where({ consumerId }).orderBy('outletId').select('outletId');
  return rows.map((r) => r.outletId);
}

/** The shopper's favourite live outlets as cards, newest first, paged like the outlet list (offSet is a 1-based page). */
export async function listFavourites(consumerId: number, input: FavouritesListInput): Promise<FavouritesList> {
  const { db, now } = runtime();
  const at = now();
  const page = Math.max(input.offSet, 1);
  const base = db('favourites as f').join('outlets as o', 'o.id', 'f.outletId').where({ 'f.consumerId': consumerId, 'o.isLive': true });
  const [rows, total] = await Promise.all([
    base
      .clone()
      .orderBy([
        { column: 'f.createdAt', order: 'desc' },
        { column: 'f.outletId', order: 'desc' },
      ])
      .offset((page - 1) * input.limit)
      .limit(input.limit)
      .select<{ outletId: number; createdAt: Date }[]>('f.outletId', 'f.createdAt'),
    base.clone().count<{ n: number }[]>({ n: '*' }),
  ]);
  const point = input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : null;
  const cards = await cardsByIds(db, rows.map((r) => r.outletId), { point, date: istMoment(at).date, now: at });
  const addedAt = new Map(rows.map((r) => [r.outletId, r.createdAt]));
  const totalCount = Number(total[0]?.n ?? 0);
  return {
    items: cards.map((c) => ({ ...c, favouritedAt: addedAt.get(c.id)! })),
    totalCount,
    offSet: page,
    limit: input.limit,
    hasMore: (page - 1) * input.limit + cards.length < totalCount,
  };
}

/**
 * The shoppers (active accounts) who keep this outlet as a favourite, by id, `limit` at a time after
 * `afterConsumerId`: what the nearby-offers notifications (PUSH_NEARBY_OFFERS) will read to tell them
 * about a new offer there. Served by the favourites_outlet_id_index.
 */
export async function favouritedBy(outletId: number, page: { afterConsumerId?: number; limit?: number } = {}): Promise<number[]> {
  const rows = await runtime()
    .db('favourites as f')
    .join('consumers as c', 'c.id', 'f.consumerId')
    .where('f.outletId', outletId)
    .whereNull('c.deletedAt')
    .where('f.consumerId', '>', page.afterConsumerId ?? 0)
    .orderBy('f.consumerId')
    .limit(Math.min(page.limit ?? 1000, 10_000))
    .select<{ consumerId: number }[]>('f.consumerId');
  return rows.map((r) => r.consumerId);
}

/** Account deletion: the shopper's favourites go with it. */
export async function deleteFavouritesOf(consumerId: number, trx: Knex): Promise<void> {
  await trx('favourites').where({ consumerId }).delete();
}
