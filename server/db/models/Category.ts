import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';

export class Category extends BaseModel {
  static override tableName = 'categories';
  static override timestamps = true;

  declare id: number;
  declare name: string;
  declare slug: string;
  /** An emoji or an icon key. */
  declare icon: string;
  declare sortOrder: number;
  declare isActive: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlets?: Outlet[];

  static override relationMappings = () => ({
    outlets: {
      relation: BaseModel.HasManyRelation,
      modelClass: Outlet,
      join: { from: 'categories.id', to: 'outlets.categoryId' },
    },
  });
}
