import { z } from 'zod';
import type { BusinessOwnerRow } from '../../db/tables.ts';
import {
  BUSINESS_ID_MESSAGES,
  booleanStringSchema,
  emailSchema,
  gstinCheckChar,
  gstinSchema,
  idSchema,
  isValidGstin,
  phoneNumberSchema,
} from '../common/schema.ts';
import { liveOfferSchema } from '../offers/schema.ts';
import { cuisinesSchema, dishesSchema, flagSchema } from '../outlets/schema.ts';

/**
 * An outlet owner's account pages (SPEC §2 account/*, §7 Business account, outlet discount): profile,
 * discount button, about/overview, photos, menu, GSTIN. Every input names the outlet (`outletId`);
 * the services check it with server/lib/outlet-access.ts. docs/business.md has the REST shapes.
 */

export const ACCOUNT_MESSAGES = {
  profileFailed: 'An error occurred while fetching profile details',
  photoFailed: 'Failed to upload photo',
  menuFailed: 'Failed to upload menu photo',
  certificateFailed: 'Failed to upload GST certificate',
  photoNotFound: 'Photo not found',
  menuNotFound: 'Menu not found',
  tooManyPhotos: 'You can upload at most 20 photos here',
  noFile: 'Choose a picture to upload',
  gstinInvalid: BUSINESS_ID_MESSAGES.gstinInvalid,
  gstinChecksum: BUSINESS_ID_MESSAGES.gstinChecksum,
  gstDocumentNeeded: 'Upload the GST certificate, or enter the acknowledgment number while it is pending',
} as const;

/** Photo sub-categories of the outlet page's photos tab (what the seeds use). */
export const PHOTO_SUB_CATEGORIES = ['storefront', 'ambience', 'food', 'products'] as const;
export const MAX_PHOTOS_PER_SUB_CATEGORY = 20;
export const MAX_MENU_TITLES = 30;
export const MAX_PHOTOS_PER_MENU = 20;
/** Stored widths of outlet and menu photos (largest first); the first is the key kept in the row. */
export const PHOTO_WIDTHS = [1280, 640, 320] as const;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_WIDTHS = [1600] as const;

export const outletIdSchema = idSchema;
export const outletInputSchema = z.object({ outletId: outletIdSchema });
export type OutletInput = z.infer<typeof outletInputSchema>;

const timeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a time like 09:30')
  .transform((v) => v.slice(0, 5));

// ---------------------------------------------------------------- profile

