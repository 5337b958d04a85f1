import type { Knex } from 'knex';
import { rawRows } from '../../db/rows.ts';
import { runtime } from '../../lib/runtime.ts';
import { discoveryDb } from '../../db/read-replica.ts';
import { resolveCategoryId } from '../categories/service.ts';
import { istMoment, liveOfferAt } from '../offers/rules.ts';
import { offerColumnsBindings, offerColumnsSql, offerInputsOf, type OfferColumns } from '../offers/service.ts';
import { cardsByIds, resolveCity } from './cards.ts';
import { FILTER_SCAN_LIMIT, NEWEST_OFFER_SQL, filterSql, istClock, type Point } from './discovery.ts';
import { NEARBY_MAX_RESULTS, type CityRef, type DiscoveryFilters, type DiscoverySort, type GlobalSearchInput, type OutletCard } from './schema.ts';

/**
 * Outlet search (issue 16, docs/discovery.md "Search"): names, categories, cuisines, dishes and menu
 * section titles, forgiving typos, ranked by text match, distance and the live discount.
 *
 * 1. The text is cut into words by the database's own tokenizer (`bachat_search_words`, the one that
 *    made every outlet's `search_tokens`). Each word is looked up in the vocabulary (`search_terms`):
 *    the word itself, words it begins (the last word only, as the shopper types) and near spellings,
 *    found by a KNN scan of the trigram GiST index and kept when within Elasticsearch's AUTO edit
 *    distance (0 edits up to 2 letters, 1 up to 5, 2 beyond; a swap of two letters is one edit).
 * 2. Outlets match when, for every word, their search_tokens hold one of its spellings. With the
 *    shopper's point, first among the FILTER_SCAN_LIMIT nearest outlets (a KNN scan, filters applied);
 *    when those are fewer than the page, anywhere: a probe of the GIN index (`&&`, one probe per word,
 *    at most SEARCH_PROBE_LIMIT + 1 rows, text only), then the filters on those rows by primary key.
 *    Never a sort or a filter over every match of a common word.
 * 3. Ranking: 55 % text (exact word 1, a prefix 0.9, one edit about 0.8, two about 0.65, only the closest
 *    misspellings kept; averaged over the words, a word found in the name counting in full and elsewhere
 *    0.85 of it), 30 % nearness (1 / (1 + km / 4))
 *    and 15 % the discount live now (capped at 40 %).
 * 4. No match at all: "did you mean" offers the nearest spelling of each word the outlets use, when
 *    that finds some.
 */

export const SEARCH_MAX_WORDS = 6;
/** Vocabulary terms read per word by trigram distance, and per prefix. */
const NEAR_TERMS = 24;
const PREFIX_TERMS = 16;
/** Spellings kept per word. */
const MAX_EXPANSIONS = 12;
/** At most this many matches are all ranked; more means common words, ranked among the nearest. */
export const SEARCH_PROBE_LIMIT = 500;
/** A suggestion is one edit further than a match, or within this trigram distance (similarity 0.3). */
const SUGGESTION_MAX_DISTANCE = 0.7;

const WEIGHTS = { text: 0.55, near: 0.3, discount: 0.15 };

/** Elasticsearch's AUTO fuzziness: how many edits a word of this length may be away. */
export function allowedEdits(length: number): number {
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
}

/**
 * Edits between two words (insert, delete, substitute, or swap two neighbours: the optimal string
 * alignment distance), or `max + 1` as soon as it is certainly more than `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** A PostgreSQL array literal of text values (bound as one parameter: knex would spread a JS array). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The statement that cuts the text into words and reads each word's nearest vocabulary terms. */
