import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';
import { Promotion } from './Promotion.ts';

export class PromotionEvent extends BaseModel {
  static override tableName = 'promotion_events';
  static override timestamps = true;

  declare id: number;
  declare outletId: number;
  declare name: string;
  /** 'YYYY-MM-DD' (IST calendar). */
  declare eventDate: string;
  /** ISO: 1 = Monday … 7 = Sunday. */
  declare dayOfWeek: number;
  /** '#RRGGBB' */
  declare colorHash: string;
  declare isEnabled: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare promotions?: Promotion[];

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'promotion_events.outletId', to: 'outlets.id' },
    },
    promotions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Promotion,
      join: { from: 'promotion_events.id', to: 'promotions.eventId' },
    },
  });
}
