import { BaseModel } from './BaseModel.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Category } from './Category.ts';
import { City } from './City.ts';
import { Coupon } from './Coupon.ts';
import { DayDiscount } from './DayDiscount.ts';
import { Menu } from './Menu.ts';
import { Order } from './Order.ts';
import { OutletDailyStats } from './OutletDailyStats.ts';
import { OutletDiscount } from './OutletDiscount.ts';
import { OutletOverview } from './OutletOverview.ts';
import { OutletPhoto } from './OutletPhoto.ts';
import { Promotion } from './Promotion.ts';
import { PromotionEvent } from './PromotionEvent.ts';
import { PromotionTimeSlot } from './PromotionTimeSlot.ts';

export type GstStatus = 'missing' | 'pending' | 'verified';

export class Outlet extends BaseModel {
  static override tableName = 'outlets';
  static override timestamps = true;

  declare id: number;
  declare name: string;
  declare slug: string;
  declare categoryId: number;
  declare cityId: number;
  declare masterOutletId: number | null;
  /** The master business account that owns the outlet. */
  declare ownerId: number | null;
  declare addressLineOne: string;
  /** The locality shown on cards. */
  declare addressLineTwo: string;
  declare landmark: string | null;
  declare state: string;
  declare pincode: string;
  declare latitude: number;
  declare longitude: number;
  declare phoneNumber: string | null;
  /** 'HH:MM:SS', Asia/Kolkata. closesAt < opensAt means it closes after midnight. */
  declare opensAt: string;
  declare closesAt: string;
  declare isLive: boolean;
  declare shuffleMinPercent: number;
  declare shuffleMaxPercent: number;
  declare gstin: string | null;
  declare gstCertificateKey: string | null;
  declare gstAckNumber: string | null;
  declare gstStatus: GstStatus;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare category?: Category;
  declare city?: City;
  declare owner?: BusinessOwner | null;
  declare masterOutlet?: Outlet | null;
  declare branches?: Outlet[];
  declare businessOwners?: BusinessOwner[];
  declare overview?: OutletOverview | null;
  declare discount?: OutletDiscount | null;
  declare photos?: OutletPhoto[];
  declare menus?: Menu[];
  declare dayDiscounts?: DayDiscount[];
  declare promotionEvents?: PromotionEvent[];
  declare promotions?: Promotion[];
  declare promotionTimeSlots?: PromotionTimeSlot[];
  declare coupons?: Coupon[];
  declare orders?: Order[];
  declare dailyStats?: OutletDailyStats[];

  static override relationMappings = () => ({
    category: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Category,
      join: { from: 'outlets.categoryId', to: 'categories.id' },
    },
    city: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: City,
      join: { from: 'outlets.cityId', to: 'cities.id' },
    },
    owner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'outlets.ownerId', to: 'business_owners.id' },
    },
    masterOutlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'outlets.masterOutletId', to: 'outlets.id' },
    },
    branches: {
      relation: BaseModel.HasManyRelation,
      modelClass: Outlet,
      join: { from: 'outlets.id', to: 'outlets.masterOutletId' },
    },
    /** Accounts granted this outlet (business_owner_outlets). */
    businessOwners: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: BusinessOwner,
      join: {
        from: 'outlets.id',
        through: {
          from: 'business_owner_outlets.outletId',
          to: 'business_owner_outlets.businessOwnerId',
          extra: ['grantedById'],
        },
        to: 'business_owners.id',
      },
    },
    overview: {
      relation: BaseModel.HasOneRelation,
      modelClass: OutletOverview,
      join: { from: 'outlets.id', to: 'outlet_overviews.outletId' },
    },
    discount: {
      relation: BaseModel.HasOneRelation,
      modelClass: OutletDiscount,
      join: { from: 'outlets.id', to: 'outlet_discounts.outletId' },
    },
    photos: {
      relation: BaseModel.HasManyRelation,
      modelClass: OutletPhoto,
      join: { from: 'outlets.id', to: 'outlet_photos.outletId' },
    },
    menus: {
      relation: BaseModel.HasManyRelation,
      modelClass: Menu,
      join: { from: 'outlets.id', to: 'menus.outletId' },
    },
    dayDiscounts: {
      relation: BaseModel.HasManyRelation,
      modelClass: DayDiscount,
      join: { from: 'outlets.id', to: 'day_discounts.outletId' },
    },
    promotionEvents: {
      relation: BaseModel.HasManyRelation,
      modelClass: PromotionEvent,
      join: { from: 'outlets.id', to: 'promotion_events.outletId' },
    },
    promotions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Promotion,
      join: { from: 'outlets.id', to: 'promotions.outletId' },
    },
    promotionTimeSlots: {
      relation: BaseModel.HasManyRelation,
      modelClass: PromotionTimeSlot,
      join: { from: 'outlets.id', to: 'promotion_time_slots.outletId' },
    },
    coupons: {
      relation: BaseModel.HasManyRelation,
      modelClass: Coupon,
      join: { from: 'outlets.id', to: 'coupons.outletId' },
    },
    orders: {
      relation: BaseModel.HasManyRelation,
      modelClass: Order,
      join: { from: 'outlets.id', to: 'orders.outletId' },
    },
    dailyStats: {
      relation: BaseModel.HasManyRelation,
      modelClass: OutletDailyStats,
      join: { from: 'outlets.id', to: 'outlet_daily_stats.outletId' },
    },
  });
}
