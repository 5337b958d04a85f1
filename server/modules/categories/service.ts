import type { CategoryRow } from '../../db/tables.ts';
import { notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import type { Category } from './schema.ts';

/** Active categories in display order, for the shopper's category chips. */
export function listCategories(): Promise<Category[]> {
  return runtime()
    .db('categories')
    .select('id', 'name', 'slug', 'icon')
    .where('isActive', true)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
}

export async function getCategory(id: number): Promise<CategoryRow> {
  const row = await runtime().db('categories').where({ id }).first();
  if (!row) throw notFound('Category not found');
  return row;
}