export const updateProfileSchema = z.object({
  outletId: outletIdSchema,
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name is too long').optional(),
  email: emailSchema.nullish(),
  designation: z.string().trim().max(60, 'Designation is too long').nullish(),
  outletPhoneNumber: phoneNumberSchema.nullish(),
  opensAt: timeSchema.optional(),
  closesAt: timeSchema.optional(),
  landmark: z.string().trim().max(120, 'Landmark is too long').nullish(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export interface BusinessProfile {
  owner: Pick<BusinessOwnerRow, 'id' | 'username' | 'name' | 'phoneNumber' | 'email' | 'pan' | 'designation' | 'isMaster' | 'masterId'>;
  outlet: {
    id: number;
    name: string;
    addressLineOne: string;
    addressLineTwo: string;
    landmark: string | null;
    state: string;
    pincode: string;
    phoneNumber: string | null;
    opensAt: string;
    closesAt: string;
    isLive: boolean;
    category: string;
    city: string;
    gstStatus: GstStatus;
  };
}

// ---------------------------------------------------------------- discount button

/** `POST /outlet/discount`: discount, outletId, liveStatus (SPEC §7). */
export const setDiscountSchema = z.object({
  outletId: outletIdSchema,
  discount: z.coerce
    .number({ error: 'discount must be a number' })
    .min(0, 'discount must be between 0 and 100')
    .max(100, 'discount must be between 0 and 100'),
  liveStatus: booleanStringSchema,
});
export type SetDiscountInput = z.infer<typeof setDiscountSchema>;

export const discountStatusSchema = z.object({
  outletId: z.number(),
  discountPercent: z.number(),
  isLive: z.boolean(),
  updatedAt: z.date().nullable(),
  /** What shoppers get right now (docs/offers.md): may be a scheduled offer instead of the button. */
  liveOffer: liveOfferSchema.nullable(),
});
export type DiscountStatus = z.infer<typeof discountStatusSchema>;

// ---------------------------------------------------------------- overview

/**
 * A partial update: a field left out (undefined) keeps its stored value. An explicit `null` clears it
 * (about → "", cost for two → none, highlights → []), as do `""` for about and cost for two and `[]`
 * for highlights. So a form that sends only the about text never wipes the cost or the highlights.
 */
export const updateOverviewSchema = z.object({
  outletId: outletIdSchema,
  about: z.string().trim().max(2000, 'About can be at most 2000 characters').nullish(),
  costForTwoPaise: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.coerce.number().int('Cost for two must be whole paise').min(0).max(100_000_000).nullable(),
    )
    .optional(),
  highlights: z
    .array(z.string().trim().min(1).max(40, 'A highlight can be at most 40 characters'))
    .max(20, 'At most 20 highlights')
    .nullish(),
  /** What shoppers filter and search on (issue 16), stored on the outlet through the outlets service. */
  isVeg: flagSchema.optional(),
  cuisines: cuisinesSchema.nullish(),
  dishes: dishesSchema.nullish(),
});
export type UpdateOverviewInput = z.infer<typeof updateOverviewSchema>;

export interface BusinessOverview {
  outletId: number;
  about: string;
  costForTwoPaise: number | null;
  highlights: string[];
  isVeg: boolean;
  cuisines: string[];
  dishes: string[];
  updatedAt: Date | null;
}

// ---------------------------------------------------------------- photos

export const photoSubCategorySchema = z.enum(PHOTO_SUB_CATEGORIES, { error: 'Choose storefront, ambience, food or products' });

export const listPhotosSchema = z.object({ outletId: outletIdSchema, subCategory: photoSubCategorySchema.optional() });
export type ListPhotosInput = z.infer<typeof listPhotosSchema>;

/** Multipart `POST /business/photos` fields (the file is `photo` / `image` / `file`). */
export const uploadPhotoSchema = z.object({ outletId: outletIdSchema, subCategory: photoSubCategorySchema });
export type UploadPhotoInput = z.infer<typeof uploadPhotoSchema>;

const indexSchema = z.coerce.number().int('index must be a whole number').min(0, 'index cannot be negative').max(1000);

/** `DELETE /business/photos`: outletId, index, subCategory. */
export const deletePhotoSchema = z.object({ outletId: outletIdSchema, subCategory: photoSubCategorySchema, index: indexSchema });
export type DeletePhotoInput = z.infer<typeof deletePhotoSchema>;

/** `POST /business/photos/swap`: two positions in one sub-category. */
export const swapPhotosSchema = z.object({ outletId: outletIdSchema, subCategory: photoSubCategorySchema, from: indexSchema, to: indexSchema });
export type SwapPhotosInput = z.infer<typeof swapPhotosSchema>;

export interface BusinessPhoto {
  id: number;
  subCategory: string;
  /** 0-based position inside its sub-category (the "index" of delete and swap). */
  index: number;
  url: string;
  width: number;
  height: number;
}

// ---------------------------------------------------------------- menu

export const menuTitleSchema = z.string().trim().max(60, 'A menu title can be at most 60 characters');

/** `POST /business/menu`: a new title (appended), or a rename when `menuId` is given. */
export const saveMenuSchema = z.object({ outletId: outletIdSchema, menuId: idSchema.optional(), title: menuTitleSchema });
export type SaveMenuInput = z.infer<typeof saveMenuSchema>;

export const deleteMenuSchema = z.object({ outletId: outletIdSchema, menuId: idSchema });
export type DeleteMenuInput = z.infer<typeof deleteMenuSchema>;

export const uploadMenuPhotoSchema = z.object({ outletId: outletIdSchema, menuId: idSchema });
export type UploadMenuPhotoInput = z.infer<typeof uploadMenuPhotoSchema>;

export const deleteMenuPhotoSchema = z.object({ outletId: outletIdSchema, menuId: idSchema, index: indexSchema });
export type DeleteMenuPhotoInput = z.infer<typeof deleteMenuPhotoSchema>;

/** `POST /business/menu/swap`: two titles (by TITLE_SEQ position), or two photos of one menu when `menuId` is given. */
export const swapMenuSchema = z.object({ outletId: outletIdSchema, menuId: idSchema.optional(), from: indexSchema, to: indexSchema });
export type SwapMenuInput = z.infer<typeof swapMenuSchema>;

export interface BusinessMenu {
  id: number;
  outletId: number;
  title: string;
  titleSeq: number;
  photos: { index: number; url: string; width: number; height: number }[];
}

// ---------------------------------------------------------------- GSTIN

export const GST_STATUSES = ['missing', 'pending', 'verified'] as const;
export type GstStatus = (typeof GST_STATUSES)[number];

/** The GSTIN rule is common to every form that takes one (common/schema.ts). */
export { gstinCheckChar, gstinSchema, isValidGstin };

/** Empty is "required" (never the length rule), then 10 to 20 letters and digits. */
export const gstAckNumberSchema = z
  .string({ error: 'Acknowledgment number is required' })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'Acknowledgment number is required', abort: true })
      .regex(/^[A-Z0-9]{10,20}$/, 'The acknowledgment number has 10 to 20 letters and digits'),
  );

/**
 * The GSTIN with its document (SPEC §5): the certificate (multipart `certificate`) is mandatory; while
 * it is pending the acknowledgment number is accepted instead.
 */
export const updateGstinSchema = z.object({
  outletId: outletIdSchema,
  gstin: gstinSchema,
  ackNumber: z.preprocess((v) => (v === '' ? undefined : v), gstAckNumberSchema.nullish()),
});
export type UpdateGstinInput = z.infer<typeof updateGstinSchema>;

export interface GstinDetails {
  outletId: number;
  gstin: string | null;
  status: GstStatus;
  certificateUrl: string | null;
  ackNumber: string | null;
}
