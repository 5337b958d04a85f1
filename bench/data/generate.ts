/**
 * A deterministic outlet generator for the benchmarks: outlets clustered around the seeded cities'
 * real localities, categories skewed like a real market (restaurants most, pharmacies fewest), names
 * built from the demo data's realistic words, and the offer rows a card reads (base discounts, some
 * day discounts, some daily happy-hour slots, a photo each), plus what discovery filters and searches
 * (pure veg, cuisines, dishes, a cost for two at food places, the search words).
 *
 * Outlets are made in blocks of BLOCK, each from its own seeded PRNG, so growing 100,000 → 1,000,000
 * adds exactly the rows a direct 1,000,000 run would have: the first 100,000 are the same either way.
 * Ids are explicit (BASE_ID + n) so they never collide with the demo data.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { withoutDeadline } from '../../server/db/knex.ts';
import { recountBrowseCounts } from '../../server/modules/outlets/service.ts';
import { demoAttributes } from '../../seeds/data/attributes.ts';
import { CITIES } from '../../seeds/data/cities.ts';
import { CITY_GEO } from '../../seeds/data/localities.ts';
import { HOURS, NAME_MAKERS } from '../../seeds/data/names.ts';
import { createRng, type Rng } from '../../seeds/data/random.ts';
import { slugify } from '../../seeds/data/util.ts';
import { refreshSearchTokens } from '../../server/modules/outlets/service.ts';

export const BASE_ID = 10_000_000;
export const BLOCK = 10_000;
const INSERT_BATCH = 1_000;

/** Skewed categories (share of outlets). */
export const CATEGORY_WEIGHTS: Readonly<Record<string, number>> = {
  restaurants: 30,
  cafes: 14,
  'bakeries-desserts': 9,
  'pubs-bars': 6,
  fashion: 11,
  jewellery: 3,
  electronics: 6,
  'salon-spa': 9,
  fitness: 4,
  groceries: 6,
  pharmacy: 2,
};

/** Bigger cities get more outlets. */
const CITY_WEIGHTS: Readonly<Record<string, number>> = {
  mumbai: 22,
  delhi: 22,
  bengaluru: 18,
  hyderabad: 10,
  chennai: 9,
  pune: 8,
  kolkata: 7,
  ahmedabad: 4,
};

export interface GeneratedOutlet {
  id: number;
  name: string;
  slug: string;
  citySlug: string;
  categorySlug: string;
  locality: string;
  pincode: string;
  state: string;
  latitude: number;
  longitude: number;
  opensAt: string;
  closesAt: string;
  isLive: boolean;
  discount: { percent: number; isLive: boolean } | null;
  dayDiscount: { dayOfWeek: number; percent: number } | null;
  happyHour: { days: number[]; startsAt: string; endsAt: string; percent: number } | null;
  photoVariant: number;
  /** Pure veg, cuisines, dishes (seeds/data/attributes.ts, a PRNG of their own per outlet). */
  isVeg: boolean;
  cuisines: string[];
  dishes: string[];
  /** Food places state a cost for two (paise); others none. */
  costForTwoPaise: number | null;
}

/** What food places cost for two, by category (rupees). */
const COST_FOR_TWO: Readonly<Record<string, [number, number]>> = {
  restaurants: [200, 2000],
  cafes: [200, 900],
  'bakeries-desserts': [150, 600],
  'pubs-bars': [1000, 3000],
};

function gaussian(rng: Rng): number {
  // Box–Muller; clamp the extreme tail.
  const u = Math.max(rng.next(), 1e-9);
  const v = rng.next();
  return Math.max(-3, Math.min(3, Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)));
}

