import type { Knex } from 'knex';
import type { SeedContext } from '../server/db/seed.ts';
import { CATEGORIES } from './data/categories.ts';

/**
 * Reference categories, upserted by slug. The seed owns name, Hindi name, icon and sort order (an unchanged row
 * is not touched at all); `is_active` belongs to the back office and is never overwritten.
 */
export async function seed(db: Knex, ctx: SeedContext): Promise<void> {
  // `name` is unique too: skip a category whose name an admin already gave to another slug.
  const existing = (await db('categories').select('slug', 'name')) as { slug: string; name: string }[];
  const nameOwner = new Map(existing.map((c) => [c.name.toLowerCase(), c.slug]));
  const rows = CATEGORIES.filter((c) => {
    const owner = nameOwner.get(c.name.toLowerCase());
    if (owner && owner !== c.slug) {
      ctx.log(`category ${c.slug}: name "${c.name}" is used by ${owner}; skipped`);
      return false;
    }
    return true;
  }).map(({ slug, name, nameHi, icon, sortOrder }) => ({ slug, name, nameHi, icon, sortOrder }));
  if (rows.length === 0) return;

  await db('categories')
    .insert(rows)
    .onConflict('slug')
    .merge({
      name: db.raw('excluded.name'),
      nameHi: db.raw('excluded.name_hi'),
      icon: db.raw('excluded.icon'),
      sortOrder: db.raw('excluded.sort_order'),
      updatedAt: db.fn.now(),
    })
    .whereRaw(
      '(categories.name, categories.name_hi, categories.icon, categories.sort_order) IS DISTINCT FROM (excluded.name, excluded.name_hi, excluded.icon, excluded.sort_order)',
    );
}
