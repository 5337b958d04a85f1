import { z } from 'zod';
import { idSchema } from '../common/schema.ts';
import { dayChoiceSchema, liveOfferSchema, adTypeSchema } from '../offers/schema.ts';

/**
 * Discovery: nearby outlets, the global search, an outlet's page (details, photos, overview, menu,
 * upcoming offers). The same schemas validate tRPC inputs and the REST adapters (docs/discovery.md).
 */

/** SPEC §9: outlet list page size 16. */
export const NEARBY_PAGE_SIZE = 16;
export const MAX_PAGE_SIZE = 100;
/**
 * The nearby list holds at most this many outlets (the nearest ones: 15 pages of 16), so TOTAL_COUNT
 * and the deepest page cost the same at 100,000 outlets as at 1,000,000 (docs/discovery.md, "Paging").
 */
export const NEARBY_MAX_RESULTS = 240;

const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const numberInput = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).refine(Number.isFinite, `${name} must be a number`);

export const latitudeSchema = z.preprocess(
  blankAsUndefined,
  numberInput('latitude').pipe(
    z.number().min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90'),
  ),
);
export const longitudeSchema = z.preprocess(
  blankAsUndefined,
  numberInput('longitude').pipe(
    z.number().min(-180, 'longitude must be between -180 and 180').max(180, 'longitude must be between -180 and 180'),
  ),
);

/** A `"true"`/`"false"`/`"1"`/`"0"` string as query strings send it, or a boolean. */
export const flagSchema = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

/**
 * SPEC §4/§9: `offSet` is a 1-based page counter (a new query sends 1, each further page adds 1).
 * 0 is accepted and means the first page too. Rows returned: (max(offSet, 1) − 1) × limit … + limit.
 */
export const offSetSchema = z.preprocess(
  blankAsUndefined,
  z.coerce
    .number({ error: 'offSet must be a whole number' })
    .int('offSet must be a whole number')
    .min(0, 'offSet cannot be negative')
    .max(100_000, 'offSet is too large')
    .default(1),
);

export const limitSchema = (fallback: number) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_PAGE_SIZE, `limit cannot be more than ${MAX_PAGE_SIZE}`)
      .default(fallback),
  );

/** A category slug (or id); empty or `all` means every category. Unknown ones are refused by the service. */
export const categoryInputSchema = z.preprocess(
  (v) => (v === '' || v === null || v === 'all' ? undefined : typeof v === 'number' ? String(v) : v),
  z.string().trim().max(100, 'Unknown category').optional(),
);

export const nearbyOutletsInputSchema = z
  .object({
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    category: categoryInputSchema,
    /** No shopper location: list the selected city's outlets in a stable order instead. */
    noLocation: flagSchema.default(false),
    /** The selected city (slug), used with noLocation. */
    city: z.preprocess(blankAsUndefined, z.string().trim().max(100).optional()),
    cityId: z.preprocess(blankAsUndefined, idSchema.optional()),
    offSet: offSetSchema,
    limit: limitSchema(NEARBY_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (v.noLocation) return;
    if (v.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'latitude is required unless noLocation is set' });
    if (v.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'longitude is required unless noLocation is set' });
  });
export type NearbyOutletsInput = z.infer<typeof nearbyOutletsInputSchema>;

/** A category or city as outlets carry it; `nameHi` is its Hindi name (docs/i18n.md), null when not given. */
export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), nameHi: z.string().nullable(), slug: z.string() });
export const cityRefSchema = z.object({ id: z.number().int(), name: z.string(), nameHi: z.string().nullable(), slug: z.string() });

/** What an outlet card shows. */
export const outletCardSchema = z.object({
  id: z.number().int(),
  masterOutletId: z.number().int().nullable(),
  name: z.string(),
  /** Outlet slug: links are `/{city.slug}/{slug}` and `/{category.slug}/{slug}/instore-offers/{id}`. */
  slug: z.string(),
  /** The locality shown on cards (address line two). */
  locality: z.string(),
  category: categoryRefSchema,
  city: cityRefSchema,
  latitude: z.number(),
  longitude: z.number(),
  /** Kilometres from the given coordinates, to 0.1 km (0.01 km under 1 km); null without coordinates. */
  distanceKm: z.number().nullable(),
  /** The discount live now (docs/offers.md), or null when none is. */
  liveOffer: liveOfferSchema.nullable(),
  photoUrl: z.string().nullable(),
});
export type OutletCard = z.infer<typeof outletCardSchema>;

export const nearbyOutletsResultSchema = z.object({
  items: z.array(outletCardSchema),
  /** How many outlets the list holds in all (at most NEARBY_MAX_RESULTS with coordinates). */
  totalCount: z.number().int(),
  /** The page these items are (offSet as understood: max(offSet, 1)). */
  offSet: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type NearbyOutletsResult = z.infer<typeof nearbyOutletsResultSchema>;

// Global search ---------------------------------------------------------------------------------

export const SEARCH_LIMIT = 10;

export const globalSearchInputSchema = z.object({
  searchString: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: 'Nothing to search' }).trim().min(1, 'Nothing to search').max(100, 'The search text is too long'),
  ),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  limit: limitSchema(SEARCH_LIMIT),
});
export type GlobalSearchInput = z.infer<typeof globalSearchInputSchema>;

