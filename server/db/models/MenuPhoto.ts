import { BaseModel } from './BaseModel.ts';
import { Menu } from './Menu.ts';

/**
 * Unique (menu_id, position) is DEFERRABLE INITIALLY IMMEDIATE
 * (`SET CONSTRAINTS menu_photos_menu_id_position_unique DEFERRED` to swap pages).
 */
export class MenuPhoto extends BaseModel {
  static override tableName = 'menu_photos';

  declare id: number;
  declare menuId: number;
  declare position: number;
  declare storageKey: string;
  declare width: number;
  declare height: number;
  declare createdAt: Date;

  declare menu?: Menu;

  static override relationMappings = () => ({
    menu: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Menu,
      join: { from: 'menu_photos.menuId', to: 'menus.id' },
    },
  });
}
