import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';

export class City extends BaseModel {
  static override tableName = 'cities';
  static override timestamps = true;

  declare id: number;
  declare name: string;
  declare slug: string;
  declare state: string;
  declare latitude: number;
  declare longitude: number;
  declare isActive: boolean;
  declare sortOrder: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlets?: Outlet[];

  static override relationMappings = () => ({
    outlets: {
      relation: BaseModel.HasManyRelation,
      modelClass: Outlet,
      join: { from: 'cities.id', to: 'outlets.cityId' },
    },
  });
}