export const advertisementResultSchema = z.object({
  id: z.number().int(),
  adType: adTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  discountPercent: z.number().nullable(),
  imageUrl: z.string().nullable(),
  outlet: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    locality: z.string(),
    category: categoryRefSchema,
    city: cityRefSchema,
  }),
  distanceKm: z.number().nullable(),
});
export type AdvertisementResult = z.infer<typeof advertisementResultSchema>;

/**
 * businessResult: categories whose name matches (a link to the filtered list), and chains: master
 * outlets with branches (docs/discovery.md).
 */
export const businessResultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('category'),
    id: z.number().int(),
    name: z.string(),
    nameHi: z.string().nullable(),
    slug: z.string(),
    icon: z.string(),
  }),
  z.object({
    type: z.literal('chain'),
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    branchCount: z.number().int(),
    category: categoryRefSchema,
    city: cityRefSchema,
  }),
]);
export type BusinessResult = z.infer<typeof businessResultSchema>;

export const globalSearchResultSchema = z.object({
  outletResult: z.array(outletCardSchema),
  advertisementResult: z.array(advertisementResultSchema),
  businessResult: z.array(businessResultSchema),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;

// One outlet ------------------------------------------------------------------------------------

export const outletIdInputSchema = z.object({ outletId: idSchema });
export type OutletIdInput = z.infer<typeof outletIdInputSchema>;

export const outletDetailsInputSchema = z.object({
  outletId: idSchema,
  /** Legacy flag from the business profile screen; accepted and ignored. */
  isProfile: flagSchema.optional(),
  /** With coordinates the details carry the distance. */
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
});
export type OutletDetailsInput = z.infer<typeof outletDetailsInputSchema>;

/**
 * An outlet page addressed by its path: `/{city}/{slug}`, or `/{category}/{slug}/…` for in-store links.
 * `first` is that first path segment (a city slug, else a category slug).
 */
export const outletBySlugInputSchema = z.object({
  first: z.string().trim().min(1, 'Error fetching outlet Details').max(100),
  slug: z.string().trim().min(1, 'Error fetching outlet Details').max(200),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
});
export type OutletBySlugInput = z.infer<typeof outletBySlugInputSchema>;

export const outletDetailsSchema = outletCardSchema.extend({
  addressLineOne: z.string(),
  landmark: z.string().nullable(),
  state: z.string(),
  pincode: z.string(),
  phoneNumber: z.string().nullable(),
  /** 'HH:MM', Asia/Kolkata; closesAt earlier than opensAt means it closes after midnight. */
  opensAt: z.string(),
  closesAt: z.string(),
  isOpenNow: z.boolean(),
  shuffleMinPercent: z.number(),
  shuffleMaxPercent: z.number(),
});
export type OutletDetails = z.infer<typeof outletDetailsSchema>;

export const outletPhotoSchema = z.object({
  id: z.number().int(),
  /** `IMG1`, `IMG2`, … in display order (the legacy key the REST shape maps to URLs). */
  key: z.string(),
  subCategory: z.string(),
  position: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OutletPhoto = z.infer<typeof outletPhotoSchema>;

export const outletPhotosSchema = z.object({
  outletId: z.number().int(),
  photos: z.array(outletPhotoSchema),
});
export type OutletPhotos = z.infer<typeof outletPhotosSchema>;

export const outletOverviewSchema = z.object({
  outletId: z.number().int(),
  name: z.string(),
  about: z.string(),
  costForTwoPaise: z.number().int().nullable(),
  highlights: z.array(z.string()),
  address: z.string(),
  phoneNumber: z.string().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type OutletOverview = z.infer<typeof outletOverviewSchema>;

export const menuSchema = z.object({
  /** null for the placeholder menu (SPEC §3) that stands in when the outlet has none. */
  id: z.number().int().nullable(),
  outletId: z.number().int(),
  titleSeq: z.number().int(),
  /** '' for the placeholder (and for an untitled menu). */
  title: z.string(),
  photos: z.array(z.object({ position: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type Menu = z.infer<typeof menuSchema>;

export const outletMenuSchema = z.object({ outletId: z.number().int(), menus: z.array(menuSchema) });
export type OutletMenu = z.infer<typeof outletMenuSchema>;

export const upcomingOffersInputSchema = z.object({
  outletId: idSchema,
  day: z.preprocess(blankAsUndefined, dayChoiceSchema.default('today')),
});
export type UpcomingOffersInput = z.infer<typeof upcomingOffersInputSchema>;
