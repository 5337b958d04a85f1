import type { Knex } from 'knex';
import { CITIES } from '../../seeds/data/cities.ts';
import { CITY_GEO } from '../../seeds/data/localities.ts';
import { createRng } from '../../seeds/data/random.ts';
import { runtime, runWithRuntime } from '../../server/lib/runtime.ts';
import { istMoment } from '../../server/modules/offers/rules.ts';
import { globalSearchInputSchema, nearbyOutletsInputSchema } from '../../server/modules/outlets/schema.ts';
import {
  listNearbyOutlets,
  nearbyByCitySql,
  nearbyByDistanceSql,
  outletDetailsSql,
  searchEverything,
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
  /**
   * Builds (or records) the statements of every input, before anything is timed: a recorded call runs
   * the service for each input, which must not land inside a measurement.
   */
  ready: () => Promise<void>;
  /** The statements of input `i`, as the service runs them (the reference sends these). */
  statements: (i: number) => Promise<NearbySql[]>;
  /**
   * The statements of input `i`, with their values inlined as literals (pgbench scripts, EXPLAIN); a
   * statement with plan hints comes wrapped in its transaction (BEGIN, SET LOCAL …, it, COMMIT).
   */
  literal: (i: number) => Promise<string[]>;
}

export const COMMON_WORD = 'kitchen';
export const NO_HIT_WORD = 'zanzibar';
/** A dish, misspelt as shoppers type it (issue 16's typo-tolerant dish search). */
export const DISH_TYPO = 'biriyani';
/** Issue 16's filters as a shopper sets them: veg, open now, up to ₹600 for two, 10 % off or more, by discount. */
export const LIST_FILTERS = { veg: true, openNow: true, costForTwoMaxPaise: 60_000, minDiscountPercent: 10, sort: 'discount' } as const;
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

/**
 * The statements a service call runs, in order, recorded off Knex's query events while the call runs
 * in this process against `db` (the data set's own database): the call is made twice and the second
 * recorded, so caches warmed by the first are warm here too. A transaction of plan hints (`SET LOCAL`)
 * and one statement, as `runPlanned` and `runProbe` make, becomes that statement with its hints. For
 * the calls whose statements depend on rows read before them (search: its words, then the matches, then
 * the cards of the ids found): the recorded list is exactly what the service sent for that input.
 */
export function recordedStatements(db: Knex, fn: () => Promise<unknown>): Promise<NearbySql[]> {
  // One recording at a time: the listener hears every statement of the Knex instance.
  const result = recording.then(() => record(db, fn));
  recording = result.catch(() => undefined);
  return result;
}

let recording: Promise<unknown> = Promise.resolve();

async function record(db: Knex, fn: () => Promise<unknown>): Promise<NearbySql[]> {
  const rt = { ...runtime(), db };
  await runWithRuntime(rt, fn);
  const seen: { sql: string; bindings: (string | number)[]; tx?: string; prepared: boolean }[] = [];
  const listener = (q: { sql: string; bindings?: (string | number)[]; __knexTxId?: string; options?: { name?: string } }) =>
    seen.push({ sql: q.sql, bindings: q.bindings ?? [], tx: q.__knexTxId, prepared: Boolean(q.options?.name) });
  db.on('query', listener);
  try {
    await runWithRuntime(rt, fn);
  } finally {
    db.off('query', listener);
  }
  const out: NearbySql[] = [];
  let hints: string[] = [];
  let inTx: NearbySql | null = null;
  for (const q of seen) {
    const text = q.sql.trim().replace(/;$/, '');
    if (!q.tx) {
      out.push({ sql: q.sql, bindings: q.bindings, prepared: q.prepared });
    } else if (/^BEGIN$/i.test(text)) {
      hints = [];
      inTx = null;
    } else if (/^SET LOCAL /i.test(text)) {
      hints.push(text.slice('SET LOCAL '.length));
    } else if (/^COMMIT$/i.test(text)) {
      if (inTx) out.push(inTx);
    } else {
      if (inTx) throw new Error(`recordedStatements: a transaction of more than one statement (${text.slice(0, 60)}…)`);
      inTx = { sql: q.sql, bindings: q.bindings, planHints: hints.length ? [...hints] : undefined, prepared: q.prepared };
    }
  }
  return out;
}

/** A statement from a Knex builder, as the service sends it. */
function native(q: Knex.QueryBuilder): NearbySql {
  const n = q.toSQL().toNative();
  return { sql: n.sql, bindings: n.bindings as (string | number)[] };
}

