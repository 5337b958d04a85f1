import type { Knex } from 'knex';
import { rawRows, single } from '../../db/rows.ts';
import type { OutletRow, RouteAccountStatus } from '../../db/tables.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { discoveryDb } from '../../db/read-replica.ts';
import { resolveCategoryId } from '../categories/service.ts';
import { grantOutlet, revokeOutletGrant } from '../business-owners/grants.ts';
import { offerColumnsBindings, offerColumnsSql, getScheduledOffers } from '../offers/service.ts';
import { istMoment, isOpenAt, shortTime } from '../offers/rules.ts';
import {
  CARD_COLUMNS,
  CATEGORY_KNN_HINTS,
  cardOf,
  categoryCityOf,
  photoUrl,
  resolveCity,
  roundKm,
  runPlanned,
  type CardRow,
  type CategoryCityColumns,
  type PlannedSql,
} from './cards.ts';
import { CATEGORY_SLAB_SQL, listFilteredOutlets } from './discovery.ts';
import { searchOutletCards } from './search.ts';
import type { UpcomingOffers } from '../offers/schema.ts';
import {
  NEARBY_MAX_RESULTS,
  hasDiscoveryFilters,
  type AdvertisementResult,
  type BusinessResult,
  type GlobalSearchInput,
  type GlobalSearchResult,
  type MapTiles,
  type NearbyOutletsInput,
  type NearbyOutletsResult,
  type OutletBySlugInput,
  type OutletDetails,
  type OutletDetailsInput,
  type OutletMenu,
  type OutletOverview,
  type OutletPhotos,
  type UpcomingOffersInput,
} from './schema.ts';

/** The message SPEC §8 gives for a missing outlet. */
export const OUTLET_NOT_FOUND = 'Error fetching outlet Details';

const outletNotFound = () => notFound(OUTLET_NOT_FOUND);

export { cardsByIds, cardsByIdsSql, roundKm, runPlanned } from './cards.ts';
export { listMapPins } from './discovery.ts';

/** The map's tile server (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); its origin is in the page's CSP. */
export function getMapTiles(): MapTiles {
  const { env } = runtime();
  return { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION };
}

// ------------------------------------------------------------------------------------------------
// Nearby

/** The page number SPEC §4 sends: 1-based, 0 taken as 1. */
export const pageOf = (offSet: number) => Math.max(offSet, 1);

export type NearbySql = PlannedSql;

/**
 * The nearby page by distance, as one statement (exported so the bench runs exactly this SQL).
 * The `near` CTE is a KNN scan of the GiST index on ll_to_earth(latitude, longitude) (the `<->` chord
 * distance orders exactly as the great-circle distance does): it reads only the NEARBY_MAX_RESULTS
 * nearest live outlets (of the category), whatever the table's size. The page is cut from `near` by
 * (chord, id); earth_distance is computed for the page's rows only and orders the result, and
 * TOTAL_COUNT is the size of `near`.
 */
export function nearbyByDistanceSql(p: {
  latitude: number;
  longitude: number;
  categoryId: number | null;
  offset: number;
  limit: number;
  date: string;
}): NearbySql {
  // With a category, the KNN runs on outlets_category_earth_idx (point + category as a 4th
  // coordinate): the category's outlets come first and the chord distance between them is unchanged.
  const knn =
    p.categoryId !== null
      ? 'cube(ll_to_earth(o.latitude, o.longitude), o.category_id::float8 * 100000000) <-> cube(ll_to_earth(?, ?), ?::float8 * 100000000)'
      : 'll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?)';
  const categoryFilter = p.categoryId !== null ? `AND o.category_id = ? AND ${CATEGORY_SLAB_SQL}` : '';
  const sql = `
    WITH near AS (
      SELECT o.id, ll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?) AS chord
        FROM outlets o
       WHERE o.is_live ${categoryFilter}
       ORDER BY ${knn}
       LIMIT ?
    ), page AS (
      SELECT n.id FROM near n ORDER BY n.chord, n.id OFFSET ? LIMIT ?
    )
    SELECT ${CARD_COLUMNS},
           earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(?, ?)) AS distance_m,
           (SELECT count(*) FROM near) AS total_count,
           ${offerColumnsSql('o.id')}
      FROM page
      JOIN outlets o ON o.id = page.id
      JOIN categories c ON c.id = o.category_id
      JOIN cities ci ON ci.id = o.city_id
     ORDER BY distance_m, o.id`;
  const bindings: (string | number)[] = [p.latitude, p.longitude];
  if (p.categoryId !== null) bindings.push(p.categoryId, p.categoryId, p.categoryId, p.latitude, p.longitude, p.categoryId);
  else bindings.push(p.latitude, p.longitude);
  bindings.push(NEARBY_MAX_RESULTS, p.offset, p.limit, p.latitude, p.longitude);
  bindings.push(...offerColumnsBindings(p.date));
  return { sql, bindings, planHints: p.categoryId !== null ? CATEGORY_KNN_HINTS : undefined, prepared: true };
}

