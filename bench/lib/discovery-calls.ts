import type { Knex } from 'knex';
import { CITIES } from '../../seeds/data/cities.ts';
import { CITY_GEO } from '../../seeds/data/localities.ts';
import { createRng } from '../../seeds/data/random.ts';
import { istMoment } from '../../server/modules/offers/rules.ts';
import {
  nearbyByCitySql,
  nearbyByDistanceSql,
  outletDetailsSql,
  type NearbySql,
} from '../../server/modules/outlets/service.ts';
import { BASE_ID } from '../data/generate.ts';
import { ok, type BenchHttpClient, type BenchResponse } from '../http-client.ts';
import type { PlainSql } from './plain-sql.ts';
import type { Target } from './targets.ts';

/**
 * The discovery calls the bench measures, each as the REST call a shopper's app makes and as the very
 * SQL the service runs for it (every statement, in order) over the plain driver: the same pairs feed
 * the API ÷ SQL lines (suite discovery), the 100,000 ↔ 1,000,000 comparison (suite scale) and the
 * throughput lines (suite throughput).
 *
 * Adding a discovery query (issue 16's filters, typo-tolerant and dish search) is one more entry in
 * `discoveryCalls`: a name, the REST call and the statements; every suite picks it up.
 */
export interface DiscoveryCall {
  name: string;
  /** The REST path the call hits (the throughput floor answers it with the same JSON). */
  path: string;
  /** One REST call; each call takes the next point or id of the bench's deterministic cycle. */
  rest: () => Promise<BenchResponse>;
  /** The same statements over the plain driver. */
  sql: () => Promise<unknown>;
  /** How many inputs (points, ids, pages) the call cycles through. */
  inputs: number;
  /** The statements of input `i`, with their values inlined as literals (pgbench scripts, EXPLAIN). */
  literal: (i: number) => Promise<string[]>;
}

export const COMMON_WORD = 'kitchen';
export const NO_HIT_WORD = 'zanzibar';
/** The biggest city of the generated data (22 % of outlets): what a shopper declining location sees. */
export const BROWSE_CITY = 'mumbai';
export const RARE_CATEGORY = 'pharmacy';

/** Shoppers' positions: near real localities of every city, deterministic. */
export function queryPoints(): { latitude: number; longitude: number }[] {
  const rng = createRng('bachat-bench-points-v1');
  const points: { latitude: number; longitude: number }[] = [];
  for (let i = 0; i < 64; i++) {
    const city = rng.pick(CITIES.filter((c) => CITY_GEO[c.slug]));
    const loc = rng.pick(CITY_GEO[city.slug]!.localities);
    points.push({ latitude: loc.latitude + (rng.next() - 0.5) / 50, longitude: loc.longitude + (rng.next() - 0.5) / 50 });
  }
  return points;
}

export function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/** Live generated outlets among the first 100,000 (present in both data sets), for the details calls. */
export async function liveOutletIds(db: Knex): Promise<number[]> {
  const ids = Array.from({ length: 64 }, (_, i) => BASE_ID + ((i * 7919) % 100_000));
  return ((await db('outlets').whereIn('id', ids).where('isLive', true).orderBy('id').select('id')) as { id: number }[]).map((r) => Number(r.id));
}

/** A statement from a Knex builder, as the service sends it. */
function native(q: Knex.QueryBuilder): NearbySql {
  const n = q.toSQL().toNative();
  return { sql: n.sql, bindings: n.bindings as (string | number)[] };
}

/** Runs statements in order over the plain driver; the next may depend on the rows of the one before. */
async function runAll(sql: PlainSql, statements: readonly NearbySql[]): Promise<void> {
  for (const s of statements) await sql.query(s.sql, s.bindings);
}

const inline = (db: Knex, q: NearbySql) => db.raw(q.sql.replace(/\$(\d+)/g, '?'), q.bindings as Knex.RawBinding[]).toQuery();

