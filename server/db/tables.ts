import type { Knex } from 'knex';
import type { Language } from '../modules/common/schema.ts';

/**
 * One row type per table, declared once (docs/data-model.md). Property names are camelCase, as
 * `knexSnakeCaseMappers` delivers them; value types are what the drivers return (knexfile.ts): `int8`
 * and `numeric` → number, `date` → 'YYYY-MM-DD' string, `time` → 'HH:MM:SS' string, `timestamptz` →
 * Date, `jsonb` → the parsed value. Nullable columns are `| null`.
 *
 * The Knex augmentation at the end registers each table under the names the code passes to `db(…)`
 * (camelCase, e.g. `db('outletPhotos')`, and the snake_case table name), so `db('coupons')` returns
 * `CouponRow`s, `.first('id', 'name')` a `Pick` of it, and `.insert(…)`/`.update(…)` check their
 * columns. A name with an alias (`db('outlets as o')`) is not registered: joins type their result
 * explicitly.
 *
 * The Objection models kept for the back office (server/db/models) take their properties from these
 * same types.
 */

// ------------------------------------------------------------------------------------------------
// Helpers

/** A written value may also be SQL (`db.fn.now()`, `trx.raw('position + 1')`). */
type Writable<T> = { [K in keyof T]: T[K] | Knex.Raw };

/**
 * What an insert takes: every column, those with a default (or nullable) optional. A jsonb column
 * (`Json`) may also be written as JSON text, and one that holds an array must be: node-postgres would
 * send a JS array as a PostgreSQL array literal.
 */
type InsertOf<Row, Optional extends keyof Row, Json extends keyof Row = never> = Writable<
  Omit<Row, Optional | Json> &
    Partial<Pick<Row, Exclude<Optional, Json>>> & { [K in Exclude<Json, Optional>]: string | Row[K] } & {
      [K in Json & Optional]?: string | Row[K];
    }
>;

type Table<Row, Insert> = Knex.CompositeTableType<Row, Insert, Partial<Insert>, Partial<Insert>>;

/** Columns every identity table fills itself. */
type Generated = 'id' | 'createdAt' | 'updatedAt';

// ------------------------------------------------------------------------------------------------
// Enumerations (CHECK constraints in migrations/)

export type GstStatus = 'missing' | 'pending' | 'verified';
export type AdType = 'R' | 'D' | 'E' | 'Highlight';
export type OtpPurpose = 'login' | 'signup';
export type SessionKind = 'consumer' | 'business' | 'sales';
export type GoldenKeyReason = 'referral_bonus' | 'referral_welcome' | 'shuffle_purchase' | 'refund_return' | 'adjustment';
export type CouponSource = 'shuffle';
export type OrderStatus = 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';
export type OrderFailureCode = 'declined' | 'coupon_used' | 'coupon_expired' | 'order_expired' | 'share_paid' | 'group_closed';
export type PaymentProviderName = 'sandbox' | 'razorpay';
export type PaymentStatus = 'authorized' | 'captured' | 'failed' | 'refunded';
/**
 * `auto_unhonoured`: captured money we could not honour goes back whole, nothing was booked;
 * `owner`: an outlet's refund of a paid bill; `group`: a paid share of a group bill that did not finish
 * (group-bills). `owner` and `group` reverse what the capture booked (BOOKED_REFUND_KINDS, payments/schema.ts).
 */
export type RefundKind = 'auto_unhonoured' | 'owner' | 'group';
export type RefundStatus = 'pending' | 'processed' | 'failed';
export type SettlementStatus = 'pending' | 'on_hold' | 'settled';
/** A Razorpay linked account's state (outlets.route_account_status). */
export type RouteAccountStatus = 'created' | 'under_review' | 'needs_clarification' | 'activated' | 'suspended';
/** created → processed (held) → released → settled; failed (never processed). Only moves up. */
export type TransferStatus = 'created' | 'processed' | 'released' | 'settled' | 'failed';
export type TransferReversalStatus = 'pending' | 'processed' | 'skipped';
export type LedgerEntryType =
  | 'bill'
  | 'instant_discount'
  | 'shuffle_discount'
  | 'convenience_fee'
  | 'gst'
  | 'platform_fee'
  | 'platform_fee_gst'
  | 'net_to_outlet'
  | 'payout'
  | 'refund'
  | 'refund_net_to_outlet'
  | 'refund_platform_fee'
  | 'refund_platform_fee_gst'
  | 'refund_convenience_fee'
  | 'refund_gst';
export type OutletEventKind = 'payment' | 'refund';
export type BusinessApplicationStatus = 'pending' | 'approved' | 'rejected';
export type SupportTicketStatus = 'open' | 'closed';
export type AuditAction = 'create' | 'update' | 'delete';

// ------------------------------------------------------------------------------------------------
// Reference data

export interface CityRow {
  id: number;
  name: string;
  /** The Hindi name (docs/i18n.md); null: show `name`. */
  nameHi: string | null;
  slug: string;
  state: string;
  latitude: number;
  longitude: number;
  isActive: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}
export type CityInsert = InsertOf<CityRow, Generated | 'isActive' | 'sortOrder' | 'nameHi'>;