export function expansionsSql(text: string): { sql: string; bindings: (string | number)[] } {
  const sql = `
    WITH words AS (
      SELECT u.w COLLATE "C" AS w, u.n
        FROM unnest(bachat_search_words(?)) WITH ORDINALITY AS u(w, n)
       ORDER BY u.n
       LIMIT ?
    ), last AS (SELECT max(n) AS n FROM words)
    SELECT words.n, words.w, t.term, t.dist, t.prefix
      FROM words
      CROSS JOIN LATERAL (
        (SELECT st.term, st.term <-> words.w AS dist, false AS prefix
           FROM search_terms st
          ORDER BY st.term <-> words.w
          LIMIT ?)
        UNION ALL
        (SELECT st.term, st.term <-> words.w AS dist, true AS prefix
           FROM search_terms st, last
          WHERE words.n = last.n AND st.term > words.w AND st.term < words.w || chr(1114111)
          ORDER BY st.term
          LIMIT ?)
      ) t
     ORDER BY words.n, t.dist, t.term`;
  return { sql, bindings: [text, SEARCH_MAX_WORDS, NEAR_TERMS, PREFIX_TERMS] };
}

interface TermRow {
  n: number;
  w: string;
  term: string;
  dist: number;
  prefix: boolean;
}

export interface SearchWord {
  word: string;
  /** Spelling → weight (1 the word itself, 0.9 a completion, 0.8 one edit away, 0.65 two). */
  spellings: Map<string, number>;
  /** The nearest vocabulary spelling, for "did you mean" (null when none is near). */
  nearest: string | null;
}

/** The words of a search with the spellings each may match (pure; the rows come from expansionsSql). */
export function searchWordsOf(rows: readonly TermRow[]): SearchWord[] {
  type Fuzzy = { term: string; edits: number; similarity: number };
  const words = new Map<
    number,
    { word: string; exact: [string, number][]; fuzzy: Fuzzy[]; nearest: { term: string; edits: number; dist: number } | null }
  >();
  for (const r of rows) {
    let entry = words.get(r.n);
    if (!entry) {
      entry = { word: r.w, exact: [], fuzzy: [], nearest: null };
      words.set(r.n, entry);
    }
    const allowed = allowedEdits(r.w.length);
    if (r.term === r.w) entry.exact.push([r.term, 1]);
    else if (r.prefix) entry.exact.push([r.term, r.w.length >= 3 ? 0.9 : 0.75]);
    else {
      const edits = editDistance(r.w, r.term, allowed + 1);
      if (edits <= allowed) entry.fuzzy.push({ term: r.term, edits, similarity: 1 - r.dist });
      // "Did you mean": the nearest spelling, one edit further than a match may be, or trigram-close.
      if (edits <= allowed + 1 || r.dist <= SUGGESTION_MAX_DISTANCE) {
        const n = entry.nearest;
        if (!n || edits < n.edits || (edits === n.edits && r.dist < n.dist)) entry.nearest = { term: r.term, edits, dist: r.dist };
      }
    }
  }
  return [...words.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, e]) => {
      // Only the closest misspellings count: "mavali" is "mavalli" (one edit), not "masala" (two).
      const fewest = Math.min(...e.fuzzy.map((f) => f.edits));
      const fuzzy = e.fuzzy
        .filter((f) => f.edits === fewest)
        .map((f): [string, number] => [f.term, (f.edits === 1 ? 0.8 : 0.65) * (0.85 + 0.15 * f.similarity)]);
      const best = new Map<string, number>();
      for (const [term, weight] of [...e.exact, ...fuzzy]) best.set(term, Math.max(best.get(term) ?? 0, weight));
      const kept = [...best.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_EXPANSIONS);
      return { word: e.word, spellings: new Map(kept), nearest: e.nearest?.term ?? null };
    });
}

interface Scope {
  categoryId: number | null;
  filters: DiscoveryFilters;
  clock: string;
}

function matchSql(spellings: readonly (readonly string[])[], scope: Scope | null): { where: string; bindings: (string | number)[] } {
  const bindings: (string | number)[] = spellings.map((s) => textArray(s));
  let where = spellings.map(() => 'AND o.search_tokens && ?::text[]').join(' ');
  if (scope) {
    if (scope.categoryId !== null) {
      where += ' AND o.category_id = ?';
      bindings.push(scope.categoryId);
    }
    const f = filterSql(scope.filters, { cityId: null, clock: scope.clock });
    where += ` ${f.sql}`;
    bindings.push(...f.bindings);
  }
  return { where, bindings };
}

