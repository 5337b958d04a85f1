import { City as CityModel } from '../../db/models/City.ts';
import { notFound } from '../../lib/errors.ts';
import type { City } from './schema.ts';

/** Active cities in display order, for the city picker. */
export async function listCities(): Promise<City[]> {
  const rows = await CityModel.query()
    .select('id', 'name', 'slug', 'state', 'latitude', 'longitude')
    .where('isActive', true)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    state: r.state,
    latitude: r.latitude,
    longitude: r.longitude,
  }));
}


export async function getCity(id: number): Promise<CityModel> {
  const row = await CityModel.query().findById(id);
  if (!row) throw notFound('City not found');
  return row;
}
