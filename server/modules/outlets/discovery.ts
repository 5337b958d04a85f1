import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import { discoveryDb } from '../../db/read-replica.ts';
import { resolveCategoryId } from '../categories/service.ts';
import { istMoment, liveOfferAt, minutesToTime } from '../offers/rules.ts';
import { offerColumnsBindings, offerColumnsSql, offerInputsOf, type OfferColumns } from '../offers/service.ts';
import { CATEGORY_KNN_HINTS, cardsByIds, categoryCityOf, resolveCity, runPlanned, type CategoryCityColumns, type PlannedSql } from './cards.ts';
import {
  NEARBY_MAX_RESULTS,
  type DiscoveryFilters,
  type DiscoverySort,
  type MapPinsInput,
  type MapPinsResult,
  type NearbyOutletsInput,
  type NearbyOutletsResult,
} from './schema.ts';

/**
 * Filters and sort over the nearby list (issue 16, docs/discovery.md "Filters and sort"). Every plan
 * is bounded and on an index: the candidates are the FILTER_SCAN_LIMIT nearest live outlets (of the
 * category) by a KNN scan of the GiST index, whatever the table's size; the filters that are columns
 * (veg, cost for two, open now, the city) cut them in SQL to at most NEARBY_MAX_RESULTS nearest; the
 * live discount (minimum, or sort by it) is decided by the offers rules for those few, the same rules
 * the cards show. Paging is unchanged: `offSet` is the page of that list.
 */

/** How many of the nearest live outlets a filtered list looks through. */
export const FILTER_SCAN_LIMIT = 2000;

export interface Point {
  latitude: number;
  longitude: number;
}

/** 'HH:MM:SS' of an instant in Asia/Kolkata. */
export function istClock(now: Date): string {
  const minutes = istMoment(now).minutes;
  const seconds = Math.floor((minutes % 1) * 60);
  return `${minutesToTime(Math.floor(minutes))}:${String(seconds).padStart(2, '0')}`;
}

/**
 * Open at the IST time `?` (four bindings, the same clock): the same rule as `isOpenAt` in
 * offers/rules.ts (00:00–23:59 is always open; closing earlier than opening means after midnight).
 */
const OPEN_NOW_SQL = `(CASE WHEN o.opens_at = '00:00'::time AND o.closes_at >= '23:59'::time THEN true
        WHEN o.closes_at > o.opens_at THEN o.opens_at <= ?::time AND ?::time < o.closes_at
        ELSE ?::time >= o.opens_at OR ?::time < o.closes_at END)`;

const COST_FOR_TWO_SQL = '(SELECT ov.cost_for_two_paise FROM outlet_overviews ov WHERE ov.outlet_id = o.id)';

/**
 * Outlets of one category, as a condition the category GiST index answers (its fourth coordinate is
 * category_id × 10⁸): without it the planner may not see that a KNN scan of that index meets the
 * category's outlets first, and sort the category's outlets instead. Two bindings: the category twice.
 */
export const CATEGORY_SLAB_SQL =
  'cube(ll_to_earth(o.latitude, o.longitude), o.category_id::float8 * 100000000) <@ ' +
  'cube(ARRAY[-1e7, -1e7, -1e7, ?::float8 * 100000000], ARRAY[1e7, 1e7, 1e7, ?::float8 * 100000000])';

/** The filters that are columns, as SQL over `o` (outlets, or a scan carrying their columns). */
export function filterSql(f: DiscoveryFilters, p: { cityId: number | null; clock: string }): { sql: string; bindings: (string | number)[] } {
  const parts: string[] = [];
  const bindings: (string | number)[] = [];
  if (p.cityId !== null) {
    parts.push('o.city_id = ?');
    bindings.push(p.cityId);
  }
  if (f.veg) parts.push('o.is_veg');
  // The cost for two is the overview's: one primary-key look-up per candidate (a join would hash
  // every overview).
  if (f.costForTwoMinPaise !== undefined) {
    parts.push(`${COST_FOR_TWO_SQL} >= ?`);
    bindings.push(f.costForTwoMinPaise);
  }
  if (f.costForTwoMaxPaise !== undefined) {
    parts.push(`${COST_FOR_TWO_SQL} <= ?`);
    bindings.push(f.costForTwoMaxPaise);
  }
  if (f.openNow) {
    parts.push(OPEN_NOW_SQL);
    bindings.push(p.clock, p.clock, p.clock, p.clock);
  }
  return { sql: parts.map((x) => `AND ${x}`).join(' '), bindings };
}

