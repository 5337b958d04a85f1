/**
 * A deterministic outlet generator for the benchmarks: outlets clustered around the seeded cities'
 * real localities, categories skewed like a real market (restaurants most, pharmacies fewest), names
 * built from the demo data's realistic words, and the offer rows a card reads (base discounts, some
 * day discounts, some daily happy-hour slots, a photo each).
 *
 * Outlets are made in blocks of BLOCK, each from its own seeded PRNG, so growing 100,000 → 1,000,000
 * adds exactly the rows a direct 1,000,000 run would have: the first 100,000 are the same either way.
 * Ids are explicit (BASE_ID + n) so they never collide with the demo data.
 */
import type { Knex } from 'knex';
import { CITIES } from '../../seeds/data/cities.ts';
import { CITY_GEO } from '../../seeds/data/localities.ts';
import { HOURS, NAME_MAKERS } from '../../seeds/data/names.ts';
import { createRng, type Rng } from '../../seeds/data/random.ts';
import { slugify } from '../../seeds/data/util.ts';

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
}

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
    out.push({
      id: BASE_ID + n,
      name,
      slug: `${slugify(name)}-${n}`,
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

/**
 * Inserts generated outlets until `total` are present (blocks already there are kept), with their
 * discounts, photos and happy-hour promotions, then refreshes the planner's statistics.
 */
export async function ensureGeneratedOutlets(db: Knex, total: number, log: (s: string) => void): Promise<void> {
  const have = await generatedCount(db);
  if (have % BLOCK !== 0) throw new Error(`found ${have} generated outlets, not a whole number of blocks`);
  const cityIds = new Map(((await db('cities').select('id', 'slug')) as { id: number; slug: string }[]).map((c) => [c.slug, Number(c.id)]));
  const categoryIds = new Map(((await db('categories').select('id', 'slug')) as { id: number; slug: string }[]).map((c) => [c.slug, Number(c.id)]));
  const started = Date.now();
  for (let block = have / BLOCK; block * BLOCK < total; block++) {
    const outlets = generateBlock(block);
    await db.transaction(async (trx) => {
      await insertBatches(
        trx,
        'outlets',
        outlets.map((o) => ({
          id: o.id,
          name: o.name,
          slug: o.slug,
          categoryId: categoryIds.get(o.categorySlug)!,
          cityId: cityIds.get(o.citySlug)!,
          addressLineOne: `${(o.id % 240) + 1}, Main Road`,
          addressLineTwo: o.locality,
          state: o.state,
          pincode: o.pincode,
          latitude: o.latitude,
          longitude: o.longitude,
          opensAt: o.opensAt,
          closesAt: o.closesAt,
          isLive: o.isLive,
        })),
      );
      await insertBatches(
        trx,
        'outlet_discounts',
        outlets.filter((o) => o.discount).map((o) => ({ outletId: o.id, discountPercent: o.discount!.percent, isLive: o.discount!.isLive })),
      );
      await insertBatches(
        trx,
        'day_discounts',
        outlets.filter((o) => o.dayDiscount).map((o) => ({ outletId: o.id, dayOfWeek: o.dayDiscount!.dayOfWeek, discountPercent: o.dayDiscount!.percent })),
      );
      await insertBatches(
        trx,
        'outlet_photos',
        outlets.map((o) => ({
          outletId: o.id,
          subCategory: 'storefront',
          position: 0,
          storageKey: `seed/${o.categorySlug}-${o.photoVariant}.svg`,
          width: 800,
          height: 600,
        })),
      );
      const withHappyHour = outlets.filter((o) => o.happyHour);
      const promotions: Record<string, unknown>[] = withHappyHour.map((o) => ({
        id: o.id, // one promotion per outlet at most: reuse the outlet's id
        outletId: o.id,
        adType: 'D',
        title: `Happy Hours: ${o.happyHour!.percent}% off`,
        description: `${o.happyHour!.startsAt} – ${o.happyHour!.endsAt}, on your total bill.`,
        discountPercent: o.happyHour!.percent,
      }));
      await insertBatches(trx, 'promotions', promotions);
      await insertBatches(
        trx,
        'promotion_time_slots',
        withHappyHour.flatMap((o) =>
          o.happyHour!.days.map((d) => ({
            outletId: o.id,
            adType: 'D',
            dayOfWeek: d,
            startsAt: o.happyHour!.startsAt,
            endsAt: o.happyHour!.endsAt,
            promotionId: o.id,
            discountPercent: o.happyHour!.percent,
          })),
        ),
      );
    });
    const done = (block + 1) * BLOCK;
    if (done % 100_000 === 0 || done >= total) log(`  generated ${done.toLocaleString('en-US')} outlets (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.raw('ANALYZE');
}