/**
 * Runs statements in order over the plain driver, each as the service runs it (with its plan hints:
 * `runPlanned`); the next may depend on the rows of the one before.
 */
async function runAll(sql: PlainSql, statements: readonly NearbySql[]): Promise<void> {
  for (const s of statements) await sql.planned(s);
}

/**
 * A statement with its values inlined; one with plan hints becomes its transaction (BEGIN, each hint
 * SET LOCAL, the statement, COMMIT), as pgbench must run it.
 */
function inline(db: Knex, q: NearbySql): string[] {
  const statement = db.raw(q.sql.replace(/\$(\d+)/g, '?'), q.bindings as Knex.RawBinding[]).toQuery();
  return q.planHints?.length ? ['BEGIN', ...q.planHints.map((h) => `SET LOCAL ${h}`), statement, 'COMMIT'] : [statement];
}

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
  const get = (path: string) => async () => ok(await http.request('GET', `${t.baseUrl}${path}`));
  /** `GET /api/cmn/search`'s query string, or (`asInput`) the same query as the raw object REST parses. */
  function searchQuery(q: Record<string, string | number>, asInput: true): Record<string, string>;
  function searchQuery(q: Record<string, string | number>): string;
  function searchQuery(q: Record<string, string | number>, asInput = false) {
    const params = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
    return asInput ? params : `/api/cmn/search?${new URLSearchParams(params).toString()}`;
  }

  /** A call whose REST side and SQL side each walk the same cycle of inputs. */
  function call<I>(
    name: string,
    path: string,
    inputs: readonly I[],
    rest: (input: I) => Promise<BenchResponse>,
    statements: (input: I) => Promise<NearbySql[]> | NearbySql[],
  ): DiscoveryCall {
    const restNext = cycle(inputs);
    const sqlNext = cycle(inputs.map((_, i) => i));
    // Each input's statements are built (or recorded) once: the reference then only sends them.
    const built = new Map<number, Promise<NearbySql[]>>();
    const statementsOf = (i: number) => {
      let list = built.get(i);
      if (!list) built.set(i, (list = Promise.resolve(statements(inputs[i]!))));
      return list;
    };
    return {
      name,
      path,
      rest: () => rest(restNext()),
      sql: async () => runAll(t.sql, await statementsOf(sqlNext())),
      inputs: inputs.length,
      ready: async () => {
        for (let i = 0; i < inputs.length; i++) await statementsOf(i);
      },
      statements: (i) => statementsOf(i % inputs.length),
      literal: async (i) => (await statementsOf(i % inputs.length)).flatMap((q) => inline(db, q)),
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
    // Issue 16's filters: the bounded candidate list, ordered by discount (discovery.ts).
    call('nearby with filters (veg, open now, ≤ ₹600, 10 %+, by discount)', '/api/outlet/getNearbyOutlets', points, (p) =>
      post('/api/outlet/getNearbyOutlets?offSet=1&limit=16', nearbyBody(p, LIST_FILTERS))(), (p) =>
      recordedStatements(db, () => listNearbyOutlets(nearbyOutletsInputSchema.parse({ offSet: '1', limit: '16', ...p, noLocation: false, ...LIST_FILTERS })))),
    // Search (server/modules/outlets/search.ts and searchEverything): its words and their spellings,
    // the matches, the ranking, the cards, the advertisements and the businesses, every statement.
    ...[
      { name: `search, a common word ("${COMMON_WORD}")`, text: COMMON_WORD },
      { name: `search, a word with no hits ("${NO_HIT_WORD}")`, text: NO_HIT_WORD },
      { name: `search, a misspelt dish ("${DISH_TYPO}")`, text: DISH_TYPO },
    ].map(({ name, text }) =>
      call(name, '/api/cmn/search', points, (p) => get(searchQuery({ searchString: text, ...p }))(), (p) =>
        recordedStatements(db, () => searchEverything(globalSearchInputSchema.parse(searchQuery({ searchString: text, ...p }, true))))),
    ),
    call(`search without location ("${COMMON_WORD}" in ${BROWSE_CITY})`, '/api/cmn/search', [BROWSE_CITY], (city) =>
      get(searchQuery({ searchString: COMMON_WORD, city }))(), (city) =>
      recordedStatements(db, () => searchEverything(globalSearchInputSchema.parse(searchQuery({ searchString: COMMON_WORD, city }, true))))),
  ];
}

