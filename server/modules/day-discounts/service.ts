import { runtime } from '../../lib/runtime.ts';
import { createRecord, updateRecord, type AdminActor, type AdminRecord } from '../../admin/engine.ts';
import { dayDiscountsAdmin, type DayDiscountAdminInput } from './admin.ts';

/** The back office's day-discounts resource (its declaration is all it needs: no hooks). */
const dayDiscountsResource = { declaration: dayDiscountsAdmin, hooks: {} };

/** An outlet's day discounts, Monday first. */
export async function listDayDiscounts(outletId: number) {
  return runtime()
    .db('dayDiscounts')
    .where({ outletId })
    .orderBy('dayOfWeek')
    .select('id', 'outletId', 'dayOfWeek', 'discountPercent', 'isActive', 'updatedAt');
}

/** Sets the discount for one day at one outlet: creates it, or updates the existing one (audited either way). */
export async function saveDayDiscount(input: DayDiscountAdminInput, actor: AdminActor): Promise<AdminRecord> {
  const existing = await runtime().db('dayDiscounts').where({ outletId: input.outletId, dayOfWeek: input.dayOfWeek }).first('id');
  const bound = dayDiscountsResource;
  if (existing) {
    return updateRecord(bound, existing.id, { discountPercent: input.discountPercent, isActive: input.isActive }, actor);
  }
  return createRecord(bound, input, actor);
}
