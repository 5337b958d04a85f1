import type { CityRow } from '../../db/tables.ts';
import { notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import type { City } from './schema.ts';

/** Active cities in display order, for the city picker. */
export function listCities(): Promise<City[]> {
  return runtime()
    .db('cities')
    .select('id', 'name', 'nameHi', 'slug', 'state', 'latitude', 'longitude')
    .where('isActive', true)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
}

export async function getCity(id: number): Promise<CityRow> {
  const row = await runtime().db('cities').where({ id }).first();
  if (!row) throw notFound('City not found');
  return row;
}
