import { z } from 'zod';
import { DAYS_OF_WEEK, defineAdminResource, percentSchema, referenceId } from '../../admin/declaration.ts';

/** A discount for one day of the week at one outlet (back office and `POST /api/outlet/dayDiscounts`). */
export const dayDiscountAdminSchema = z.object({
  outletId: referenceId('Outlet'),
  dayOfWeek: z.coerce
    .number({ error: 'Day is required' })
    .int('Day is required')
    .min(1, 'Day is 1 (Monday) to 7 (Sunday)')
    .max(7, 'Day is 1 (Monday) to 7 (Sunday)'),
  discountPercent: percentSchema('Discount'),
  isActive: z.boolean().default(true),
});
export type DayDiscountAdminInput = z.infer<typeof dayDiscountAdminSchema>;

export const dayDiscountsAdmin = defineAdminResource({
  name: 'day-discounts',
  table: 'day_discounts',
  label: 'Day discounts',
  singularLabel: 'Day discount',
  recordRepresentation: 'discountPercent',
  createSchema: dayDiscountAdminSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet' },
    dayOfWeek: { kind: 'select', label: 'Day', choices: DAYS_OF_WEEK },
    discountPercent: { kind: 'percent', label: 'Discount %' },
    isActive: { kind: 'boolean', label: 'Active' },
    createdByName: { kind: 'text', label: 'Created by', readOnly: true },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['id', 'outletId', 'dayOfWeek', 'discountPercent', 'isActive', 'updatedAt'],
    sortable: ['id', 'outletId', 'dayOfWeek', 'discountPercent', 'isActive', 'updatedAt'],
    defaultSort: { field: 'id', order: 'DESC' },
    filters: {
      outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet', alwaysOn: true },
      dayOfWeek: { kind: 'select', label: 'Day', choices: DAYS_OF_WEEK },
      isActive: { kind: 'boolean', label: 'Active' },
    },
  },
  operations: { create: true, update: true, delete: true, bulkDelete: true },
  createdByColumn: 'createdById',
});