export interface CategoryRow {
  id: number;
  name: string;
  /** The Hindi name (docs/i18n.md); null: show `name`. */
  nameHi: string | null;
  slug: string;
  /** A key of the shopper app's SVG icon set (CATEGORY_ICONS in modules/categories/schema.ts). */
  icon: string;
  sortOrder: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type CategoryInsert = InsertOf<CategoryRow, Generated | 'isActive' | 'sortOrder' | 'nameHi'>;

// ------------------------------------------------------------------------------------------------
// Shoppers

export interface ConsumerRow {
  id: number;
  phoneNumber: string | null;
  /** HMAC of the normalised phone; survives deletion. */
  phoneHash: string;
  name: string | null;
  email: string | null;
  address: string | null;
  profilePicKey: string | null;
  referralCode: string;
  referredById: number | null;
  isApp: boolean;
  /** The shopper's language (docs/i18n.md). */
  language: Language;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type ConsumerInsert = InsertOf<
  ConsumerRow,
  Generated | 'phoneNumber' | 'name' | 'email' | 'address' | 'profilePicKey' | 'referredById' | 'isApp' | 'language' | 'deletedAt'
>;

export interface ConsumerSettingsRow {
  consumerId: number;
  emailNewCouponAlerts: boolean;
  emailExpiringCoupons: boolean;
  emailWeeklyDealsDigest: boolean;
  pushDailyDealNotifications: boolean;
  pushNearbyOffers: boolean;
  pushLastMinuteFlashSales: boolean;
  smsAlerts: boolean;
  updatedAt: Date;
}
export type ConsumerSettingsInsert = InsertOf<ConsumerSettingsRow, Exclude<keyof ConsumerSettingsRow, 'consumerId'>>;

/** What a signup waiting for its OTP carries (otp_challenges.signup_payload). */
export interface SignupPayload {
  name: string;
  email: string;
  referral?: string;
}

export interface OtpChallengeRow {
  id: number;
  purpose: OtpPurpose;
  phoneNumber: string;
  consumerId: number | null;
  /** HMAC-SHA256 of the code, hex. */
  codeHash: string;
  attempts: number;
  maxAttempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
  burnedAt: Date | null;
  clientIp: string | null;
  signupPayload: SignupPayload | null;
  isApp: boolean;
  /** The language of the flow's SMS texts (docs/i18n.md). */
  language: Language;
  createdAt: Date;
}
export type OtpChallengeInsert = InsertOf<
  OtpChallengeRow,
  'id' | 'createdAt' | 'consumerId' | 'attempts' | 'maxAttempts' | 'consumedAt' | 'burnedAt' | 'clientIp' | 'signupPayload' | 'isApp' | 'language',
  'signupPayload'
>;

export interface ReferralRow {
  id: number;
  referrerId: number;
  refereeId: number;
  code: string;
  createdAt: Date;
}
export type ReferralInsert = InsertOf<ReferralRow, 'id' | 'createdAt'>;

export interface GoldenKeyLedgerRow {
  id: number;
  consumerId: number;
  delta: number;
  reason: GoldenKeyReason;
  referralId: number | null;
  couponId: number | null;
  note: string | null;
  createdAt: Date;
}
export type GoldenKeyLedgerInsert = InsertOf<GoldenKeyLedgerRow, 'id' | 'createdAt' | 'referralId' | 'couponId' | 'note'>;

export interface SearchHistoryRow {
  id: number;
  consumerId: number;
  query: string;
  landmark: string | null;
  state: string | null;
  locality: string | null;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
}
export type SearchHistoryInsert = InsertOf<
  SearchHistoryRow,
  'id' | 'createdAt' | 'landmark' | 'state' | 'locality' | 'latitude' | 'longitude'
>;

// ------------------------------------------------------------------------------------------------
// Sessions and rate limits

export interface SessionRow {
  id: number;
  /** HMAC-SHA256 of the token, hex. */
  tokenHash: string;
  kind: SessionKind;
  consumerId: number | null;
  businessOwnerId: number | null;
  salesStaffId: number | null;
  isApp: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date | null;
  userAgent: string | null;
  /** pg_lsn as text (`16/B374D848`): the primary's WAL position after the principal's last write (db/read-replica.ts). */
  writeLsn: string | null;
  createdAt: Date;
}
export type SessionInsert = InsertOf<
  SessionRow,
  'id' | 'createdAt' | 'consumerId' | 'businessOwnerId' | 'salesStaffId' | 'isApp' | 'revokedAt' | 'lastSeenAt' | 'userAgent' | 'writeLsn'
>;

export interface RateLimitCounterRow {
  key: string;
  windowStart: Date;
  count: number;
  expiresAt: Date;
}
export type RateLimitCounterInsert = InsertOf<RateLimitCounterRow, 'count'>;

export interface IdempotencyKeyRow {
  id: number;
  scope: string;
  key: string;
  requestHash: string;
  response: unknown;
  createdAt: Date;
  expiresAt: Date;
}
export type IdempotencyKeyInsert = InsertOf<IdempotencyKeyRow, 'id' | 'createdAt' | 'response', 'response'>;

// ------------------------------------------------------------------------------------------------
// Outlets and their content

export interface BusinessOwnerRow {
  id: number;
  username: string;
  /** Argon2id. Never sent to a client. */
  passwordHash: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  pan: string | null;
  designation: string | null;
  isMaster: boolean;
  masterId: number | null;
  isActive: boolean;
  /** A sub-account may refund payments (its master allows it); masters always may. */
  canRefund: boolean;
  /** The owner's language for the business console (docs/i18n.md). */
  language: Language;
  failedLoginCount: number;
  lastFailedLoginAt: Date | null;
  /** No longer used: failures throttle the client IP (docs/auth.md). */
  lockedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type BusinessOwnerInsert = InsertOf<
  BusinessOwnerRow,
  Generated | 'email' | 'pan' | 'designation' | 'masterId' | 'isActive' | 'canRefund' | 'language' | 'failedLoginCount' | 'lastFailedLoginAt' | 'lockedUntil'
>;

export interface OutletRow {
  id: number;
  name: string;
  slug: string;
  categoryId: number;
  cityId: number;
  masterOutletId: number | null;
  /** The master business account that owns the outlet. */
  ownerId: number | null;
  addressLineOne: string;
  /** The locality shown on cards. */
  addressLineTwo: string;
  landmark: string | null;
  state: string;
  pincode: string;
  latitude: number;
  longitude: number;
  phoneNumber: string | null;
  /** 'HH:MM:SS', Asia/Kolkata. closesAt < opensAt means it closes after midnight. */
  opensAt: string;
  closesAt: string;
  isLive: boolean;
  shuffleMinPercent: number;
  shuffleMaxPercent: number;
  gstin: string | null;
  gstCertificateKey: string | null;
  gstAckNumber: string | null;
  gstStatus: GstStatus;
  /** A pure-vegetarian outlet (the "Veg only" filter). */
  isVeg: boolean;
  /** Cuisines the owner lists (About) or sales set, e.g. ['South Indian', 'Udupi']. */
  cuisines: string[];
  /** Dishes the owner lists, searched with the menu section titles. */
  dishes: string[];
  /** The normalised words searches match (name, category, cuisines, dishes, menu titles); written by refreshSearchTokens. */
  searchTokens: string[];
  /** Razorpay Route linked account (`acc_…`); null: paid by the platform against its statement. */
  routeAccountId: string | null;
  routeAccountStatus: RouteAccountStatus | null;
  /** The pay link's code (`/p/{code}`, the QR standee): 7 random characters, set by the column's default. */
  payCode: string;
  createdAt: Date;
  updatedAt: Date;
}
export type OutletInsert = InsertOf<
  OutletRow,
  | Generated
  | 'isVeg'
  | 'cuisines'
  | 'dishes'
  | 'searchTokens'
  | 'masterOutletId'
  | 'ownerId'
  | 'landmark'
  | 'phoneNumber'
  | 'isLive'
  | 'shuffleMinPercent'
  | 'shuffleMaxPercent'
  | 'gstin'
  | 'gstCertificateKey'
  | 'gstAckNumber'
  | 'gstStatus'
  | 'routeAccountId'
  | 'routeAccountStatus'
  | 'payCode'
>;

export interface BusinessOwnerOutletRow {
  businessOwnerId: number;
  outletId: number;
  grantedById: number | null;
  createdAt: Date;
}
export type BusinessOwnerOutletInsert = InsertOf<BusinessOwnerOutletRow, 'createdAt' | 'grantedById'>;

export interface OutletOverviewRow {
  outletId: number;
  about: string;
  costForTwoPaise: number | null;
  /** Amenities, cuisines… */
  highlights: string[];
  updatedAt: Date;
}
export type OutletOverviewInsert = InsertOf<OutletOverviewRow, 'costForTwoPaise' | 'updatedAt', 'highlights'>;

export interface OutletPhotoRow {
  id: number;
  outletId: number;
  /** e.g. `ambience`, `food`, `storefront`. */
  subCategory: string;
  position: number;
  storageKey: string;
  width: number;
  height: number;
  createdAt: Date;
}
export type OutletPhotoInsert = InsertOf<OutletPhotoRow, 'id' | 'createdAt'>;

export interface MenuRow {
  id: number;
  outletId: number;
  /** '' for the placeholder menu. */
  title: string;
  titleSeq: number;
  createdAt: Date;
  updatedAt: Date;
}
export type MenuInsert = InsertOf<MenuRow, Generated | 'title'>;

export interface MenuPhotoRow {
  id: number;
  menuId: number;
  position: number;
  storageKey: string;
  width: number;
  height: number;
  createdAt: Date;
}
export type MenuPhotoInsert = InsertOf<MenuPhotoRow, 'id' | 'createdAt'>;

// ------------------------------------------------------------------------------------------------
// Offers and promotions

export interface OutletDiscountRow {
  outletId: number;
  discountPercent: number;
  isLive: boolean;
  updatedById: number | null;
  updatedAt: Date;
}
export type OutletDiscountInsert = InsertOf<OutletDiscountRow, 'isLive' | 'updatedById' | 'updatedAt'>;

export interface DayDiscountRow {
  id: number;
  outletId: number;
  /** ISO: 1 = Monday … 7 = Sunday. */
  dayOfWeek: number;
  discountPercent: number;
  isActive: boolean;
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
}
export type DayDiscountInsert = InsertOf<DayDiscountRow, Generated | 'isActive' | 'createdById'>;

export interface PromotionEventRow {
  id: number;
  outletId: number;
  name: string;
  /** 'YYYY-MM-DD' (IST calendar day). */
  eventDate: string;
  dayOfWeek: number;
  /** '#RRGGBB'. */
  colorHash: string;
  isEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type PromotionEventInsert = InsertOf<PromotionEventRow, Generated | 'name' | 'isEnabled'>;

export interface PromotionRow {
  id: number;
  outletId: number;
  adType: AdType;
  title: string;
  description: string | null;
  discountPercent: number | null;
  imageKey: string | null;
  eventId: number | null;
  startsOn: string | null;
  endsOn: string | null;
  isEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type PromotionInsert = InsertOf<
  PromotionRow,
  Generated | 'description' | 'discountPercent' | 'imageKey' | 'eventId' | 'startsOn' | 'endsOn' | 'isEnabled'
>;

export interface PromotionTimeSlotRow {
  id: number;
  outletId: number;
  adType: AdType;
  /** A weekly slot (R and D). */
  dayOfWeek: number | null;
  /** A dated slot (E), 'YYYY-MM-DD'. */
  slotDate: string | null;
  /** 'HH:MM:SS'. */
  startsAt: string;
  endsAt: string;
  promotionId: number | null;
  discountPercent: number | null;
  isEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type PromotionTimeSlotInsert = InsertOf<
  PromotionTimeSlotRow,
  Generated | 'dayOfWeek' | 'slotDate' | 'promotionId' | 'discountPercent' | 'isEnabled'
>;

// ------------------------------------------------------------------------------------------------
// Coupons, orders, payments, money

export interface CouponRow {
  id: number;
  code: string;
  consumerId: number;
  outletId: number;
  discountPercent: number;
  source: CouponSource;
  isLive: boolean;
  /** IST calendar day, 'YYYY-MM-DD' (one free shuffle a day). */
  issuedOn: string;
  usedGoldenKey: boolean;
  validUntil: Date;
  redeemedAt: Date | null;
  createdAt: Date;
  /** The coupon's number at its outlet (1, 2, …), set by a trigger from outlet_coupon_counters. */
  outletSeq: number | null;
}
export type CouponInsert = InsertOf<CouponRow, 'id' | 'createdAt' | 'source' | 'isLive' | 'usedGoldenKey' | 'redeemedAt' | 'outletSeq'>;

export interface OutletCouponCounterRow {
  outletId: number;
  couponsCount: number;
  updatedAt: Date;
}
export type OutletCouponCounterInsert = InsertOf<OutletCouponCounterRow, 'couponsCount' | 'updatedAt'>;

/** Live outlets per (city, category), kept by a trigger on outlets: the no-location list's total. */
export interface OutletBrowseCountRow {
  cityId: number;
  categoryId: number;
  liveCount: number;
}
export type OutletBrowseCountInsert = InsertOf<OutletBrowseCountRow, 'liveCount'>;

export interface OrderRow {
  id: number;
  publicId: string;
  consumerId: number;
  outletId: number;
  couponId: number | null;
  idempotencyKey: string;
  status: OrderStatus;
  provider: PaymentProviderName;
  providerOrderId: string | null;
  billPaise: number;
  instantDiscountPercent: number;
  instantDiscountPaise: number;
  shuffleDiscountPercent: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
  amountPaise: number;
  /** Which offer won. */
  offerSource: string | null;
  receiptCode: string | null;
  verificationCode: string | null;
  paidAt: Date | null;
  /** 15 minutes after creation. */
  expiresAt: Date;
  /** Why a failed or expired order is so. */
  failureCode: OrderFailureCode | null;
  /** The table whose QR the shopper scanned (1..50), null at the counter. */
  tableNumber: number | null;
  /** The group bill whose shares this order pays (group-bills), null for a bill of one. */
  groupBillId: number | null;
  /** Which of the group bill's shares (`group_bill_shares.id`): one, or every one left (the host paying the rest). */
  groupShareIds: number[] | null;
  createdAt: Date;
  updatedAt: Date;
}
/** An order's stored money, as every screen that shows a bill reads it (orders/money.ts derives the rest). */
export type OrderMoneyFields = Pick<
  OrderRow,
  | 'billPaise'
  | 'instantDiscountPercent'
  | 'instantDiscountPaise'
  | 'shuffleDiscountPercent'
  | 'shuffleDiscountPaise'
  | 'convenienceFeePaise'
  | 'gstPaise'
  | 'amountPaise'
>;

export type OrderInsert = InsertOf<
  OrderRow,
  | Generated
  | 'publicId'
  | 'couponId'
  | 'providerOrderId'
  | 'shuffleDiscountPercent'
  | 'shuffleDiscountPaise'
  | 'offerSource'
  | 'receiptCode'
  | 'verificationCode'
  | 'paidAt'
  | 'expiresAt'
  | 'failureCode'
  | 'tableNumber'
  | 'groupBillId'
  | 'groupShareIds'
>;

export interface PaymentRow {
  id: number;
  orderId: number;
  provider: PaymentProviderName;
  providerPaymentId: string;
  status: PaymentStatus;
  amountPaise: number;
  method: string | null;
  errorReason: string | null;
  capturedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type PaymentInsert = InsertOf<PaymentRow, Generated | 'method' | 'errorReason' | 'capturedAt'>;

export interface RefundRow {
  id: number;
  orderId: number;
  paymentId: number;
  provider: PaymentProviderName;
  /** The provider's id, once it accepted the refund. */
  providerRefundId: string | null;
  idempotencyKey: string;
  amountPaise: number;
  reason: string;
  kind: RefundKind;
  status: RefundStatus;
  /** The business owner who asked for an owner refund. */
  initiatedBy: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  processedAt: Date | null;
  updatedAt: Date;
}
export type RefundInsert = InsertOf<
  RefundRow,
  Generated | 'providerRefundId' | 'status' | 'initiatedBy' | 'attempts' | 'lastError' | 'processedAt'
>;

export interface PaymentEventRow {
  id: number;
  provider: PaymentProviderName;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  receivedAt: Date;
  processedAt: Date | null;
}
export type PaymentEventInsert = InsertOf<PaymentEventRow, 'id' | 'receivedAt' | 'processedAt', 'payload'>;

export interface RedemptionRow {
  id: number;
  couponId: number | null;
  orderId: number;
  consumerId: number;
  outletId: number;
  redeemedAt: Date;
}
export type RedemptionInsert = InsertOf<RedemptionRow, 'id' | 'couponId' | 'redeemedAt'>;

export interface SettlementRow {
  id: number;
  outletId: number;
  /** A daily statement has period_start = period_end (rows from before daily statements may span a week). */
  periodStart: string;
  periodEnd: string;
  ordersCount: number;
  grossPaise: number;
  discountPaise: number;
  /** The platform fee (1.5 % of what the outlet was paid for the goods). */
  feePaise: number;
  /** GST on the platform fee, withheld with it. */
  feeGstPaise: number;
  /** After the platform fee (before its GST and refunds). */
  netPaise: number;
  /** The outlet's share of refunds of the day's payments. */
  refundPaise: number;
  /** What reaches the outlet: net − GST on the fee − refunds. */
  payoutPaise: number;
  /** Of the payout, what went through Route transfers (the rest is the platform's own payout). */
  routedPaise: number;
  transfersCount: number;
  status: SettlementStatus;
  /** Every UTR that paid this statement (provider settlements and the platform's payout), comma-separated. */
  utr: string | null;
  /** The platform's own bank transfer for the part not sent through Route, recorded by sales staff. */
  payoutUtr: string | null;
  payoutRecordedBy: number | null;
  onHoldAt: Date | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type SettlementInsert = InsertOf<
  SettlementRow,
  | Generated
  | 'ordersCount'
  | 'feeGstPaise'
  | 'refundPaise'
  | 'routedPaise'
  | 'transfersCount'
  | 'status'
  | 'utr'
  | 'payoutUtr'
  | 'payoutRecordedBy'
  | 'onHoldAt'
  | 'settledAt'
>;

export interface TransferRow {
  id: number;
  orderId: number;
  outletId: number;
  provider: PaymentProviderName;
  /** trf_…, from the order the transfer was created with. */
  providerTransferId: string | null;
  routeAccountId: string;
  amountPaise: number;
  reversedPaise: number;
  status: TransferStatus;
  failureReason: string | null;
  onHoldUntil: Date;
  processedAt: Date | null;
  releasedAt: Date | null;
  providerSettlementId: string | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type TransferInsert = InsertOf<
  TransferRow,
  Generated | 'providerTransferId' | 'reversedPaise' | 'status' | 'failureReason' | 'processedAt' | 'releasedAt' | 'providerSettlementId' | 'settledAt'
>;

export interface TransferReversalRow {
  id: number;
  transferId: number;
  refundId: number;
  amountPaise: number;
  providerReversalId: string | null;
  status: TransferReversalStatus;
  attempts: number;
  lastError: string | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type TransferReversalInsert = InsertOf<
  TransferReversalRow,
  Generated | 'providerReversalId' | 'status' | 'attempts' | 'lastError' | 'processedAt'
>;

export interface ProviderSettlementRow {
  id: number;
  provider: PaymentProviderName;
  providerSettlementId: string;
  utr: string | null;
  amountPaise: number;
  feesPaise: number;
  taxPaise: number;
  processedAt: Date;
  reconciledAt: Date | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export type ProviderSettlementInsert = InsertOf<
  ProviderSettlementRow,
  Generated | 'utr' | 'feesPaise' | 'taxPaise' | 'reconciledAt' | 'attempts' | 'lastError'
>;

export interface LedgerEntryRow {
  id: number;
  outletId: number;
  orderId: number | null;
  settlementId: number | null;
  /** The owner refund a `refund*` entry belongs to (null on every other entry). */
  refundId: number | null;
  entryType: LedgerEntryType;
  /** ≥ 0; the direction follows from entryType. */
  amountPaise: number;
  occurredAt: Date;
  createdAt: Date;
}
export type LedgerEntryInsert = InsertOf<LedgerEntryRow, 'id' | 'createdAt' | 'orderId' | 'settlementId' | 'refundId' | 'occurredAt'>;

export interface OutletDailyStatsRow {
  outletId: number;
  /** IST calendar day, 'YYYY-MM-DD'. */
  day: string;
  ordersCount: number;
  couponsCount: number;
  billPaise: number;
  discountPaise: number;
  /** The platform fee (1.5 %), net of refunds. */
  feePaise: number;
  /** The goods net of the platform fee (the dashboards' NET_PAISE, kept as it was). */
  netPaise: number;
  /** GST on the platform fee, net of refunds. */
  feeGstPaise: number;
  /** What the outlet is paid: goods − platform fee − its GST, net of refunds (orders/money.ts). */
  payoutPaise: number;
  /** Owner refunds processed against this day's bills, and the goods part they returned. */
  refundsCount: number;
  refundPaise: number;
  updatedAt: Date;
}
export type OutletDailyStatsInsert = InsertOf<
  OutletDailyStatsRow,
  'ordersCount' | 'couponsCount' | 'billPaise' | 'discountPaise' | 'feePaise' | 'netPaise' | 'feeGstPaise' | 'payoutPaise' | 'refundsCount' | 'refundPaise' | 'updatedAt'
>;

/** The counter's live feed: one row per change a payments screen shows, numbered per outlet. */
export interface OutletEventRow {
  outletId: number;
  seq: number;
  kind: OutletEventKind;
  orderId: number;
  refundId: number | null;
  createdAt: Date;
}
export type OutletEventInsert = InsertOf<OutletEventRow, 'refundId' | 'createdAt'>;

export interface OutletEventCounterRow {
  outletId: number;
  lastSeq: number;
  updatedAt: Date;
}
export type OutletEventCounterInsert = InsertOf<OutletEventCounterRow, 'lastSeq' | 'updatedAt'>;

/** A bill split among friends (group-bills, docs/payments.md "Group pay"). */
export type GroupBillStatus = 'open' | 'paid' | 'expired';
export interface GroupBillRow {
  id: number;
  /** 6 characters, what friends type or scan. */
  code: string;
  outletId: number;
  hostConsumerId: number;
  billPaise: number;
  instantDiscountPercent: number;
  /** The outlet's instant discount on the whole bill. */
  instantDiscountPaise: number;
  offerSource: string | null;
  /** bill − instant discount: what the shares add up to. */
  totalPaise: number;
  status: GroupBillStatus;
  tableNumber: number | null;
  /** Bumped when the host changes the bill or the shares (only before anyone paid). */
  version: number;
  expiresAt: Date;
  paidAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type GroupBillInsert = InsertOf<
  GroupBillRow,
  'id' | 'instantDiscountPercent' | 'instantDiscountPaise' | 'offerSource' | 'status' | 'tableNumber' | 'version' | 'paidAt' | 'closedAt' | 'createdAt' | 'updatedAt'
>;

export interface GroupBillShareRow {
  id: number;
  groupBillId: number;
  /** 1 is the host's share (it takes the rounding). */
  position: number;
  /** This share's part of the bill and of its instant discount; share = bill − instant. */
  billPaise: number;
  instantDiscountPaise: number;
  sharePaise: number;
  paidOrderId: number | null;
  paidByConsumerId: number | null;
  paidAt: Date | null;
  /** Who started paying it last, until when (shown as "paying now"; the capture decides). */
  holderConsumerId: number | null;
  heldUntil: Date | null;
}
export type GroupBillShareInsert = InsertOf<GroupBillShareRow, 'id' | 'paidOrderId' | 'paidByConsumerId' | 'paidAt' | 'holderConsumerId' | 'heldUntil'>;

// ------------------------------------------------------------------------------------------------
// People and back office

export interface SalesStaffRow {
  id: number;
  username: string;
  /** Argon2id. Never sent to a client. */
  passwordHash: string;
  name: string;
  isActive: boolean;
  failedLoginCount: number;
  /** No longer used. */
  lockedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type SalesStaffInsert = InsertOf<SalesStaffRow, Generated | 'isActive' | 'failedLoginCount' | 'lockedUntil'>;

export interface BusinessApplicationRow {
  id: number;
  businessName: string;
  address: string;
  contactName: string;
  phoneNumber: string;
  email: string | null;
  pan: string;
  gstin: string | null;
  gstCertificateKey: string | null;
  gstAckNumber: string | null;
  chequeKey: string | null;
  cityId: number | null;
  categoryId: number | null;
  status: BusinessApplicationStatus;
  rejectReason: string | null;
  reviewedById: number | null;
  reviewedAt: Date | null;
  businessOwnerId: number | null;
  outletId: number | null;
  createdAt: Date;
  updatedAt: Date;
}
export type BusinessApplicationInsert = InsertOf<
  BusinessApplicationRow,
  | Generated
  | 'email'
  | 'gstin'
  | 'gstCertificateKey'
  | 'gstAckNumber'
  | 'chequeKey'
  | 'cityId'
  | 'categoryId'
  | 'status'
  | 'rejectReason'
  | 'reviewedById'
  | 'reviewedAt'
  | 'businessOwnerId'
  | 'outletId'
>;

export interface SupportTicketRow {
  id: number;
  consumerId: number | null;
  businessOwnerId: number | null;
  name: string;
  email: string;
  phoneNumber: string | null;
  subject: string;
  message: string;
  status: SupportTicketStatus;
  createdAt: Date;
  updatedAt: Date;
}
export type SupportTicketInsert = InsertOf<SupportTicketRow, Generated | 'consumerId' | 'businessOwnerId' | 'phoneNumber' | 'status'>;

export interface PromoterApplicationRow {
  id: number;
  name: string;
  phoneNumber: string;
  email: string | null;
  city: string;
  message: string | null;
  createdAt: Date;
}
export type PromoterApplicationInsert = InsertOf<PromoterApplicationRow, 'id' | 'createdAt' | 'email' | 'message'>;

export interface AuditLogRow {
  id: number;
  salesStaffId: number | null;
  action: AuditAction;
  resource: string;
  recordId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}
export type AuditLogInsert = InsertOf<AuditLogRow, 'id' | 'createdAt' | 'salesStaffId' | 'before' | 'after', 'before' | 'after'>;

export interface AnalyticsEventRow {
  id: number;
  /** e.g. `page_view`. */
  name: string;
  path: string;
  referrerPath: string | null;
  /** A random id the browser makes; no personal data. */
  visitorId: string | null;
  props: Record<string, unknown>;
  occurredAt: Date;
}
export type AnalyticsEventInsert = InsertOf<AnalyticsEventRow, 'id' | 'referrerPath' | 'visitorId' | 'props' | 'occurredAt', 'props'>;

// ------------------------------------------------------------------------------------------------
// Discovery: search vocabulary, favourites, reviews

export interface SearchTermRow {
  /** A word some outlet's search_tokens has held (bachat_search_words). */
  term: string;
  createdAt: Date;
}
export type SearchTermInsert = InsertOf<SearchTermRow, 'createdAt'>;

export interface FavouriteRow {
  consumerId: number;
  outletId: number;
  createdAt: Date;
}
export type FavouriteInsert = InsertOf<FavouriteRow, 'createdAt'>;

export type ReviewStatus = 'published' | 'hidden';
export type ReviewReportReason = 'spam' | 'abusive' | 'fake' | 'personal' | 'other';

export interface ReviewRow {
  id: number;
  outletId: number;
  consumerId: number;
  /** The paid receipt the review is verified by (one review per receipt). */
  orderId: number;
  rating: number;
  body: string;
  status: ReviewStatus;
  moderationNote: string | null;
  moderatedById: number | null;
  moderatedAt: Date | null;
  ownerReply: string | null;
  ownerReplyById: number | null;
  ownerRepliedAt: Date | null;
  reportCount: number;
  createdAt: Date;
  updatedAt: Date;
}
export type ReviewInsert = InsertOf<
  ReviewRow,
  Generated | 'status' | 'moderationNote' | 'moderatedById' | 'moderatedAt' | 'ownerReply' | 'ownerReplyById' | 'ownerRepliedAt' | 'reportCount'
>;

export interface ReviewReportRow {
  id: number;
  reviewId: number;
  consumerId: number;
  reason: ReviewReportReason;
  note: string | null;
  createdAt: Date;
}
export type ReviewReportInsert = InsertOf<ReviewReportRow, 'id' | 'note' | 'createdAt'>;
// Notifications (server/modules/notifications, docs/notifications.md)

export type NotificationKind =
  | 'new_coupon'
  | 'expiring_coupon'
  | 'weekly_digest'
  | 'daily_deal'
  | 'nearby_offer'
  | 'flash_sale'
  | 'payment_receipt'
  | 'refund'
  | 'payment_received'
  | 'settlement_summary'
  | 'payment_alert'
  | 'group_expired';
export type DeliveryChannel = 'email' | 'sms' | 'web_push' | 'app_push';
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface NotificationRow {
  id: number;
  /** `consumer:<id>` or `business:<id>`: with kind and subject, the once-only key. */
  recipient: string;
  consumerId: number | null;
  businessOwnerId: number | null;
  kind: NotificationKind;
  subject: string;
  title: string;
  body: string;
  /** The app path a tap opens. */
  url: string;
  data: Record<string, unknown>;
  expiresAt: Date | null;
  plannedAt: Date | null;
  createdAt: Date;
}
export type NotificationInsert = InsertOf<
  NotificationRow,
  'id' | 'createdAt' | 'consumerId' | 'businessOwnerId' | 'data' | 'expiresAt' | 'plannedAt',
  'data'
>;

export interface NotificationDeliveryRow {
  id: number;
  notificationId: number;
  channel: DeliveryChannel;
  /** `email`, `sms`, `web_push:<subscription id>`, `app_push:<token id>`. */
  target: string;
  status: DeliveryStatus;
  notBefore: Date;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type NotificationDeliveryInsert = InsertOf<
  NotificationDeliveryRow,
  Generated | 'status' | 'notBefore' | 'attempts' | 'lastError' | 'sentAt'
>;

export interface InboxItemRow {
  id: number;
  notificationId: number;
  consumerId: number;
  readAt: Date | null;
  createdAt: Date;
}
export type InboxItemInsert = InsertOf<InboxItemRow, 'id' | 'createdAt' | 'readAt'>;

export interface PushSubscriptionRow {
  id: number;
  /** The shopper's browser, or (exactly one of the two) the business account's: owners' payment alerts. */
  consumerId: number | null;
  businessOwnerId: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  lastSuccessAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type PushSubscriptionInsert = InsertOf<PushSubscriptionRow, Generated | 'userAgent' | 'lastSuccessAt' | 'consumerId' | 'businessOwnerId'>;

export interface FcmTokenRow {
  id: number;
  consumerId: number;
  token: string;
  platform: 'android' | 'ios';
  createdAt: Date;
  updatedAt: Date;
}
export type FcmTokenInsert = InsertOf<FcmTokenRow, Generated | 'platform'>;

export interface PushDailyCountRow {
  consumerId: number;
  /** IST calendar day. */
  day: string;
  count: number;
}
export type PushDailyCountInsert = InsertOf<PushDailyCountRow, 'count'>;

export interface ConsumerLocationRow {
  consumerId: number;
  latitude: number | null;
  longitude: number | null;
  cityId: number | null;
  updatedAt: Date;
}
export type ConsumerLocationInsert = InsertOf<ConsumerLocationRow, 'latitude' | 'longitude' | 'cityId' | 'updatedAt'>;

// ------------------------------------------------------------------------------------------------
// Registry: table name → row and write types; the module whose service writes it.

/** Every table by its camelCase name (what the code passes to `db(…)`). */
export interface TableTypes {
  cities: Table<CityRow, CityInsert>;
  categories: Table<CategoryRow, CategoryInsert>;
  consumers: Table<ConsumerRow, ConsumerInsert>;
  consumerSettings: Table<ConsumerSettingsRow, ConsumerSettingsInsert>;
  otpChallenges: Table<OtpChallengeRow, OtpChallengeInsert>;
  referrals: Table<ReferralRow, ReferralInsert>;
  goldenKeyLedger: Table<GoldenKeyLedgerRow, GoldenKeyLedgerInsert>;
  searchHistory: Table<SearchHistoryRow, SearchHistoryInsert>;
  sessions: Table<SessionRow, SessionInsert>;
  rateLimitCounters: Table<RateLimitCounterRow, RateLimitCounterInsert>;
  idempotencyKeys: Table<IdempotencyKeyRow, IdempotencyKeyInsert>;
  businessOwners: Table<BusinessOwnerRow, BusinessOwnerInsert>;
  outlets: Table<OutletRow, OutletInsert>;
  businessOwnerOutlets: Table<BusinessOwnerOutletRow, BusinessOwnerOutletInsert>;
  outletOverviews: Table<OutletOverviewRow, OutletOverviewInsert>;
  outletPhotos: Table<OutletPhotoRow, OutletPhotoInsert>;
  menus: Table<MenuRow, MenuInsert>;
  menuPhotos: Table<MenuPhotoRow, MenuPhotoInsert>;
  outletDiscounts: Table<OutletDiscountRow, OutletDiscountInsert>;
  dayDiscounts: Table<DayDiscountRow, DayDiscountInsert>;
  promotionEvents: Table<PromotionEventRow, PromotionEventInsert>;
  promotions: Table<PromotionRow, PromotionInsert>;
  promotionTimeSlots: Table<PromotionTimeSlotRow, PromotionTimeSlotInsert>;
  coupons: Table<CouponRow, CouponInsert>;
  outletCouponCounters: Table<OutletCouponCounterRow, OutletCouponCounterInsert>;
  outletBrowseCounts: Table<OutletBrowseCountRow, OutletBrowseCountInsert>;
  orders: Table<OrderRow, OrderInsert>;
  payments: Table<PaymentRow, PaymentInsert>;
  refunds: Table<RefundRow, RefundInsert>;
  paymentEvents: Table<PaymentEventRow, PaymentEventInsert>;
  redemptions: Table<RedemptionRow, RedemptionInsert>;
  settlements: Table<SettlementRow, SettlementInsert>;
  transfers: Table<TransferRow, TransferInsert>;
  transferReversals: Table<TransferReversalRow, TransferReversalInsert>;
  providerSettlements: Table<ProviderSettlementRow, ProviderSettlementInsert>;
  ledgerEntries: Table<LedgerEntryRow, LedgerEntryInsert>;
  outletDailyStats: Table<OutletDailyStatsRow, OutletDailyStatsInsert>;
  outletEvents: Table<OutletEventRow, OutletEventInsert>;
  outletEventCounters: Table<OutletEventCounterRow, OutletEventCounterInsert>;
  groupBills: Table<GroupBillRow, GroupBillInsert>;
  groupBillShares: Table<GroupBillShareRow, GroupBillShareInsert>;
  salesStaff: Table<SalesStaffRow, SalesStaffInsert>;
  businessApplications: Table<BusinessApplicationRow, BusinessApplicationInsert>;
  supportTickets: Table<SupportTicketRow, SupportTicketInsert>;
  promoterApplications: Table<PromoterApplicationRow, PromoterApplicationInsert>;
  auditLog: Table<AuditLogRow, AuditLogInsert>;
  analyticsEvents: Table<AnalyticsEventRow, AnalyticsEventInsert>;
  searchTerms: Table<SearchTermRow, SearchTermInsert>;
  favourites: Table<FavouriteRow, FavouriteInsert>;
  reviews: Table<ReviewRow, ReviewInsert>;
  reviewReports: Table<ReviewReportRow, ReviewReportInsert>;
  notifications: Table<NotificationRow, NotificationInsert>;
  notificationDeliveries: Table<NotificationDeliveryRow, NotificationDeliveryInsert>;
  inboxItems: Table<InboxItemRow, InboxItemInsert>;
  pushSubscriptions: Table<PushSubscriptionRow, PushSubscriptionInsert>;
  fcmTokens: Table<FcmTokenRow, FcmTokenInsert>;
  pushDailyCounts: Table<PushDailyCountRow, PushDailyCountInsert>;
  consumerLocations: Table<ConsumerLocationRow, ConsumerLocationInsert>;
}

export type TableName = keyof TableTypes;
/** The row a table's queries return, e.g. `RowOf<'outlets'>` = OutletRow. */
export type RowOf<T extends TableName> = TableTypes[T]['base'];
export type InsertRowOf<T extends TableName> = TableTypes[T]['insert'];

/** 'outletPhotos' → 'outlet_photos'. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** The same tables under their SQL names ('outlet_photos'), for code that spells them so. */
type SnakeTableTypes = { [K in keyof TableTypes as SnakeCase<K>]: TableTypes[K] };

declare module 'knex/types/tables' {
  interface Tables extends TableTypes, SnakeTableTypes {}
}

/**
 * The module that owns each table: its service (or, for back-office tables, its `admin.ts`
 * declaration through the admin engine) is where the table's rules live and its one writer: other
 * modules call it (docs/data-model.md, "Owners"). tables.test.ts checks this list against the migrated
 * schema, and that no code outside the owner writes a table. `null`: nothing writes the table.
 */
export const TABLE_OWNERS: Record<SnakeCase<TableName>, string | null> = {
  cities: 'cities',
  categories: 'categories',
  consumers: 'users',
  consumer_settings: 'users',
  otp_challenges: 'auth',
  referrals: 'referrals',
  golden_key_ledger: 'referrals',
  search_history: 'search-history',
  sessions: 'sessions',
  rate_limit_counters: 'lib/rate-limit',
  idempotency_keys: null,
  business_owners: 'business-owners',
  outlets: 'outlets',
  business_owner_outlets: 'business-owners',
  outlet_overviews: 'business-account',
  outlet_photos: 'business-account',
  menus: 'business-account',
  menu_photos: 'business-account',
  outlet_discounts: 'discounts',
  day_discounts: 'day-discounts',
  promotion_events: 'promotions',
  promotions: 'promotions',
  promotion_time_slots: 'promotions',
  coupons: 'shuffles',
  outlet_coupon_counters: 'shuffles',
  outlet_browse_counts: 'outlets',
  orders: 'orders',
  payments: 'payments',
  refunds: 'payments',
  payment_events: 'payments',
  redemptions: 'payments',
  settlements: 'settlements',
  transfers: 'settlements',
  transfer_reversals: 'settlements',
  provider_settlements: 'settlements',
  ledger_entries: 'payments',
  outlet_daily_stats: 'payments',
  outlet_events: 'payments',
  outlet_event_counters: 'payments',
  group_bills: 'group-bills',
  group_bill_shares: 'group-bills',
  sales_staff: 'sales-staff',
  business_applications: 'business-applications',
  support_tickets: 'support-tickets',
  promoter_applications: 'promoter-applications',
  audit_log: 'audit-log',
  analytics_events: 'analytics',
  search_terms: 'outlets',
  favourites: 'favourites',
  reviews: 'reviews',
  review_reports: 'reviews',
  notifications: 'notifications',
  notification_deliveries: 'notifications',
  inbox_items: 'notifications',
  push_subscriptions: 'notifications',
  fcm_tokens: 'notifications',
  push_daily_counts: 'notifications',
  consumer_locations: 'notifications',
};
