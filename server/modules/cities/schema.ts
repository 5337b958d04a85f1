import { z } from 'zod';
import { idFilterSchema } from '../common/list-schema.ts';

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Hindi name (docs/i18n.md); null: Hindi readers see `name`. */
  nameHi: z.string().nullable(),
  slug: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type City = z.infer<typeof citySchema>;

export const cityFilterSchema = z.strictObject({
  q: z.string().max(100).optional(),
  id: idFilterSchema.optional(),
  isActive: z.boolean().optional(),
  state: z.string().max(100).optional(),
  slug: z.string().max(100).optional(),
});
export type CityFilter = z.infer<typeof cityFilterSchema>;

export const citySortable = ['id', 'name', 'slug', 'state', 'sortOrder', 'isActive'] as const;
