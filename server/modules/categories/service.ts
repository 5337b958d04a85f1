import { Category as CategoryModel } from '../../db/models/Category.ts';
import { notFound } from '../../lib/errors.ts';
import { runListQuery, type ListQuery } from '../../rest/ra-list-params.ts';
import type { Category, CategoryFilter } from './schema.ts';

/** Active categories in display order, for the shopper's category chips. */
export async function listCategories(): Promise<Category[]> {
  const rows = await CategoryModel.query()
    .select('id', 'name', 'slug', 'icon')
    .where('isActive', true)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, icon: r.icon }));
}

/** Back-office list: every category, filtered, sorted and paged. */
export function listCategoriesForAdmin(list: ListQuery<CategoryFilter>) {
  return runListQuery(CategoryModel.query(), list, { searchColumns: ['name', 'slug'] });
}

export async function getCategory(id: number): Promise<CategoryModel> {
  const row = await CategoryModel.query().findById(id);
  if (!row) throw notFound('Category not found');
  return row;
}
