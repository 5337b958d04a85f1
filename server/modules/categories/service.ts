import { Category as CategoryModel } from '../../db/models/Category.ts';
import { notFound } from '../../lib/errors.ts';
import type { Category } from './schema.ts';

/** Active categories in display order, for the shopper's category chips. */
export async function listCategories(): Promise<Category[]> {
  const rows = await CategoryModel.query()
    .select('id', 'name', 'slug', 'icon')
    .where('isActive', true)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, icon: r.icon }));
}


export async function getCategory(id: number): Promise<CategoryModel> {
  const row = await CategoryModel.query().findById(id);
  if (!row) throw notFound('Category not found');
  return row;
}
