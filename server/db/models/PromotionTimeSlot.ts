import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';
import { Promotion, type AdType } from './Promotion.ts';

/** A weekly slot (dayOfWeek; ad types R and D) or a dated slot (slotDate; ad type E). */
export class PromotionTimeSlot extends BaseModel {
  static override tableName = 'promotion_time_slots';
  static override timestamps = true;

  declare id: number;
  declare outletId: number;
  declare adType: AdType;
  /** ISO: 1 = Monday … 7 = Sunday. */
  declare dayOfWeek: number | null;
  /** 'YYYY-MM-DD' */
  declare slotDate: string | null;
  /** 'HH:MM:SS', Asia/Kolkata; startsAt < endsAt. */
  declare startsAt: string;
  declare endsAt: string;
  declare promotionId: number | null;
  declare discountPercent: number | null;
  declare isEnabled: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare promotion?: Promotion | null;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'promotion_time_slots.outletId', to: 'outlets.id' },
    },
    promotion: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Promotion,
      join: { from: 'promotion_time_slots.promotionId', to: 'promotions.id' },
    },
  });
}
