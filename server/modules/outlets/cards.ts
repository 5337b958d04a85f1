import type { Knex } from 'knex';
import { rawRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { offerColumnsBindings, offerColumnsSql, offerInputsOf, type OfferColumns } from '../offers/service.ts';
import { liveOfferAt } from '../offers/rules.ts';
import type { OutletCard } from './schema.ts';

/**
 * What every list of outlets shares: the card's columns in SQL, the row they come back as, and the
 * card made of it (nearby, the filtered lists, search, favourites, details).
 */

/** Columns every card needs, from `o` (outlets), `c` (categories), `ci` (cities). */
export const CARD_COLUMNS = `
  o.id, o.master_outlet_id, o.name, o.slug, o.address_line_two, o.latitude, o.longitude,
  o.is_veg, o.cuisines,
  c.id AS category_id, c.name AS category_name, c.name_hi AS category_name_hi, c.slug AS category_slug,
  ci.id AS city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug,
  (SELECT ov.cost_for_two_paise FROM outlet_overviews ov WHERE ov.outlet_id = o.id) AS cost_for_two_paise,
  (SELECT ph.storage_key FROM outlet_photos ph WHERE ph.outlet_id = o.id
    ORDER BY (ph.sub_category = 'storefront') DESC, ph.position, ph.id LIMIT 1) AS photo_key`;

export interface CardRow extends OfferColumns, CategoryCityColumns {
  id: number;
  masterOutletId: number | null;
  name: string;
  slug: string;
  addressLineTwo: string;
  latitude: number;
  longitude: number;
  isVeg: boolean;
  cuisines: string[];
  costForTwoPaise: number | null;
  photoKey: string | null;
  distanceM?: number | null;
}

/** A statement with its bindings, and planner settings it needs for its one transaction (`runPlanned`). */
export interface PlannedSql {
  sql: string;
  bindings: (string | number)[];
  /** e.g. `enable_bitmapscan = off`: set with SET LOCAL around this statement only. */
  planHints?: readonly string[];
  /** Prepared once per connection and reused (`rawRows`' `prepared`): the hot reads of fixed shape. */
  prepared?: boolean;
}

/**
 * Runs a statement with its plan hints (in a transaction of its own, SET LOCAL, so nothing else sees
 * them); without hints, as is. Returns the rows with camelCase keys.
 */
export async function runPlanned<T>(db: Knex, q: PlannedSql): Promise<T[]> {
  const options = { prepared: q.prepared };
  if (!q.planHints?.length) return rawRows<T>(db, q.sql, q.bindings, options);
  return db.transaction(async (trx) => {
    for (const hint of q.planHints!) await trx.raw(`SET LOCAL ${hint}`);
    return rawRows<T>(trx, q.sql, q.bindings, options);
  });
}

/**
 * The plan a category's KNN needs: with the category's slab as an index condition the planner
 * estimates a handful of rows and would rather collect the whole category in a bitmap and sort it
 * (20,000 pharmacies at 1,000,000 outlets; 300,000 restaurants); without bitmaps it walks the category
 * GiST index nearest first and stops at the LIMIT, whatever the category's size.
 */
export const CATEGORY_KNN_HINTS = ['enable_bitmapscan = off'] as const;

/** The category and city columns every card-like row carries (`category_*`, `city_*` in the SQL). */
export interface CategoryCityColumns {
  categoryId: number;
  categoryName: string;
  categoryNameHi: string | null;
  categorySlug: string;
  cityId: number;
  cityName: string;
  cityNameHi: string | null;
  citySlug: string;
}

/** Those columns as the wire's category and city references. */
export function categoryCityOf(r: CategoryCityColumns): Pick<OutletCard, 'category' | 'city'> {
  return {
    category: { id: r.categoryId, name: r.categoryName, nameHi: r.categoryNameHi, slug: r.categorySlug },
    city: { id: r.cityId, name: r.cityName, nameHi: r.cityNameHi, slug: r.citySlug },
  };
}

/** Kilometres to 0.01 under 1 km and to 0.1 above. */
export function roundKm(metres: number | null | undefined): number | null {
  if (metres === null || metres === undefined) return null;
  const km = metres / 1000;
  return km < 1 ? Math.round(km * 100) / 100 : Math.round(km * 10) / 10;
}

export function photoUrl(key: string | null): string | null {
  return key ? runtime().storage.url(key) : null;
}

export function cardOf(r: CardRow, now: Date): OutletCard {
  return {
    id: r.id,
    masterOutletId: r.masterOutletId,
    name: r.name,
    slug: r.slug,
    locality: r.addressLineTwo,
    ...categoryCityOf(r),
    latitude: r.latitude,
    longitude: r.longitude,
    distanceKm: roundKm(r.distanceM),
    liveOffer: liveOfferAt(offerInputsOf(r.id, r), now),
    photoUrl: photoUrl(r.photoKey),
    isVeg: r.isVeg,
    cuisines: r.cuisines,
    costForTwoPaise: r.costForTwoPaise,
  };
}

/** The city for noLocation: a slug or an id; none given → the first active city (the default). */
export async function resolveCity(
  input: { city?: string; cityId?: number },
  db: Knex,
): Promise<{ id: number; latitude: number; longitude: number }> {
  const q = db('cities').where('isActive', true);
  if (input.cityId !== undefined) q.where('id', input.cityId);
  else if (input.city !== undefined) {
    const city = input.city;
    q.andWhere((w) => {
      w.where('slug', city);
      if (/^\d{1,15}$/.test(city)) w.orWhere('id', Number(city));
    });
  }
  const row = await q.orderBy([{ column: 'sortOrder' }, { column: 'id' }]).first('id', 'latitude', 'longitude');
  if (!row) {
    const field = input.cityId !== undefined ? 'cityId' : 'city';
    throw badRequest('Unknown city', { [field]: 'Unknown city' });
  }
  return row;
}

/** The statement behind cardsByIds (exported so the bench runs exactly this SQL). */
export function cardsByIdsSql(
  ids: readonly number[],
  p: { point: { latitude: number; longitude: number } | null; date: string },
): PlannedSql {
  const distance = p.point ? 'earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(?, ?))' : 'NULL::float8';
  return {
    prepared: true,
    sql: `SELECT ${CARD_COLUMNS}, ${distance} AS distance_m, ${offerColumnsSql('o.id')}
       FROM outlets o
       JOIN categories c ON c.id = o.category_id
       JOIN cities ci ON ci.id = o.city_id
      WHERE o.id = ANY(?::bigint[])`,
    bindings: [...(p.point ? [p.point.latitude, p.point.longitude] : []), ...offerColumnsBindings(p.date), `{${ids.join(',')}}`],
  };
}

/**
 * The cards of some outlets, in the order of `ids` (distances from `point` when given), with their
 * offers for the IST date: one statement.
 */
export async function cardsByIds(
  db: Knex,
  ids: readonly number[],
  p: { point: { latitude: number; longitude: number } | null; date: string; now: Date },
): Promise<OutletCard[]> {
  if (!ids.length) return [];
  const q = cardsByIdsSql(ids, p);
  const rows = await runPlanned<CardRow>(db, q);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [cardOf(r, p.now)] : [];
  });
}
