import { z } from 'zod';
import { idFilterSchema } from '../common/list-schema.ts';

/**
 * The keys of the shopper app's category icons (SVG, client/components/ui/category-icon.tsx): a
 * category's `icon` is one of these (docs/i18n.md; emoji rendered as empty boxes without an emoji font).
 */
export const CATEGORY_ICONS = [
  'utensils',
  'coffee',
  'cake',
  'beer',
  'shirt',
  'gem',
  'smartphone',
  'scissors',
  'dumbbell',
  'shopping-cart',
  'pill',
  'store',
  'shopping-bag',
  'sparkles',
  'car',
  'book',
  'gift',
  'heart-pulse',
  'paw-print',
  'home',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Hindi name (docs/i18n.md); null: Hindi readers see `name`. */
  nameHi: z.string().nullable(),
  slug: z.string(),
  icon: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryFilterSchema = z.strictObject({
  q: z.string().max(100).optional(),
  id: idFilterSchema.optional(),
  isActive: z.boolean().optional(),
  slug: z.string().max(100).optional(),
});
export type CategoryFilter = z.infer<typeof categoryFilterSchema>;

export const categorySortable = ['id', 'name', 'slug', 'sortOrder', 'isActive'] as const;
