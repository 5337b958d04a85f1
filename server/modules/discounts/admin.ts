import { z } from 'zod';
import { defineAdminResource, percentSchema, referenceId } from '../../admin/declaration.ts';

/** An outlet's base discount, the "discount button" (`outlet_discounts`, one row per outlet). */
export const discountAdminSchema = z.object({
  outletId: referenceId('Outlet'),
  discountPercent: percentSchema('Discount'),
  isLive: z.boolean().default(false),
});

export const discountsAdmin = defineAdminResource({
  name: 'discounts',
  table: 'outlet_discounts',
  idColumn: 'outletId',
  label: 'Discounts',
  singularLabel: 'Discount',
  recordRepresentation: 'discountPercent',
  createSchema: discountAdminSchema,
  updateSchema: discountAdminSchema.omit({ outletId: true }).partial(),
  fields: {
    outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet' },
    discountPercent: { kind: 'percent', label: 'Discount %' },
    isLive: { kind: 'boolean', label: 'Live' },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['outletId', 'discountPercent', 'isLive', 'updatedAt'],
    sortable: ['id', 'outletId', 'discountPercent', 'isLive', 'updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    filters: {
      outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet', alwaysOn: true },
      isLive: { kind: 'boolean', label: 'Live' },
    },
  },
  operations: { create: true, update: true, delete: true, bulkDelete: true },
});
