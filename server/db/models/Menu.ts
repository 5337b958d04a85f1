import { BaseModel } from './BaseModel.ts';
import { MenuPhoto } from './MenuPhoto.ts';
import { Outlet } from './Outlet.ts';

/**
 * Unique (outlet_id, title_seq) is DEFERRABLE INITIALLY IMMEDIATE
 * (`SET CONSTRAINTS menus_outlet_id_title_seq_unique DEFERRED` to reorder).
 */
export class Menu extends BaseModel {
  static override tableName = 'menus';
  static override timestamps = true;

  declare id: number;
  declare outletId: number;
  /** '' for the placeholder menu. */
  declare title: string;
  declare titleSeq: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare photos?: MenuPhoto[];

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'menus.outletId', to: 'outlets.id' },
    },
    photos: {
      relation: BaseModel.HasManyRelation,
      modelClass: MenuPhoto,
      join: { from: 'menus.id', to: 'menu_photos.menuId' },
    },
  });
}
