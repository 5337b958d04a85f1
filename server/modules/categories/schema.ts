import { z } from 'zod';
import { idFilterSchema } from '../common/list-schema.ts';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
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