/**
 * The city's outlets in a stable order (name, then id) for noLocation, as one statement. The page is
 * read in that order off an index (`outlets_city_id_name_id_live_index`, or with a category
 * `outlets_city_category_name_id_live_index`), so it stops after offset + limit entries whatever the
 * city's size; the total is the city's counter (`outlet_browse_counts`, kept by a trigger), never a
 * count over its outlets. So page 1 costs the same at 100,000 outlets as at 1,000,000 (issue 18).
 */
export function nearbyByCitySql(p: { cityId: number; categoryId: number | null; offset: number; limit: number; date: string }): NearbySql {
  const categoryFilter = p.categoryId !== null ? 'AND o.category_id = ?' : '';
  const countFilter = p.categoryId !== null ? 'AND b.category_id = ?' : '';
  const sql = `
    WITH page AS (
      SELECT o.id FROM outlets o
       WHERE o.is_live AND o.city_id = ? ${categoryFilter}
       ORDER BY o.name, o.id
      OFFSET ? LIMIT ?
    )
    SELECT ${CARD_COLUMNS}, NULL::float8 AS distance_m,
           (SELECT coalesce(sum(b.live_count), 0)::bigint FROM outlet_browse_counts b WHERE b.city_id = ? ${countFilter}) AS total_count,
           ${offerColumnsSql('o.id')}
      FROM page
      JOIN outlets o ON o.id = page.id
      JOIN categories c ON c.id = o.category_id
      JOIN cities ci ON ci.id = o.city_id
     ORDER BY o.name, o.id`;
  const filter = p.categoryId !== null ? [p.cityId, p.categoryId] : [p.cityId];
  return { sql, bindings: [...filter, p.offset, p.limit, ...filter, ...offerColumnsBindings(p.date)], prepared: true };
}

/**
 * Recounts every (city, category) pair's live outlets into `outlet_browse_counts`: for bulk loaders
 * that load outlets with the counting trigger off (the bench's generated data). The trigger keeps the
 * counts otherwise.
 */
export async function recountBrowseCounts(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('DELETE FROM outlet_browse_counts');
    await trx.raw(`
      INSERT INTO outlet_browse_counts (city_id, category_id, live_count)
      SELECT city_id, category_id, count(*) FROM outlets WHERE is_live GROUP BY city_id, category_id`);
  });
}

/**
 * SPEC §4/§9 paging: `offSet` is the page number (1 for a new query, +1 for each further page) and
 * `limit` the page size (16 by default), so the rows are (page − 1) × limit + 1 … page × limit.
 */
export async function listNearbyOutlets(input: NearbyOutletsInput): Promise<NearbyOutletsResult> {
  // Filters or another order: the bounded candidate list of discovery.ts (docs/discovery.md).
  if (hasDiscoveryFilters(input) || (input.sort !== undefined && input.sort !== 'distance')) return listFilteredOutlets(input);
  const { now } = runtime();
  const db = discoveryDb();
  const at = now();
  const date = istMoment(at).date;
  const categoryId = await resolveCategoryId(input.category, db);
  const page = pageOf(input.offSet);
  const offset = (page - 1) * input.limit;
  const byDistance = !input.noLocation && input.latitude !== undefined && input.longitude !== undefined;
  let query: NearbySql;
  if (byDistance) {
    query = nearbyByDistanceSql({ latitude: input.latitude!, longitude: input.longitude!, categoryId, offset, limit: input.limit, date });
  } else {
    const cityId = (await resolveCity(input, db)).id;
    query = nearbyByCitySql({ cityId, categoryId, offset, limit: input.limit, date });
  }
  const rows = await runPlanned<CardRow & { totalCount: number }>(db, query);
  let totalCount = rows[0]?.totalCount ?? 0;
  if (!rows.length && page > 1) {
    // Past the end: still report the list's size, from the first page's count.
    const first = byDistance
      ? nearbyByDistanceSql({ latitude: input.latitude!, longitude: input.longitude!, categoryId, offset: 0, limit: 1, date })
      : nearbyByCitySql({ cityId: (await resolveCity(input, db)).id, categoryId, offset: 0, limit: 1, date });
    const r = await runPlanned<{ totalCount: number }>(db, first);
    totalCount = r[0]?.totalCount ?? 0;
  }
  return {
    items: rows.map((r) => cardOf(r, at)),
    totalCount,
    offSet: page,
    limit: input.limit,
    hasMore: offset + rows.length < totalCount,
  };
}

