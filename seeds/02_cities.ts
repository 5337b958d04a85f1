import type { Knex } from 'knex';
import { CITIES } from './data/cities.ts';

/**
 * Reference cities, upserted by slug. The seed owns name, Hindi name, state, centre and sort order (an
 * unchanged row is not touched at all); `is_active` belongs to the back office.
 */
export async function seed(db: Knex): Promise<void> {
  const rows = CITIES.map(({ slug, name, nameHi, state, latitude, longitude, sortOrder }) => ({
    slug,
    name,
    nameHi,
    state,
    latitude,
    longitude,
    sortOrder,
  }));
  await db('cities')
    .insert(rows)
    .onConflict('slug')
    .merge({
      name: db.raw('excluded.name'),
      nameHi: db.raw('excluded.name_hi'),
      state: db.raw('excluded.state'),
      latitude: db.raw('excluded.latitude'),
      longitude: db.raw('excluded.longitude'),
      sortOrder: db.raw('excluded.sort_order'),
      updatedAt: db.fn.now(),
    })
    .whereRaw(
      '(cities.name, cities.name_hi, cities.state, cities.latitude, cities.longitude, cities.sort_order) IS DISTINCT FROM (excluded.name, excluded.name_hi, excluded.state, excluded.latitude, excluded.longitude, excluded.sort_order)',
    );
}
