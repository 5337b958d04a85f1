import { z } from 'zod';
import { defineAdminResource, requiredText, slugSchema } from '../../admin/declaration.ts';

export const cityAdminSchema = z.object({
  name: requiredText('Name', 80),
  nameHi: z.string().trim().max(80, 'The Hindi name can be at most 80 characters').nullish().transform((v) => v || null),
  slug: slugSchema,
  state: requiredText('State', 60),
  latitude: z.coerce.number({ error: 'Latitude is required' }).min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'),
  longitude: z.coerce
    .number({ error: 'Longitude is required' })
    .min(-180, 'Longitude is between -180 and 180')
    .max(180, 'Longitude is between -180 and 180'),
  sortOrder: z.coerce.number().int('Order is a whole number').default(0),
  isActive: z.boolean().default(true),
});

export const citiesAdmin = defineAdminResource({
  name: 'cities',
  table: 'cities',
  label: 'Cities',
  singularLabel: 'City',
  recordRepresentation: 'name',
  createSchema: cityAdminSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    sortOrder: { kind: 'number', label: 'Order' },
    name: { kind: 'text' },
    nameHi: { kind: 'text', label: 'Name in Hindi', helperText: 'Shown to shoppers reading Hindi; English name when empty' },
    state: { kind: 'text' },
    slug: { kind: 'text' },
    latitude: { kind: 'number' },
    longitude: { kind: 'number' },
    isActive: { kind: 'boolean', label: 'Active' },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['sortOrder', 'name', 'nameHi', 'state', 'slug', 'latitude', 'longitude', 'isActive'],
    sortable: ['id', 'name', 'slug', 'state', 'sortOrder', 'isActive'],
    defaultSort: { field: 'sortOrder', order: 'ASC' },
    search: ['name', 'nameHi', 'state', 'slug'],
    filters: { isActive: { kind: 'boolean', label: 'Active' }, state: { kind: 'text' }, slug: { kind: 'text' } },
  },
  related: [{ resource: 'outlets', target: 'cityId', label: 'Outlets' }],
  operations: { create: true, update: true, delete: true },
  orphanGuards: [{ label: 'outlets', table: 'outlets', column: 'cityId' }],
});