/** When the outlet's current offers were set up: its newest running promotion, or the discount button when it is on. */
export const NEWEST_OFFER_SQL = (idExpr: string) => `GREATEST(
    (SELECT max(p.created_at) FROM promotions p
      WHERE p.outlet_id = ${idExpr} AND p.is_enabled AND p.ad_type <> 'Highlight'
        AND (p.starts_on IS NULL OR p.starts_on <= ?::date) AND (p.ends_on IS NULL OR p.ends_on >= ?::date)),
    (SELECT d.updated_at FROM outlet_discounts d WHERE d.outlet_id = ${idExpr} AND d.is_live AND d.discount_percent > 0))`;

export type CandidateSql = PlannedSql;

/**
 * The filtered candidates as one statement (exported so the bench runs exactly this SQL): the
 * FILTER_SCAN_LIMIT nearest live outlets of the category (`scan`, KNN on outlets_earth_idx, or
 * outlets_category_earth_idx with a category), cut by the column filters to the NEARBY_MAX_RESULTS
 * nearest (`matched`), each with its chord distance, when its offers were set up and the three offer
 * columns for the rules.
 */
export function filteredCandidatesSql(p: {
  point: Point;
  categoryId: number | null;
  cityId: number | null;
  filters: DiscoveryFilters;
  clock: string;
  date: string;
  /** The offer columns, for a minimum discount, the discount sort or the map's labels. */
  offers: boolean;
  /** When the offers were set up, for the newest-offers sort. */
  newest: boolean;
  /** Pins need the outlet's name, place and references too. */
  pins?: boolean;
}): CandidateSql {
  const knn =
    p.categoryId !== null
      ? 'cube(ll_to_earth(o.latitude, o.longitude), o.category_id::float8 * 100000000) <-> cube(ll_to_earth(?, ?), ?::float8 * 100000000)'
      : 'll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?)';
  const filters = filterSql(p.filters, { cityId: p.cityId, clock: p.clock });
  const pinColumns = p.pins
    ? `, o.name, o.slug, o.latitude, o.longitude, o.address_line_two,
         c.id AS category_id, c.name AS category_name, c.name_hi AS category_name_hi, c.slug AS category_slug,
         ci.id AS city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug`
    : '';
  const pinJoins = p.pins ? 'JOIN outlets o ON o.id = m.id JOIN categories c ON c.id = o.category_id JOIN cities ci ON ci.id = o.city_id' : '';
  // The KNN scan reads each outlet's row anyway: it carries the filtered columns out, so `matched`
  // needs no second look-up per outlet.
  const sql = `
    WITH scan AS (
      SELECT o.id, o.city_id, o.is_veg, o.opens_at, o.closes_at,
             ll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?) AS chord
        FROM outlets o
       WHERE o.is_live ${p.categoryId !== null ? `AND o.category_id = ? AND ${CATEGORY_SLAB_SQL}` : ''}
       ORDER BY ${knn}
       LIMIT ?
    ), matched AS (
      SELECT o.id, o.chord
        FROM scan o
       WHERE TRUE ${filters.sql}
       ORDER BY o.chord, o.id
       LIMIT ?
    )
    SELECT m.id, m.chord${p.newest ? `, ${NEWEST_OFFER_SQL('m.id')} AS newest_at` : ''}${p.offers ? `, ${offerColumnsSql('m.id')}` : ''}${pinColumns}
      FROM matched m ${pinJoins}`;
  const bindings: (string | number)[] = [p.point.latitude, p.point.longitude];
  if (p.categoryId !== null) bindings.push(p.categoryId, p.categoryId, p.categoryId, p.point.latitude, p.point.longitude, p.categoryId);
  else bindings.push(p.point.latitude, p.point.longitude);
  bindings.push(FILTER_SCAN_LIMIT, ...filters.bindings, NEARBY_MAX_RESULTS);
  if (p.newest) bindings.push(p.date, p.date);
  if (p.offers) bindings.push(...offerColumnsBindings(p.date));
  return { sql, bindings, planHints: p.categoryId !== null ? CATEGORY_KNN_HINTS : undefined };
}

export interface Candidate extends Partial<OfferColumns> {
  id: number;
  chord: number;
  newestAt?: Date | null;
}

/** One candidate with its live discount decided by the offers rules. */
export interface Ranked<T extends Candidate = Candidate> {
  row: T;
  discount: number | null;
}

