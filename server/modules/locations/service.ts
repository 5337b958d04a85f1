import { runtime } from '../../lib/runtime.ts';
import { NEARBY_MAX_RESULTS } from '../outlets/schema.ts';
import { pageOf, roundKm } from '../outlets/service.ts';
import { rawRows } from '../../db/rows.ts';
import { resolveCategoryId } from '../categories/service.ts';
import { recordSearch } from '../search-history/service.ts';
import type { Location, LocationSearchInput, LocationSearchResult } from './schema.ts';

/** A row of the statements below (count(*) and avg() come back as numbers: knexfile.ts). */
interface LocationRow {
  type: 'locality' | 'city';
  locality: string;
  cityId: number;
  cityName: string;
  cityNameHi: string | null;
  citySlug: string;
  state: string;
  latitude: number;
  longitude: number;
  outletCount: number;
  distanceM: number | null;
  totalCount: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Places to choose as the shopper's location: localities (outlets' address line two, with the mean
 * position of their outlets) and cities whose name matches the text, typo-tolerant through the trigram
 * index; the best match first, then the nearest (with coordinates) or the busiest. With no text, the
 * localities around the coordinates, or the cities. `offSet` and `limit` page as on the outlet list.
 * A signed-in shopper's choice (`recentSearch` with landmark, state or locality) is recorded.
 */
export async function searchLocations(input: LocationSearchInput, consumerId: number | null): Promise<LocationSearchResult> {
  const { db } = runtime();
  const categoryId = await resolveCategoryId(input.category, db);
  const page = pageOf(input.offSet);
  const offset = (page - 1) * input.limit;
  const hasPoint = input.latitude !== undefined && input.longitude !== undefined;
  const text = input.location;
  const categoryFilter = categoryId !== null ? 'AND o.category_id = ?' : '';
  const catBinding = categoryId !== null ? [categoryId] : [];
  const distanceOf = (lat: string, lng: string) =>
    hasPoint ? `earth_distance(ll_to_earth(${lat}, ${lng}), ll_to_earth(?, ?))` : 'NULL::float8';
  const point = hasPoint ? [input.latitude!, input.longitude!] : [];

  let sql: string;
  let bindings: unknown[];
  if (text) {
    const like = `%${escapeLike(text)}%`;
    sql = `
      WITH loc AS (
        SELECT 'locality' AS type, o.address_line_two AS locality, o.city_id, count(*) AS outlet_count,
               avg(o.latitude) AS latitude, avg(o.longitude) AS longitude,
               word_similarity(?, o.address_line_two) AS score
          FROM outlets o
         WHERE o.is_live ${categoryFilter} AND (? <% o.address_line_two OR o.address_line_two ILIKE ?)
         GROUP BY o.address_line_two, o.city_id
        UNION ALL
        SELECT 'city', ci.name, ci.id,
               (SELECT count(*) FROM outlets o WHERE o.city_id = ci.id AND o.is_live ${categoryFilter}),
               ci.latitude, ci.longitude, word_similarity(?, ci.name) + 0.01
          FROM cities ci
         WHERE ci.is_active AND (? <% ci.name OR ci.name ILIKE ? OR ci.name_hi ILIKE ?)
      )
      SELECT loc.type, loc.locality, loc.city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug, ci.state,
             loc.latitude, loc.longitude, loc.outlet_count, ${distanceOf('loc.latitude', 'loc.longitude')} AS distance_m,
             count(*) OVER () AS total_count
        FROM loc JOIN cities ci ON ci.id = loc.city_id
       WHERE loc.outlet_count > 0 OR loc.type = 'city'
       ORDER BY round(loc.score::numeric, 1) DESC, ${hasPoint ? 'distance_m,' : ''} loc.outlet_count DESC, loc.locality
      OFFSET ? LIMIT ?`;
    bindings = [text, ...catBinding, text, like, ...catBinding, text, text, like, like, ...point, offset, input.limit];
  } else if (hasPoint) {
    sql = `
      WITH near AS (
        SELECT o.address_line_two, o.city_id, o.latitude, o.longitude
          FROM outlets o
         WHERE o.is_live ${categoryFilter}
         ORDER BY ll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?)
         LIMIT ${NEARBY_MAX_RESULTS}
      ), loc AS (
        SELECT address_line_two AS locality, city_id, count(*) AS outlet_count, avg(latitude) AS latitude, avg(longitude) AS longitude
          FROM near GROUP BY address_line_two, city_id
      )
      SELECT 'locality' AS type, loc.locality, loc.city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug, ci.state,
             loc.latitude, loc.longitude, loc.outlet_count, ${distanceOf('loc.latitude', 'loc.longitude')} AS distance_m,
             count(*) OVER () AS total_count
        FROM loc JOIN cities ci ON ci.id = loc.city_id
       ORDER BY distance_m, loc.locality
      OFFSET ? LIMIT ?`;
    bindings = [...catBinding, ...point, ...point, offset, input.limit];
  } else {
    sql = `
      SELECT 'city' AS type, ci.name AS locality, ci.id AS city_id, ci.name AS city_name, ci.name_hi AS city_name_hi, ci.slug AS city_slug, ci.state,
             ci.latitude, ci.longitude,
             (SELECT count(*) FROM outlets o WHERE o.city_id = ci.id AND o.is_live ${categoryFilter}) AS outlet_count,
             NULL::float8 AS distance_m, count(*) OVER () AS total_count
        FROM cities ci WHERE ci.is_active
       ORDER BY ci.sort_order, ci.name
      OFFSET ? LIMIT ?`;
    bindings = [...catBinding, offset, input.limit];
  }
  const rows = await rawRows<LocationRow>(db, sql, bindings);

  let recorded = false;
  if (input.recentSearch && consumerId !== null && (input.locality || input.landmark || input.state)) {
    await recordSearch(consumerId, {
      query: text ?? input.locality ?? input.landmark ?? input.state ?? '',
      landmark: input.landmark ?? null,
      state: input.state ?? null,
      locality: input.locality ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
    recorded = true;
  }

  const locations: Location[] = rows.map((r) => ({
    locality: r.locality,
    type: r.type,
    city: { id: r.cityId, name: r.cityName, nameHi: r.cityNameHi, slug: r.citySlug },
    state: r.state,
    landmark: null,
    latitude: Math.round(r.latitude * 1e6) / 1e6,
    longitude: Math.round(r.longitude * 1e6) / 1e6,
    outletCount: r.outletCount,
    distanceKm: roundKm(r.distanceM),
  }));
  return { locations, totalCount: rows[0]?.totalCount ?? 0, offSet: page, limit: input.limit, recorded };
}