/** The calls for one data set (its app, its plain-driver reference, its ids). */
export async function discoveryCalls(t: Target, http: BenchHttpClient): Promise<DiscoveryCall[]> {
  const db = t.db;
  const date = istMoment(new Date()).date;
  const points = queryPoints();
  const pharmacy = Number(((await db('categories').where({ slug: RARE_CATEGORY }).first('id')) as { id: number }).id);
  const restaurants = Number(((await db('categories').where({ slug: 'restaurants' }).first('id')) as { id: number }).id);
  const mumbai = Number(((await db('cities').where({ slug: BROWSE_CITY }).first('id')) as { id: number }).id);
  const liveIds = await liveOutletIds(db);

  // The look-ups the service makes before its main statement (categories/service.ts, outlets/service.ts).
  const categoryLookup = (slug: string) =>
    native(db('categories').where('isActive', true).andWhere((q) => q.where('slug', slug)).first('id'));
  const cityLookup = (slug: string) =>
    native(db('cities').where('isActive', true).andWhere((q) => q.where('slug', slug)).orderBy([{ column: 'sortOrder' }, { column: 'id' }]).first('id'));

  const nearbyBody = (p: { latitude: number; longitude: number }, extra: Record<string, unknown> = {}) => JSON.stringify({ ...p, noLocation: false, ...extra });
  const post = (path: string, body?: string) => async () => ok(await http.request('POST', `${t.baseUrl}${path}`, body === undefined ? {} : { body }));

  /** A call whose REST side and SQL side each walk the same cycle of inputs. */
  function call<I>(
    name: string,
    path: string,
    inputs: readonly I[],
    rest: (input: I) => Promise<BenchResponse>,
    statements: (input: I) => Promise<NearbySql[]> | NearbySql[],
  ): DiscoveryCall {
    const restNext = cycle(inputs);
    const sqlNext = cycle(inputs);
    return {
      name,
      path,
      rest: () => rest(restNext()),
      sql: async () => runAll(t.sql, await statements(sqlNext())),
      inputs: inputs.length,
      literal: async (i) => (await statements(inputs[i % inputs.length]!)).map((q) => inline(db, q)),
    };
  }

  return [
    call('nearby, every category', '/api/outlet/getNearbyOutlets', points, (p) => post('/api/outlet/getNearbyOutlets?offSet=1&limit=16', nearbyBody(p))(), (p) => [
      nearbyByDistanceSql({ ...p, categoryId: null, offset: 0, limit: 16, date }),
    ]),
    call(`nearby, a rare category (${RARE_CATEGORY}, 2 %)`, '/api/outlet/getNearbyOutlets', points, (p) =>
      post('/api/outlet/getNearbyOutlets?offSet=1&limit=16', nearbyBody(p, { category: RARE_CATEGORY }))(), (p) => [
      categoryLookup(RARE_CATEGORY),
      nearbyByDistanceSql({ ...p, categoryId: pharmacy, offset: 0, limit: 16, date }),
    ]),
    call(`city browse without location (${BROWSE_CITY}), page 1`, '/api/outlet/getNearbyOutlets', [1], () =>
      post('/api/outlet/getNearbyOutlets?offSet=1&limit=16', JSON.stringify({ noLocation: true, city: BROWSE_CITY }))(), () => [
      cityLookup(BROWSE_CITY),
      nearbyByCitySql({ cityId: mumbai, categoryId: null, offset: 0, limit: 16, date }),
    ]),
    call(`city browse without location (${BROWSE_CITY}), page 50`, '/api/outlet/getNearbyOutlets', [50], (page) =>
      post(`/api/outlet/getNearbyOutlets?offSet=${page}&limit=16`, JSON.stringify({ noLocation: true, city: BROWSE_CITY }))(), (page) => [
      cityLookup(BROWSE_CITY),
      nearbyByCitySql({ cityId: mumbai, categoryId: null, offset: (page - 1) * 16, limit: 16, date }),
    ]),
    call(`city browse without location (${BROWSE_CITY}), restaurants`, '/api/outlet/getNearbyOutlets', [1], () =>
      post('/api/outlet/getNearbyOutlets?offSet=1&limit=16', JSON.stringify({ noLocation: true, city: BROWSE_CITY, category: 'restaurants' }))(), () => [
      categoryLookup('restaurants'),
      cityLookup(BROWSE_CITY),
      nearbyByCitySql({ cityId: mumbai, categoryId: restaurants, offset: 0, limit: 16, date }),
    ]),
    // The documented details call: POST with the id in the query string and no body (SPEC §7).
    call('outlet details', '/api/outlet/details', liveIds, (id) => post(`/api/outlet/details?outletId=${id}`)(), (id) => [outletDetailsSql({ outletId: id, date })]),
    // Search (issue 16's words, spellings and ranking: server/modules/outlets/search.ts) is measured by
    // the discovery suite against its own statements, 100,000 and 1,000,000 outlets included.
  ];
}