// ------------------------------------------------------------------------------------------------
// Global search

/** At most this many matches of the promotions' title index join the nearest outlets' promotions. */
export const SEARCH_CANDIDATES = 1_000;

/** How many nearest outlets a search looks at first: enough for `limit` hits of a word 1 outlet in 100 carries. */
export const searchWindow = (limit: number) => Math.min(5_000, Math.max(1_000, limit * 100));

/**
 * Promotions (any ad type, highlights included) that are enabled and not yet over, whose title matches
 * (GIN trigram index on promotions.title) or that belong to one of the outlets found; nearest first.
 * Bounded like the outlets: the promotions of the nearest outlets first, and the title index's
 * candidates (at most SEARCH_CANDIDATES) only when those give fewer than `limit`.
 */
export function searchAdvertisementsSql(p: {
  text: string;
  outletIds: readonly number[];
  latitude?: number;
  longitude?: number;
  limit: number;
  date: string;
}): NearbySql {
  const hasPoint = p.latitude !== undefined && p.longitude !== undefined;
  const distance = hasPoint ? 'earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(?, ?))' : 'NULL::float8';
  const ids = p.outletIds.length ? p.outletIds.map(() => '?').join(', ') : 'NULL';
  const current = 'p.is_enabled AND (p.ends_on IS NULL OR p.ends_on >= ?::date)';
  const sql = hasPoint
    ? `
    WITH near_ads AS MATERIALIZED (
      SELECT p.id
        FROM (SELECT o.id FROM outlets o WHERE o.is_live ORDER BY ll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?) LIMIT ?) w
       CROSS JOIN LATERAL (SELECT p.id FROM promotions p WHERE p.outlet_id = w.id AND ? <% p.title AND ${current}) p
       LIMIT ?
    ), shown AS MATERIALIZED (
      SELECT id FROM near_ads
      UNION
      SELECT p.id FROM promotions p WHERE p.outlet_id IN (${ids}) AND ${current}
    ), matched AS (
      SELECT id FROM shown
      UNION
      SELECT cand.id FROM (SELECT p.id FROM promotions p WHERE ? <% p.title AND ${current} LIMIT ?) cand
       WHERE (SELECT count(*) FROM shown) < ?
    )`
    : `
    WITH matched AS (
      SELECT p.id FROM promotions p WHERE p.outlet_id IN (${ids}) AND ${current}
      UNION
      (SELECT p.id FROM promotions p WHERE ? <% p.title AND ${current} LIMIT ?)
    )`;
  const full = `${sql}
    SELECT p.id, p.ad_type, p.title, p.description, p.discount_percent, p.image_key,
           o.id AS outlet_id, o.name AS outlet_name, o.slug AS outlet_slug, o.address_line_two,
           c.id AS category_id, c.name AS category_name, c.name_hi AS category_name_hi, c.slug AS category_slug,
           ci.id AS city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug,
           ${distance} AS distance_m
      FROM matched m
      JOIN promotions p ON p.id = m.id
      JOIN outlets o ON o.id = p.outlet_id
      JOIN categories c ON c.id = o.category_id
      JOIN cities ci ON ci.id = o.city_id
     WHERE o.is_live AND ${current}
     ORDER BY ${hasPoint ? 'distance_m, ' : ''}p.id
     LIMIT ?`;
  const bindings: (string | number)[] = hasPoint
    ? [
        p.latitude!, p.longitude!, searchWindow(p.limit), p.text, p.date, p.limit, // near_ads
        ...p.outletIds, p.date, // shown
        p.text, p.date, SEARCH_CANDIDATES, p.limit, // matched
        p.latitude!, p.longitude!, // distance
      ]
    : [...p.outletIds, p.date, p.text, p.date, SEARCH_CANDIDATES];
  bindings.push(p.date, p.limit);
  return { sql: full, bindings };
}

/** Categories whose name (or slug, or Hindi name: a Hindi reader may type it, docs/i18n.md) matches: a tiny table. */
export function searchCategoriesSql(text: string, limit: number): NearbySql {
  const like = `%${escapeLike(text)}%`;
  return {
    sql: `SELECT id, name, name_hi, slug, icon FROM categories
      WHERE is_active AND (? <% name OR name ILIKE ? OR ? <% slug OR name_hi ILIKE ?)
      ORDER BY sort_order, name LIMIT ?`,
    bindings: [text, like, text, like, limit],
  };
}

