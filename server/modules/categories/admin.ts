import { z } from 'zod';
import { defineAdminResource, requiredText, slugSchema } from '../../admin/declaration.ts';

export const categoryAdminSchema = z.object({
  name: requiredText('Name', 60),
  slug: slugSchema,
  icon: requiredText('Icon', 40),
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
    icon: { kind: 'text', helperText: 'An emoji or an icon key' },
    name: { kind: 'text' },
    slug: { kind: 'text' },
    isActive: { kind: 'boolean', label: 'Active' },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['sortOrder', 'icon', 'name', 'slug', 'isActive'],
    sortable: ['id', 'name', 'slug', 'sortOrder', 'isActive'],
    defaultSort: { field: 'sortOrder', order: 'ASC' },
    search: ['name', 'slug'],
    filters: { isActive: { kind: 'boolean', label: 'Active' }, slug: { kind: 'text' } },
  },
  related: [{ resource: 'outlets', target: 'categoryId', label: 'Outlets' }],
  operations: { create: true, update: true, delete: true },
  orphanGuards: [{ label: 'outlets', table: 'outlets', column: 'categoryId' }],
});
