import { z } from 'zod';
import { defineAdminResource, requiredText, slugSchema } from '../../admin/declaration.ts';
import { CATEGORY_ICONS } from './schema.ts';

export const categoryAdminSchema = z.object({
  name: requiredText('Name', 60),
  nameHi: z.string().trim().max(60, 'The Hindi name can be at most 60 characters').nullish().transform((v) => v || null),
  slug: slugSchema,
  icon: z.enum(CATEGORY_ICONS, { error: 'Choose one of the icons' }),
  sortOrder: z.coerce.number().int('Order is a whole number').default(0),
  isActive: z.boolean().default(true),
});

export const categoriesAdmin = defineAdminResource({
  name: 'categories',
  table: 'categories',
  label: 'Categories',
  singularLabel: 'Category',
  recordRepresentation: 'name',
  createSchema: categoryAdminSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    sortOrder: { kind: 'number', label: 'Order' },
    icon: {
      kind: 'select',
      choices: CATEGORY_ICONS.map((key) => ({ id: key, name: key })),
      helperText: 'The drawn icon the shopper app shows on the category chip',
    },
    name: { kind: 'text' },
    nameHi: { kind: 'text', label: 'Name in Hindi', helperText: 'Shown to shoppers reading Hindi; English name when empty' },
    slug: { kind: 'text' },
    isActive: { kind: 'boolean', label: 'Active' },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['sortOrder', 'icon', 'name', 'nameHi', 'slug', 'isActive'],
    sortable: ['id', 'name', 'slug', 'sortOrder', 'isActive'],
    defaultSort: { field: 'sortOrder', order: 'ASC' },
    search: ['name', 'nameHi', 'slug'],
    filters: { isActive: { kind: 'boolean', label: 'Active' }, slug: { kind: 'text' } },
  },
  related: [{ resource: 'outlets', target: 'categoryId', label: 'Outlets' }],
  operations: { create: true, update: true, delete: true },
  orphanGuards: [{ label: 'outlets', table: 'outlets', column: 'categoryId' }],
});
