import type { Knex } from 'knex';
import type { CategoryRow } from '../../db/tables.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import type { Category } from './schema.ts';

/** Active categories in display order, for the shopper's category chips. */
export function listCategories(): Promise<Category[]> {
  return runtime()
    .db('categories')
    .select('id', 'name', 'nameHi', 'slug', 'icon')
    .where('isActive', true)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
}

export async function getCategory(id: number): Promise<CategoryRow> {
  const row = await runtime().db('categories').where({ id }).first();
  if (!row) throw notFound('Category not found');
  return row;
}

/**
 * The category a filter names, by slug or id (discovery and location search take either); none given →
 * null. An unknown or inactive category is a 400 with a field error.
 */
export async function resolveCategoryId(category: string | undefined, db: Knex = runtime().db): Promise<number | null> {
  if (category === undefined) return null;
  const row = await db('categories')
    .where('isActive', true)
    .andWhere((q) => {
      q.where('slug', category);
      if (/^\d{1,15}$/.test(category)) q.orWhere('id', Number(category));
    })
    .first('id');
  if (!row) throw badRequest('Unknown category', { category: 'Unknown category' });
  return row.id;
}