/** Chains: master outlets (named as another live outlet's master) whose name matches, biggest first. */
export function searchChainsSql(text: string, limit: number): NearbySql {
  return {
    sql: `WITH masters AS (
       SELECT master_outlet_id AS id, count(*) AS branch_count
         FROM outlets WHERE master_outlet_id IS NOT NULL AND is_live
        GROUP BY master_outlet_id
     )
     SELECT m.id, m.name, m.slug, masters.branch_count,
            c.id AS category_id, c.name AS category_name, c.name_hi AS category_name_hi, c.slug AS category_slug,
            ci.id AS city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug
       FROM masters
       JOIN outlets m ON m.id = masters.id
       JOIN categories c ON c.id = m.category_id
       JOIN cities ci ON ci.id = m.city_id
      WHERE m.is_live AND ? <% m.name
      ORDER BY masters.branch_count DESC, m.id
      LIMIT ?`,
    bindings: [text, limit],
  };
}

async function searchBusinesses(text: string, limit: number, db: Knex): Promise<BusinessResult[]> {
  const categoriesQ = searchCategoriesSql(text, limit);
  const categories = await rawRows<{ id: number; name: string; nameHi: string | null; slug: string; icon: string }>(
    db,
    categoriesQ.sql,
    categoriesQ.bindings,
  );
  const chainsQ = searchChainsSql(text, limit);
  const chains = await rawRows<{ id: number; name: string; slug: string; branchCount: number } & CategoryCityColumns>(
    db,
    chainsQ.sql,
    chainsQ.bindings,
  );
  return [
    ...categories.map((c) => ({ type: 'category' as const, id: c.id, name: c.name, nameHi: c.nameHi, slug: c.slug, icon: c.icon })),
    ...chains.map((m) => ({
      type: 'chain' as const,
      id: m.id,
      name: m.name,
      slug: m.slug,
      branchCount: m.branchCount,
      ...categoryCityOf(m),
    })),
  ];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `GET /cmn/search`: outlets, advertisements (promotions) and businesses (categories, chains). */
export async function searchEverything(input: GlobalSearchInput): Promise<GlobalSearchResult> {
  const { now } = runtime();
  const db = discoveryDb();
  const at = now();
  const date = istMoment(at).date;
  const params = { text: input.searchString, latitude: input.latitude, longitude: input.longitude, limit: input.limit, date };
  if ((params.latitude === undefined) !== (params.longitude === undefined)) {
    const missing = params.latitude === undefined ? 'latitude' : 'longitude';
    throw badRequest(`${missing} is required with the other coordinate`, { [missing]: `${missing} is required with the other coordinate` });
  }
  const outlets = await searchOutletCards(input);
  const adsQ = searchAdvertisementsSql({ ...params, outletIds: outlets.cards.map((c) => c.id) });
  const adRows = await rawRows<AdRow>(db, adsQ.sql, adsQ.bindings);
  const businessResult = await searchBusinesses(input.searchString, input.limit, db);
  return {
    outletResult: outlets.cards,
    advertisementResult: adRows.map(adOf),
    businessResult,
    didYouMean: outlets.didYouMean,
    hiddenByFilters: outlets.hiddenByFilters,
    chosenCity: outlets.chosenCity,
  };
}

interface AdRow extends CategoryCityColumns {
  id: number;
  adType: AdvertisementResult['adType'];
  title: string;
  description: string | null;
  discountPercent: number | null;
  imageKey: string | null;
  outletId: number;
  outletName: string;
  outletSlug: string;
  addressLineTwo: string;
  distanceM: number | null;
}

function adOf(r: AdRow): AdvertisementResult {
  return {
    id: r.id,
    adType: r.adType,
    title: r.title,
    description: r.description,
    discountPercent: r.discountPercent,
    imageUrl: photoUrl(r.imageKey),
    outlet: {
      id: r.outletId,
      name: r.outletName,
      slug: r.outletSlug,
      locality: r.addressLineTwo,
      ...categoryCityOf(r),
    },
    distanceKm: roundKm(r.distanceM),
  };
}

// ------------------------------------------------------------------------------------------------
// One outlet

/**
 * The address, phone and hours columns every page about one outlet shows: its details header, its
 * about tab and its owner's profile page (business-account). One list, so the three stay alike.
 */
export const OUTLET_CONTACT_COLUMNS = [
  'addressLineOne',
  'addressLineTwo',
  'landmark',
  'state',
  'pincode',
  'phoneNumber',
  'opensAt',
  'closesAt',
] as const satisfies readonly (keyof OutletRow)[];
export type OutletContact = Pick<OutletRow, (typeof OUTLET_CONTACT_COLUMNS)[number]>;

/** `OUTLET_CONTACT_COLUMNS` of the outlet aliased `alias`, for a query builder select. */
export const outletContactColumns = (alias: string) => OUTLET_CONTACT_COLUMNS.map((c) => `${alias}.${c}`);

const snake = (c: string) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);
/** The same columns in raw SQL, from `o`. */
const CONTACT_SQL = OUTLET_CONTACT_COLUMNS.map((c) => `o.${snake(c)}`).join(', ');