/**
 * Live outlets whose search_tokens hold one spelling of every word (and pass the filters), at most
 * `limit`, in no order: a bitmap probe of the GIN index per word (exported for the bench).
 */
export function searchProbeSql(spellings: readonly (readonly string[])[], scope: Scope | null, limit: number) {
  const m = matchSql(spellings, scope);
  return { sql: `SELECT o.id FROM outlets o WHERE o.is_live ${m.where} LIMIT ?`, bindings: [...m.bindings, limit] };
}

/**
 * The same matches among the FILTER_SCAN_LIMIT nearest live outlets, nearest first (common words).
 * The KNN scan carries out the columns the match and the filters read, so nothing is looked up twice.
 */
export function searchNearSql(spellings: readonly (readonly string[])[], scope: Scope, point: Point, limit: number) {
  const m = matchSql(spellings, scope);
  const sql = `
    WITH scan AS (
      SELECT o.id, o.search_tokens, o.category_id, o.is_veg, o.opens_at, o.closes_at,
             ll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?) AS chord
        FROM outlets o
       WHERE o.is_live
       ORDER BY ll_to_earth(o.latitude, o.longitude) <-> ll_to_earth(?, ?)
       LIMIT ?
    )
    SELECT o.id FROM scan o
     WHERE TRUE ${m.where}
     ORDER BY o.chord, o.id
     LIMIT ?`;
  return { sql, bindings: [point.latitude, point.longitude, point.latitude, point.longitude, FILTER_SCAN_LIMIT, ...m.bindings, limit] };
}

interface RankRow {
  id: number;
  cityId: number;
  searchTokens: string[];
  nameTokens: string[];
  distanceM: number | null;
  newestAt: Date | null;
}

interface Scored extends RankRow {
  text: number;
  near: number;
  discount: number | null;
}

/**
 * Runs a probe on the GIN index. For a LIMIT over a common word the planner would rather read the
 * table in order until it has enough rows (cheap on average, but its cost then depends on where the
 * matching rows happen to sit, and on a word it mis-estimates it reads everything); the probe must cost
 * what its matches cost, so sequential scans are off for this one statement.
 */
export async function runProbe(db: Knex, probe: { sql: string; bindings: readonly (string | number)[] }): Promise<number[]> {
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off');
    return (await rawRows<{ id: number }>(trx, probe.sql, probe.bindings)).map((r) => r.id);
  });
}

/** How well an outlet's words match the search: per word its best spelling, in the name in full, elsewhere 0.85 of it. */
export function textScoreOf(words: readonly SearchWord[], tokens: readonly string[], nameTokens: readonly string[]): number {
  if (!words.length) return 0;
  const all = new Set(tokens);
  const name = new Set(nameTokens);
  let sum = 0;
  for (const w of words) {
    let best = 0;
    for (const [term, weight] of w.spellings) {
      if (name.has(term)) best = Math.max(best, weight);
      else if (all.has(term)) best = Math.max(best, weight * 0.85);
    }
    sum += best;
  }
  return sum / words.length;
}

const nearness = (distanceM: number | null) => (distanceM === null ? 0.5 : 1 / (1 + distanceM / 4000));
const discountScore = (pct: number | null) => (pct === null ? 0 : Math.min(pct, 40) / 40);
const relevance = (s: Scored) => WEIGHTS.text * s.text + WEIGHTS.near * s.near + WEIGHTS.discount * discountScore(s.discount);

export interface OutletSearch {
  cards: OutletCard[];
  didYouMean: string | null;
  hiddenByFilters: boolean;
  /** The city the shopper searches in (the one asked for, else the nearest to their position): its outlets come first. */
  chosenCity: CityRef | null;
}

/**
 * The city a search is about: the one the shopper chose (`city`), else the active city nearest their
 * position, else none. Results in it come first; the client names the city of every other one.
 */