/** Outlet number n (0-based) of block `block`, in order; deterministic. */
export function generateBlock(block: number): GeneratedOutlet[] {
  const rng = createRng(`bachat-bench-v1-${block}`);
  const cities = CITIES.filter((c) => CITY_GEO[c.slug]);
  const cityWeights = cities.map((c) => CITY_WEIGHTS[c.slug] ?? 1);
  const categories = Object.keys(CATEGORY_WEIGHTS);
  const categoryWeights = categories.map((c) => CATEGORY_WEIGHTS[c]!);
  const out: GeneratedOutlet[] = [];
  for (let i = 0; i < BLOCK; i++) {
    const n = block * BLOCK + i;
    const city = rng.weighted(cities, cityWeights);
    const geo = CITY_GEO[city.slug]!;
    const locality = rng.pick(geo.localities);
    const categorySlug = rng.weighted(categories, categoryWeights);
    const name = rng.pick(NAME_MAKERS[categorySlug]!)(rng, locality.name);
    // Most outlets sit within ~1.5 km of a locality centre; one in five anywhere within ~12 km of the city.
    const spreadKm = rng.chance(0.8) ? 0.6 : 5;
    const dLat = (gaussian(rng) * spreadKm) / 111.32;
    const dLng = (gaussian(rng) * spreadKm) / (111.32 * Math.cos((locality.latitude * Math.PI) / 180));
    const [opensAt, closesAt] = rng.pick(HOURS[categorySlug]!);
    const base = rng.int(5, 25);
    const hasHappyHour = rng.chance(0.25);
    const slug = `${slugify(name)}-${n}`;
    const attributes = demoAttributes(slug, categorySlug, name);
    const cost = COST_FOR_TWO[categorySlug];
    out.push({
      id: BASE_ID + n,
      name,
      slug,
      citySlug: city.slug,
      categorySlug,
      locality: locality.name,
      pincode: locality.pincode,
      state: city.state,
      latitude: Math.round((locality.latitude + dLat) * 1e6) / 1e6,
      longitude: Math.round((locality.longitude + dLng) * 1e6) / 1e6,
      opensAt,
      closesAt,
      isLive: rng.chance(0.95),
      discount: rng.chance(0.85) ? { percent: base, isLive: rng.chance(0.85) } : null,
      dayDiscount: rng.chance(0.3) ? { dayOfWeek: rng.int(1, 7), percent: Math.min(base + rng.int(3, 10), 40) } : null,
      happyHour: hasHappyHour
        ? { days: rng.chance(0.5) ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5], startsAt: '15:00', endsAt: '18:00', percent: Math.min(base + rng.int(5, 12), 45) }
        : null,
      photoVariant: rng.int(1, 3),
      ...attributes,
      // From the outlet's number, not the block's PRNG, so the rest of the data is unchanged.
      costForTwoPaise: cost ? (cost[0] + ((n * 7919) % (cost[1] - cost[0] + 1))) * 100 : null,
    });
  }
  return out;
}

async function insertBatches(db: Knex, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await db(table).insert(rows.slice(i, i + INSERT_BATCH));
}

/** How many generated outlets the database holds. */
export async function generatedCount(db: Knex): Promise<number> {
  const row = (await db('outlets').where('id', '>=', BASE_ID).count({ n: '*' }).first()) as { n: number };
  return Number(row.n);
}

type Ids = { cityIds: Map<string, number>; categoryIds: Map<string, number> };

/** The rows of every table a block fills, as column → value records, in the same shape for both loaders. */
function blockRows(outlets: readonly GeneratedOutlet[], { cityIds, categoryIds }: Ids): Record<string, Record<string, unknown>[]> {
  const withHappyHour = outlets.filter((o) => o.happyHour);
  return {
    outlets: outlets.map((o) => ({
      id: o.id,
      name: o.name,
      slug: o.slug,
      category_id: categoryIds.get(o.categorySlug)!,
      city_id: cityIds.get(o.citySlug)!,
      address_line_one: `${(o.id % 240) + 1}, Main Road`,
      address_line_two: o.locality,
      state: o.state,
      pincode: o.pincode,
      latitude: o.latitude,
      longitude: o.longitude,
      opens_at: o.opensAt,
      closes_at: o.closesAt,
      is_live: o.isLive,
      is_veg: o.isVeg,
      cuisines: o.cuisines,
      dishes: o.dishes,
    })),
    outlet_overviews: outlets
      .filter((o) => o.costForTwoPaise !== null)
      .map((o) => ({ outlet_id: o.id, about: '', cost_for_two_paise: o.costForTwoPaise, highlights: '[]' })),
    outlet_discounts: outlets
      .filter((o) => o.discount)
      .map((o) => ({ outlet_id: o.id, discount_percent: o.discount!.percent, is_live: o.discount!.isLive })),
    day_discounts: outlets
      .filter((o) => o.dayDiscount)
      .map((o) => ({ outlet_id: o.id, day_of_week: o.dayDiscount!.dayOfWeek, discount_percent: o.dayDiscount!.percent })),
    outlet_photos: outlets.map((o) => ({
      outlet_id: o.id,
      sub_category: 'storefront',
      position: 0,
      storage_key: `seed/${o.categorySlug}-${o.photoVariant}.svg`,
      width: 800,
      height: 600,
    })),
    promotions: withHappyHour.map((o) => ({
      id: o.id, // one promotion per outlet at most: reuse the outlet's id
      outlet_id: o.id,
      ad_type: 'D',
      title: `Happy Hours: ${o.happyHour!.percent}% off`,
      description: `${o.happyHour!.startsAt} – ${o.happyHour!.endsAt}, on your total bill.`,
      discount_percent: o.happyHour!.percent,
    })),
    promotion_time_slots: withHappyHour.flatMap((o) =>
      o.happyHour!.days.map((d) => ({
        outlet_id: o.id,
        ad_type: 'D',
        day_of_week: d,
        starts_at: o.happyHour!.startsAt,
        ends_at: o.happyHour!.endsAt,
        promotion_id: o.id,
        discount_percent: o.happyHour!.percent,
      })),
    ),
  };
}