/** The details statement (exported so the bench runs exactly this SQL). */
export function outletDetailsSql(p: {
  outletId?: number;
  /** Instead of an id: the first path segment (city slug, else category slug) and the outlet slug. */
  path?: { first: string; slug: string };
  latitude?: number;
  longitude?: number;
  date: string;
}): NearbySql {
  const hasPoint = p.latitude !== undefined && p.longitude !== undefined;
  const distance = hasPoint ? 'earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(?, ?))' : 'NULL::float8';
  const sql = `
    SELECT ${CARD_COLUMNS}, ${distance} AS distance_m,
           ${CONTACT_SQL},
           o.shuffle_min_percent, o.shuffle_max_percent,
           ${offerColumnsSql('o.id')}
      FROM outlets o
      JOIN categories c ON c.id = o.category_id
      JOIN cities ci ON ci.id = o.city_id
     WHERE ${p.path ? 'o.slug = ? AND (ci.slug = ? OR c.slug = ?)' : 'o.id = ?'} AND o.is_live
     ORDER BY (ci.slug = ?) DESC, o.id
     LIMIT 1`;
  const bindings: (string | number)[] = [];
  if (hasPoint) bindings.push(p.latitude!, p.longitude!);
  bindings.push(...offerColumnsBindings(p.date));
  if (p.path) bindings.push(p.path.slug, p.path.first, p.path.first, p.path.first);
  else bindings.push(p.outletId!, '');
  return { sql, bindings, prepared: true };
}

type DetailsRow = CardRow & OutletContact & Pick<OutletRow, 'shuffleMinPercent' | 'shuffleMaxPercent'>;

/** `POST /outlet/details`: everything the outlet page header shows; a missing outlet → 404. */
export function getOutletDetails(input: OutletDetailsInput): Promise<OutletDetails> {
  return loadDetails({ outletId: input.outletId, latitude: input.latitude, longitude: input.longitude });
}

/**
 * The same details for a page addressed by path (`/{city}/{slug}` or `/{category}/{slug}/…`): the
 * outlet with that slug in that city, else in that category (lowest id); none → 404.
 */
export function getOutletBySlug(input: OutletBySlugInput): Promise<OutletDetails> {
  return loadDetails({ path: { first: input.first, slug: input.slug }, latitude: input.latitude, longitude: input.longitude });
}

async function loadDetails(p: { outletId?: number; path?: { first: string; slug: string }; latitude?: number; longitude?: number }): Promise<OutletDetails> {
  const { now } = runtime();
  const db = discoveryDb();
  const at = now();
  const q = outletDetailsSql({ ...p, date: istMoment(at).date });
  const [row] = await runPlanned<DetailsRow>(db, q);
  if (!row) throw outletNotFound();
  return {
    ...cardOf(row, at),
    addressLineOne: row.addressLineOne,
    landmark: row.landmark,
    state: row.state,
    pincode: row.pincode,
    phoneNumber: row.phoneNumber,
    opensAt: shortTime(row.opensAt),
    closesAt: shortTime(row.closesAt),
    isOpenNow: isOpenAt(row.opensAt, row.closesAt, at),
    shuffleMinPercent: row.shuffleMinPercent,
    shuffleMaxPercent: row.shuffleMaxPercent,
  };
}

async function assertOutlet(outletId: number, db: Knex): Promise<Pick<OutletRow, 'id' | 'name'>> {
  const row = await db('outlets').where({ id: outletId, isLive: true }).first('id', 'name');
  if (!row) throw outletNotFound();
  return row;
}

/** Photos in display order (storefront, ambience, then the rest; by position), keyed IMG1, IMG2, … */
export async function getOutletPhotos(outletId: number): Promise<OutletPhotos> {
  const { storage } = runtime();
  const db = discoveryDb();
  await assertOutlet(outletId, db);
  const rows = await db('outletPhotos')
    .where({ outletId })
    .orderByRaw(`CASE sub_category WHEN 'storefront' THEN 0 WHEN 'ambience' THEN 1 ELSE 2 END, sub_category, position, id`)
    .select('id', 'subCategory', 'position', 'storageKey', 'width', 'height');
  return {
    outletId,
    photos: rows.map((r, i) => ({
      id: r.id,
      key: `IMG${i + 1}`,
      subCategory: r.subCategory,
      position: r.position,
      url: storage.url(r.storageKey),
      width: r.width,
      height: r.height,
    })),
  };
}