async function chosenCityOf(db: Knex, input: { city?: string }, point: Point | null): Promise<CityRef | null> {
  if (input.city === undefined && !point) return null;
  const rows = await rawRows<CityRef>(
    db,
    input.city !== undefined
      ? `SELECT id, name, name_hi, slug FROM cities WHERE is_active AND (slug = ? OR id::text = ?) ORDER BY sort_order, id LIMIT 1`
      : `SELECT id, name, name_hi, slug FROM cities WHERE is_active
          ORDER BY earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(?, ?)), id LIMIT 1`,
    input.city !== undefined ? [input.city, input.city] : [point!.latitude, point!.longitude],
  );
  return rows[0] ?? null;
}

/** The outlets part of `GET /cmn/search` / `outlets.search`. */
export async function searchOutletCards(input: GlobalSearchInput & { latitude?: number; longitude?: number }): Promise<OutletSearch> {
  const { now } = runtime();
  const db = discoveryDb();
  const at = now();
  const date = istMoment(at).date;
  const point: Point | null =
    input.latitude !== undefined && input.longitude !== undefined
      ? { latitude: input.latitude, longitude: input.longitude }
      : input.city !== undefined
        ? await resolveCity({ city: input.city }, db)
        : null;
  const fromShopper = input.latitude !== undefined;
  const scope: Scope = { categoryId: await resolveCategoryId(input.category, db), filters: input, clock: istClock(at) };

  const x = expansionsSql(input.searchString);
  const words = searchWordsOf(await rawRows<TermRow>(db, x.sql, x.bindings));
  const spellings = words.map((w) => [...w.spellings.keys()]);
  const chosenCity = await chosenCityOf(db, input, fromShopper ? point : null);
  const none: OutletSearch = { cards: [], didYouMean: null, hiddenByFilters: false, chosenCity };
  if (!words.length) return none;

  const found = spellings.every((s) => s.length > 0) ? await matchingIds(db, spellings, scope, point, input.limit) : { ids: [], textHits: 0 };
  const ids = found.ids;
  if (!ids.length) {
    if (found.textHits > 0) return { ...none, hiddenByFilters: true };
    return { ...none, ...(await suggestion(db, words, scope)) };
  }

  const distance = point ? 'earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(?, ?))' : 'NULL::float8';
  const rows = await rawRows<RankRow>(
    db,
    `SELECT o.id, o.city_id, o.search_tokens, bachat_search_tokens(o.name) AS name_tokens, ${distance} AS distance_m,
            ${NEWEST_OFFER_SQL('o.id')} AS newest_at
       FROM outlets o WHERE o.id = ANY(?::bigint[])`,
    [...(point ? [point.latitude, point.longitude] : []), date, date, idArray(ids)],
  );
  const sort: DiscoverySort = input.sort ?? 'relevance';
  const minDiscount = input.minDiscountPercent ?? 0;
  let pool: Scored[] = rows
    .map((r) => ({ ...r, text: textScoreOf(words, r.searchTokens, r.nameTokens), near: nearness(r.distanceM), discount: null }))
    .sort((a, b) => WEIGHTS.text * (b.text - a.text) + WEIGHTS.near * (b.near - a.near) || a.id - b.id)
    .slice(0, NEARBY_MAX_RESULTS);
  // The live discount, by the offers rules, for the outlets it can change the answer for.
  const needAll = minDiscount > 0 || sort === 'discount';
  const needOffers = needAll || sort === 'relevance';
  if (needOffers) {
    const subject = needAll ? pool : pool.slice(0, input.limit + 20);
    const offers = await rawRows<{ id: number } & OfferColumns>(
      db,
      `SELECT o.id, ${offerColumnsSql('o.id')} FROM outlets o WHERE o.id = ANY(?::bigint[])`,
      [...offerColumnsBindings(date), idArray(subject.map((s) => s.id))],
    );
    const pct = new Map(offers.map((o) => [o.id, liveOfferAt(offerInputsOf(o.id, o), at)?.discountPercent ?? null]));
    pool = subject.map((s) => ({ ...s, discount: pct.get(s.id) ?? null }));
    if (minDiscount > 0) pool = pool.filter((s) => s.discount !== null && s.discount >= minDiscount);
  }
  const nearer = (a: Scored, b: Scored) => (a.distanceM ?? Infinity) - (b.distanceM ?? Infinity) || a.id - b.id;
  const order: Record<DiscoverySort, (a: Scored, b: Scored) => number> = {
    relevance: (a, b) => relevance(b) - relevance(a) || nearer(a, b),
    distance: (a, b) => nearer(a, b) || b.text - a.text,
    discount: (a, b) => (b.discount ?? -1) - (a.discount ?? -1) || nearer(a, b),
    newest: (a, b) => (b.newestAt?.getTime() ?? -Infinity) - (a.newestAt?.getTime() ?? -Infinity) || nearer(a, b),
  };
  // The chosen city's outlets first, each part in the sort's order (issue 28: other cities are not
  // mixed in unannounced; the cards name their city).
  const inChosen = (s: Scored) => (chosenCity !== null && s.cityId === chosenCity.id ? 0 : 1);
  const top = pool.sort((a, b) => inChosen(a) - inChosen(b) || order[sort](a, b)).slice(0, input.limit);
  const cards = await cardsByIds(db, top.map((s) => s.id), { point: fromShopper ? point : null, date, now: at });
  return { cards, didYouMean: null, hiddenByFilters: false, chosenCity };
}