/** A value in PostgreSQL's COPY text format. */
export function copyText(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  // A text[]: an array literal, each element quoted (then escaped for COPY like any text).
  if (Array.isArray(v)) return copyText(`{${v.map((x) => `"${String(x).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`);
  return String(v).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

async function copyRows(client: pg.Client, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', () => resolve());
    stream.on('error', reject);
  });
  let chunk = '';
  for (const row of rows) {
    chunk += `${columns.map((c) => copyText(row[c])).join('\t')}\n`;
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await new Promise((r) => stream.once('drain', r));
      chunk = '';
    }
  }
  stream.end(chunk);
  await done;
}

/**
 * Inserts generated outlets until `total` are present (blocks already there are kept), with their
 * overviews (cost for two), discounts, photos and happy-hour promotions and their search words, then
 * refreshes the planner's statistics.
 *
 * With `copy` (PostgreSQL: a connection string reaching the same schema), rows go in with COPY, 100,000
 * outlets a round, with the live-outlet counting trigger off and the counters recounted once at the end
 * (1,000,000 outlets in a few minutes). Without it (PGlite), batched INSERTs.
 */
export async function ensureGeneratedOutlets(
  db: Knex,
  total: number,
  log: (s: string) => void,
  options: { copy?: { connectionString: string } } = {},
): Promise<void> {
  // Setup, not a request: a recount or an index refresh over 1,000,000 rows runs past the app's
  // statement deadline (DATABASE_STATEMENT_TIMEOUT_MS), so it runs without one, as migrations do.
  await withoutDeadline(db, (unbounded) => generate(unbounded, total, log, options));
}

async function generate(db: Knex, total: number, log: (s: string) => void, options: { copy?: { connectionString: string } }): Promise<void> {
  const have = await generatedCount(db);
  if (have % BLOCK !== 0) throw new Error(`found ${have} generated outlets, not a whole number of blocks`);
  if (have >= total) return;
  const cityIds = new Map(((await db('cities').select('id', 'slug')) as { id: number; slug: string }[]).map((c) => [c.slug, Number(c.id)]));
  const categoryIds = new Map(((await db('categories').select('id', 'slug')) as { id: number; slug: string }[]).map((c) => [c.slug, Number(c.id)]));
  const ids = { cityIds, categoryIds };
  const started = Date.now();
  const progress = (done: number) => {
    if (done % 100_000 === 0 || done >= total) log(`  generated ${done.toLocaleString('en-US')} outlets (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  };
  const TABLES = ['outlets', 'outlet_overviews', 'outlet_discounts', 'day_discounts', 'outlet_photos', 'promotions', 'promotion_time_slots'];

  if (options.copy) {
    const client = new pg.Client({ connectionString: options.copy.connectionString });
    await client.connect();
    try {
      await client.query('ALTER TABLE outlets DISABLE TRIGGER outlets_count_live_insert_delete');
      const ROUND = 10; // blocks per COPY round
      for (let block = have / BLOCK; block * BLOCK < total; block += ROUND) {
        const blocks = Array.from({ length: Math.min(ROUND, Math.ceil((total - block * BLOCK) / BLOCK)) }, (_, i) => block + i);
        const rows = blockRows(blocks.flatMap(generateBlock), ids);
        await client.query('BEGIN');
        for (const table of TABLES) await copyRows(client, table, rows[table]!);
        await client.query('COMMIT');
        // What searches match, as the outlets service keeps it (name, category, cuisines, dishes).
        await refreshSearchTokens(db, (rows.outlets ?? []).map((o) => Number(o.id)));
        progress((block + blocks.length) * BLOCK);
      }
    } finally {
      await client.query('ALTER TABLE outlets ENABLE TRIGGER outlets_count_live_insert_delete').catch(() => undefined);
      await client.end();
    }
    await recountBrowseCounts(db);
  } else {
    for (let block = have / BLOCK; block * BLOCK < total; block++) {
      const rows = blockRows(generateBlock(block), ids);
      await db.transaction(async (trx) => {
        for (const table of TABLES) await insertBatches(trx, table, rows[table]!);
        await refreshSearchTokens(trx, (rows.outlets ?? []).map((o) => Number(o.id)));
      });
      progress((block + 1) * BLOCK);
    }
  }
  // Generated promotions carry explicit ids: move the sequence past them.
  await db.raw(`SELECT setval(pg_get_serial_sequence('promotions', 'id'), (SELECT max(id) FROM promotions))`).catch(() => undefined);
  // Statistics for the planner, and the dead row versions the search words' refresh left vacuumed away
  // (and, on PostgreSQL, the visibility map a live system's autovacuum would set after a bulk load:
  // index-only scans read no table pages once it is set).
  await db.raw('VACUUM ANALYZE');
}