/** Keeps the candidates with at least `minDiscount` live now, ordered by `sort` (ties: nearer, then lower id). */
export function orderCandidates<T extends Candidate>(rows: readonly T[], sort: DiscoverySort, minDiscount: number | undefined, now: Date): Ranked<T>[] {
  const ranked = rows.map((row) => ({
    row,
    discount: row.offerSlots ? (liveOfferAt(offerInputsOf(row.id, row as OfferColumns), now)?.discountPercent ?? null) : null,
  }));
  const kept = minDiscount && minDiscount > 0 ? ranked.filter((r) => r.discount !== null && r.discount >= minDiscount) : ranked;
  const near = (a: Ranked<T>, b: Ranked<T>) => a.row.chord - b.row.chord || a.row.id - b.row.id;
  const byKey: Record<DiscoverySort, (a: Ranked<T>, b: Ranked<T>) => number> = {
    relevance: near,
    distance: near,
    discount: (a, b) => (b.discount ?? -1) - (a.discount ?? -1) || near(a, b),
    newest: (a, b) => (b.row.newestAt?.getTime() ?? -Infinity) - (a.row.newestAt?.getTime() ?? -Infinity) || near(a, b),
  };
  return kept.sort(byKey[sort]);
}

/** Where a filtered list is measured from: the shopper's point, else the chosen (or default) city's centre. */
async function placeOf(
  input: { latitude?: number; longitude?: number; noLocation: boolean; city?: string; cityId?: number },
  db: Knex,
): Promise<{ point: Point; cityId: number | null; byDistance: boolean }> {
  if (!input.noLocation && input.latitude !== undefined && input.longitude !== undefined) {
    return { point: { latitude: input.latitude, longitude: input.longitude }, cityId: null, byDistance: true };
  }
  const city = await resolveCity(input, db);
  return { point: { latitude: city.latitude, longitude: city.longitude }, cityId: city.id, byDistance: false };
}

/**
 * The list's and the map's candidates: the place and category resolved, the filtered candidates read
 * over their index, then ordered by the sort (with the live discount where it was read).
 */
async function orderedCandidates<R extends Candidate>(
  input: NearbyOutletsInput | MapPinsInput,
  read: { offers: boolean; newest: boolean; pins?: boolean },
) {
  const { now } = runtime();
  const db = discoveryDb();
  const at = now();
  const date = istMoment(at).date;
  const categoryId = await resolveCategoryId(input.category, db);
  const place = await placeOf(input, db);
  const q = filteredCandidatesSql({ point: place.point, categoryId, cityId: place.cityId, filters: input, clock: istClock(at), date, ...read });
  const rows = await runPlanned<R>(db, q);
  return { db, at, date, place, ordered: orderCandidates(rows, input.sort ?? 'distance', input.minDiscountPercent, at) };
}

/**
 * The nearby list with filters or another sort (listNearbyOutlets hands over when any is set). With
 * `noLocation` the list is the chosen city's outlets nearest its centre (distances are not shown: the
 * shopper's own position is unknown).
 */
export async function listFilteredOutlets(input: NearbyOutletsInput): Promise<NearbyOutletsResult> {
  const sort = input.sort ?? 'distance';
  const { db, at, date, place, ordered } = await orderedCandidates<Candidate>(input, {
    offers: sort === 'discount' || (input.minDiscountPercent ?? 0) > 0,
    newest: sort === 'newest',
  });
  const page = Math.max(input.offSet, 1);
  const offset = (page - 1) * input.limit;
  const ids = ordered.slice(offset, offset + input.limit).map((r) => r.row.id);
  const items = await cardsByIds(db, ids, { point: place.byDistance ? place.point : null, date, now: at });
  return { items, totalCount: ordered.length, offSet: page, limit: input.limit, hasMore: offset + items.length < ordered.length };
}

interface PinRow extends Candidate, CategoryCityColumns {
  name: string;
  slug: string;
  latitude: number;
  longitude: number;
  addressLineTwo: string;
}

/** The map: every outlet of the list (filters and sort as the list), with its live discount. */
export async function listMapPins(input: MapPinsInput): Promise<MapPinsResult> {
  const { place, ordered } = await orderedCandidates<PinRow>(input, { offers: true, newest: input.sort === 'newest', pins: true });
  return {
    centre: place.point,
    pins: ordered.map(({ row: r, discount }) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      latitude: r.latitude,
      longitude: r.longitude,
      locality: r.addressLineTwo,
      ...categoryCityOf(r),
      discountPercent: discount,
    })),
  };
}