/**
 * The outlets to rank, bounded whatever the words: with a point, first the matches among the nearest
 * outlets (a KNN scan, filters applied); when those are fewer than the page, the text's matches
 * anywhere by a probe of the GIN index (text only, at most SEARCH_PROBE_LIMIT + 1), filtered by id.
 * `textHits` says whether the words match any outlet at all (for "hidden by the filters").
 */
async function matchingIds(
  db: Knex,
  spellings: readonly string[][],
  scope: Scope,
  point: Point | null,
  limit: number,
): Promise<{ ids: number[]; textHits: number }> {
  let nearIds: number[] = [];
  if (point) {
    const near = searchNearSql(spellings, scope, point, SEARCH_PROBE_LIMIT);
    nearIds = (await rawRows<{ id: number }>(db, near.sql, near.bindings)).map((r) => r.id);
    if (nearIds.length >= limit) return { ids: nearIds, textHits: nearIds.length };
  }
  const probeIds = await runProbe(db, searchProbeSql(spellings, null, SEARCH_PROBE_LIMIT + 1));
  if (!probeIds.length) return { ids: nearIds, textHits: nearIds.length };
  const f = filterByIdSql(probeIds, scope);
  const kept = await rawRows<{ id: number }>(db, f.sql, f.bindings);
  return { ids: [...new Set([...nearIds, ...kept.map((r) => r.id)])], textHits: probeIds.length };
}

/** Which of these outlets pass the scope's category and filters (a look-up by primary key each). */
export function filterByIdSql(ids: readonly number[], scope: Scope): { sql: string; bindings: (string | number)[] } {
  const m = matchSql([], scope);
  return { sql: `SELECT o.id FROM outlets o WHERE o.id = ANY(?::bigint[]) AND o.is_live ${m.where}`, bindings: [idArray(ids), ...m.bindings] };
}

/** The words match no outlet: the nearest spellings the outlets use, when those find some. */
async function suggestion(db: Knex, words: readonly SearchWord[], scope: Scope): Promise<Partial<OutletSearch>> {
  const suggestion = words.map((w) => (w.spellings.has(w.word) ? w.word : (w.nearest ?? null)));
  if (suggestion.some((s) => s === null) || suggestion.every((s, i) => s === words[i]!.word)) return {};
  const check = searchProbeSql(
    suggestion.map((s) => [s!]),
    { ...scope, filters: { openNow: false, veg: false } },
    1,
  );
  if (!(await runProbe(db, check)).length) return {};
  return { didYouMean: suggestion.join(' ') };
}