type OverviewRow = Pick<OutletRow, 'id' | 'name' | 'latitude' | 'longitude'> &
  OutletContact & { about: string | null; costForTwoPaise: number | null; highlights: string[] | null };

/** The about tab: description, cost for two, highlights, address and hours. */
export async function getOutletOverview(outletId: number): Promise<OutletOverview> {
  const db = discoveryDb();
  const row = await db('outlets as o')
    .leftJoin('outletOverviews as ov', 'ov.outletId', 'o.id')
    .where({ 'o.id': outletId, 'o.isLive': true })
    .first<OverviewRow | undefined>(
      'o.id',
      'o.name',
      ...outletContactColumns('o'),
      'o.latitude',
      'o.longitude',
      'ov.about',
      'ov.costForTwoPaise',
      'ov.highlights',
    );
  if (!row) throw outletNotFound();
  return {
    outletId: row.id,
    name: row.name,
    about: row.about ?? '',
    costForTwoPaise: row.costForTwoPaise,
    highlights: (row.highlights ?? []).filter((h): h is string => typeof h === 'string'),
    address: [row.addressLineOne, row.landmark, row.addressLineTwo, `${row.state} ${row.pincode}`].filter(Boolean).join(', '),
    phoneNumber: row.phoneNumber,
    opensAt: shortTime(row.opensAt),
    closesAt: shortTime(row.closesAt),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * The menu tab: menus by title_seq with their photos. SPEC §3: when the outlet has no menu, a
 * placeholder with an empty title stands in (id null, titleSeq 1, no photos); untitled menus read ''.
 */
export async function getOutletMenu(outletId: number): Promise<OutletMenu> {
  const { storage } = runtime();
  const db = discoveryDb();
  await assertOutlet(outletId, db);
  const menus = await db('menus').where({ outletId }).orderBy([{ column: 'titleSeq' }, { column: 'id' }]).select('id', 'title', 'titleSeq');
  if (!menus.length) return { outletId, menus: [{ id: null, outletId, titleSeq: 1, title: '', photos: [] }] };
  const photos = await db('menuPhotos')
    .whereIn('menuId', menus.map((m) => m.id))
    .orderBy([{ column: 'menuId' }, { column: 'position' }])
    .select('menuId', 'position', 'storageKey', 'width', 'height');
  return {
    outletId,
    menus: menus.map((m) => ({
      id: m.id,
      outletId,
      titleSeq: m.titleSeq,
      title: m.title,
      photos: photos
        .filter((p) => p.menuId === m.id)
        .map((p) => ({ position: p.position, url: storage.url(p.storageKey), width: p.width, height: p.height })),
    })),
  };
}

/** `GET /adv/upcoming-offers/{id}?day=today|tomorrow`, computed in Asia/Kolkata. */
export async function getUpcomingOffers(input: UpcomingOffersInput): Promise<UpcomingOffers> {
  await assertOutlet(input.outletId, discoveryDb());
  return getScheduledOffers(input.outletId, input.day);
}

// ------------------------------------------------------------------------------------------------
// Writes. This module is the only writer of the `outlets` table (docs/data-model.md, "Owners"): the
// back office (its hooks in sales-service.ts), approvals of business applications, the owner's profile
// and GSTIN pages and the account grants of business-owners all change outlets through these.

/** Columns a write may set: all but the id, the slug (made from the name), the search words (made from the rest) and the timestamps. */
type OutletWritable = Exclude<keyof OutletRow, 'id' | 'slug' | 'searchTokens' | 'createdAt' | 'updatedAt'>;
export type OutletPatch = Partial<Pick<OutletRow, OutletWritable>>;
export type NewOutlet = OutletPatch &
  Pick<OutletRow, 'name' | 'categoryId' | 'cityId' | 'addressLineOne' | 'addressLineTwo' | 'state' | 'pincode' | 'latitude' | 'longitude' | 'opensAt' | 'closesAt'>;

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
export async function freeSlug(db: Knex, cityId: number, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    await db('outlets')
      .where({ cityId })
      .where((w) => w.where('slug', base).orWhere('slug', 'like', `${base}-%`))
      .modify((q) => (exceptId ? q.whereNot('id', exceptId) : q))
      .pluck('slug'),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The rows an outlet points at exist, its owner is a master account, and its shuffle range is not inverted. */
async function checkReferences(db: Knex, row: OutletPatch, selfId?: number): Promise<void> {
  const errors: Record<string, string> = {};
  if (row.categoryId !== undefined && !(await db('categories').where({ id: row.categoryId }).first('id'))) {
    errors.categoryId = 'No such category';
  }
  if (row.cityId !== undefined && !(await db('cities').where({ id: row.cityId }).first('id'))) errors.cityId = 'No such city';
  if (row.ownerId) {
    const owner = await db('businessOwners').where({ id: row.ownerId }).first('isMaster');
    if (!owner) errors.ownerId = 'No such account';
    else if (!owner.isMaster) errors.ownerId = 'Outlets belong to master accounts; grant sub-accounts access instead';
  }
  if (row.masterOutletId) {
    if (row.masterOutletId === selfId) errors.masterOutletId = 'An outlet cannot be its own master outlet';
    else if (!(await db('outlets').where({ id: row.masterOutletId }).first('id'))) errors.masterOutletId = 'No such outlet';
  }
  if (row.routeAccountId) {
    const holder = await db('outlets').where({ routeAccountId: row.routeAccountId }).modify((q) => (selfId ? q.whereNot('id', selfId) : q)).first('id');
    if (holder) errors.routeAccountId = `This linked account already pays outlet ${holder.id}`;
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
async function syncOwnerGrant(db: Knex, outletId: number, ownerId: number | null | undefined, previousOwnerId?: number | null): Promise<void> {
  if (previousOwnerId && previousOwnerId !== ownerId) {
    await revokeOutletGrant(db, previousOwnerId, outletId);
  }
  if (typeof ownerId === 'number') await grantOutlet(db, ownerId, outletId, null);
}

/**
 * A linked account and its state go together: an account without a state is `created` (or keeps the
 * one it has), no account has no state.
 */
function withRouteAccountPair<T extends OutletPatch>(patch: T, before?: Pick<OutletRow, 'routeAccountId' | 'routeAccountStatus'>): T {
  if (patch.routeAccountId === undefined && patch.routeAccountStatus === undefined) return patch;
  const id = patch.routeAccountId === undefined ? (before?.routeAccountId ?? null) : patch.routeAccountId;
  if (!id) return { ...patch, routeAccountId: null, routeAccountStatus: null };
  const sameAccount = before?.routeAccountId === id;
  return { ...patch, routeAccountId: id, routeAccountStatus: patch.routeAccountStatus ?? (sameAccount ? before?.routeAccountStatus : null) ?? 'created' };
}

/** Creates an outlet: references checked, a slug free in its city, its owner's grant and its search words. Returns its id. */
export async function createOutlet(db: Knex, input: NewOutlet): Promise<number> {
  const fields = withRouteAccountPair(input);
  await checkReferences(db, fields);
  const slug = await freeSlug(db, fields.cityId, fields.name);
  const { id } = single(await db('outlets').insert({ ...fields, slug }).returning('id'));
  await syncOwnerGrant(db, id, fields.ownerId);
  await refreshSearchTokens(db, [id]);
  return id;
}

/**
 * What an outlet's search words are made of: its name, its locality (address line two: "Jayanagar"
 * finds the outlets there), its category's name, cuisines, dishes and menu titles. Migration
 * 20261124100000 recomputed the stored words when the locality joined them; it repeats this text.
 */
export const SEARCH_DOCUMENT_SQL = `concat_ws(' ', o.name, o.address_line_two, c.name, array_to_string(o.cuisines, ' '), array_to_string(o.dishes, ' '),
  (SELECT string_agg(m.title, ' ') FROM menus m WHERE m.outlet_id = o.id))`;

/**
 * Recomputes the search words of some outlets (docs/discovery.md "Search") and adds any new word to
 * the vocabulary. Called by every write that changes what they are made of: here (name, category,
 * cuisines, dishes), business-account's menu titles and a category's rename. Not a change the owner
 * made, so updated_at stays.
 */
export async function refreshSearchTokens(db: Knex, outletIds: readonly number[]): Promise<void> {
  if (!outletIds.length) return;
  const ids = `{${outletIds.join(',')}}`;
  await db.raw(
    `UPDATE outlets o SET search_tokens = bachat_search_tokens(${SEARCH_DOCUMENT_SQL})
       FROM categories c
      WHERE c.id = o.category_id AND o.id = ANY(?::bigint[])`,
    [ids],
  );
  await addSearchTerms(db, `SELECT DISTINCT t FROM outlets o, unnest(o.search_tokens) AS t WHERE o.id = ANY(?::bigint[])`, [ids]);
}

/** The same for every outlet of a category (its name is part of their words). */
export async function refreshCategorySearchTokens(db: Knex, categoryId: number): Promise<void> {
  await db.raw(
    `UPDATE outlets o SET search_tokens = bachat_search_tokens(${SEARCH_DOCUMENT_SQL})
       FROM categories c
      WHERE c.id = o.category_id AND o.category_id = ?`,
    [categoryId],
  );
  await addSearchTerms(db, `SELECT DISTINCT t FROM outlets o, unnest(o.search_tokens) AS t WHERE o.category_id = ?`, [categoryId]);
}

/** Every outlet at once (seeds, the bench's generated data): one statement each. */
export async function refreshAllSearchTokens(db: Knex): Promise<void> {
  await db.raw(`UPDATE outlets o SET search_tokens = bachat_search_tokens(${SEARCH_DOCUMENT_SQL}) FROM categories c WHERE c.id = o.category_id`);
  await addSearchTerms(db, `SELECT DISTINCT t FROM outlets o, unnest(o.search_tokens) AS t`, []);
}

async function addSearchTerms(db: Knex, select: string, bindings: (string | number)[]): Promise<void> {
  await db.raw(`INSERT INTO search_terms (term) SELECT t FROM (${select}) words(t) WHERE length(t) BETWEEN 2 AND 60 ON CONFLICT DO NOTHING`, bindings);
}

/** Columns whose change changes the outlet's search words. */
const SEARCHED_COLUMNS = ['name', 'addressLineTwo', 'categoryId', 'cuisines', 'dishes'] as const;

/**
 * Changes an outlet: the references given are checked, a new name or city gets a free slug, updated_at
 * is set and the owner's grant follows a new owner. A missing outlet is a 404.
 */
export async function updateOutlet(db: Knex, id: number, input: OutletPatch): Promise<void> {
  const before = await db('outlets').where({ id }).first('id', 'name', 'cityId', 'ownerId', 'shuffleMinPercent', 'shuffleMaxPercent', 'routeAccountId', 'routeAccountStatus');
  if (!before) throw outletNotFound();
  const patch = withRouteAccountPair(input, before);
  await checkReferences(db, { shuffleMinPercent: before.shuffleMinPercent, shuffleMaxPercent: before.shuffleMaxPercent, ...patch }, id);
  const name = patch.name ?? before.name;
  const cityId = patch.cityId ?? before.cityId;
  const slug = name !== before.name || cityId !== before.cityId ? await freeSlug(db, cityId, name, id) : undefined;
  await db('outlets')
    .where({ id })
    .update({ ...patch, ...(slug === undefined ? {} : { slug }), updatedAt: runtime().now() });
  if (patch.ownerId !== undefined && patch.ownerId !== before.ownerId) await syncOwnerGrant(db, id, patch.ownerId, before.ownerId);
  if (SEARCHED_COLUMNS.some((c) => patch[c] !== undefined)) await refreshSearchTokens(db, [id]);
}

export async function deleteOutlet(db: Knex, id: number): Promise<void> {
  await db('outlets').where({ id }).delete();
}

/**
 * Makes a master account the owner of exactly `outletIds`: the outlets it owned and no longer lists
 * lose their owner. The account's grant rows are the caller's (business-owners).
 */
export async function setOwnedOutlets(db: Knex, ownerId: number, outletIds: readonly number[]): Promise<void> {
  await db('outlets').where({ ownerId }).whereNotIn('id', outletIds).update({ ownerId: null });
  if (outletIds.length) await db('outlets').whereIn('id', outletIds).update({ ownerId });
}

/**
 * Points the outlet at another stored copy of its GST certificate (bookkeeping when a file moves:
 * updated_at stays). With `from`, only while the outlet still points at `from`; true when it changed.
 */
export async function setOutletCertificateKey(db: Knex, outletId: number, key: string, from?: string): Promise<boolean> {
  const q = db('outlets').where({ id: outletId });
  if (from !== undefined) q.where({ gstCertificateKey: from });
  return (await q.update({ gstCertificateKey: key })) > 0;
}

/**
 * Locks the outlet's row until the transaction ends: writes to one outlet's content (photos, menus,
 * promotions) queue behind each other, so positions and "first" rows are decided once.
 */
export async function lockOutlet(trx: Knex.Transaction, outletId: number): Promise<void> {
  await trx('outlets').where({ id: outletId }).forUpdate().first('id');
}

const ROUTE_STATES: readonly RouteAccountStatus[] = ['created', 'under_review', 'needs_clarification', 'activated', 'suspended'];

/**
 * A linked account's new state, as the payment provider reports it (`product.route.*` webhooks): the
 * outlet paid through that account, if any, takes it. Returns the outlet's id, or null for an account
 * no outlet has.
 */
export async function setRouteAccountStatus(db: Knex, routeAccountId: string, status: string): Promise<number | null> {
  const known = ROUTE_STATES.find((s) => s === status);
  if (!known) return null;
  const rows = await db('outlets')
    .where({ routeAccountId })
    .update({ routeAccountStatus: known, updatedAt: runtime().now() })
    .returning('id');
  return rows[0]?.id ?? null;
}
