import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';
import { PromotionEvent } from './PromotionEvent.ts';
import { PromotionTimeSlot } from './PromotionTimeSlot.ts';

export type AdType = 'R' | 'D' | 'E' | 'Highlight';

export class Promotion extends BaseModel {
  static override tableName = 'promotions';
  static override timestamps = true;

  declare id: number;
  declare outletId: number;
  declare adType: AdType;
  declare title: string;
  declare description: string | null;
  declare discountPercent: number | null;
  declare imageKey: string | null;
  /** Required when adType is 'E'. */
  declare eventId: number | null;
  /** 'YYYY-MM-DD' */
  declare startsOn: string | null;
  declare endsOn: string | null;
  declare isEnabled: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare event?: PromotionEvent | null;
  declare timeSlots?: PromotionTimeSlot[];

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'promotions.outletId', to: 'outlets.id' },
    },
    event: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: PromotionEvent,
      join: { from: 'promotions.eventId', to: 'promotion_events.id' },
    },
    timeSlots: {
      relation: BaseModel.HasManyRelation,
      modelClass: PromotionTimeSlot,
      join: { from: 'promotions.id', to: 'promotion_time_slots.promotionId' },
    },
  });
}
