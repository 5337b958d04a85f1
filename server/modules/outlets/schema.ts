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

// Outlet attributes (issue 16) ---------------------------------------------------------------------

export const MAX_CUISINES = 12;
export const MAX_DISHES = 60;

/** Trimmed, inner spaces collapsed, the same word twice (any case) kept once, in the order given. */
function tidyList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.replace(/\s+/g, ' ').trim();
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}

const attributeList = (noun: string, maxLength: number, maxItems: number) =>
  z
    .array(z.string({ error: `Each ${noun} is text` }).max(maxLength, `A ${noun} can be at most ${maxLength} characters`), {
      error: `${noun[0]!.toUpperCase()}${noun.slice(1)}s are a list`,
    })
    .transform(tidyList)
    .pipe(z.array(z.string()).max(maxItems, `At most ${maxItems} ${noun}s`));

/** Cuisines an outlet serves ("South Indian", "Udupi"): at most 12, each up to 40 characters. */
export const cuisinesSchema = attributeList('cuisine', 40, MAX_CUISINES);
/** Dishes shoppers search for ("Masala Dosa", "Chicken Biryani"): at most 60, each up to 60 characters. */
export const dishesSchema = attributeList('dish', 60, MAX_DISHES);

// Filters and sort (issue 16) ---------------------------------------------------------------------

/**
 * How a filtered list is ordered: `distance` (nearest first; the default for browsing), `discount` (the
 * highest discount live now first), `newest` (outlets whose offers were set up most recently first) and
 * `relevance` (search only, the default there: text match, distance and live discount weighed).
 */
export const DISCOVERY_SORTS = ['relevance', 'distance', 'discount', 'newest'] as const;
export const discoverySortSchema = z.enum(DISCOVERY_SORTS, { error: 'sort must be relevance, distance, discount or newest' });
export type DiscoverySort = z.infer<typeof discoverySortSchema>;

/** At most this much for two (₹1,00,000) is a sane bound on a filter. */
export const MAX_COST_FOR_TWO_PAISE = 10_000_000;

const paiseFilter = (name: string) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number of paise` })
      .int(`${name} must be a whole number of paise`)
      .min(0, `${name} cannot be negative`)
      .max(MAX_COST_FOR_TWO_PAISE, `${name} is too large`)
      .optional(),
  );

/**
 * The filters shared by the nearby list, the search and the map: open now (Asia/Kolkata), veg only,
 * cost for two between two amounts (paise, either end open; outlets that state no cost are left out
 * when a bound is set), and a minimum live discount (percent).
 */
export const discoveryFiltersShape = {
  openNow: flagSchema.default(false),
  veg: flagSchema.default(false),
  costForTwoMinPaise: paiseFilter('costForTwoMinPaise'),
  costForTwoMaxPaise: paiseFilter('costForTwoMaxPaise'),
  minDiscountPercent: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'minDiscountPercent must be a number' })
      .min(0, 'minDiscountPercent must be between 0 and 100')
      .max(100, 'minDiscountPercent must be between 0 and 100')
      .optional(),
  ),
  sort: z.preprocess(blankAsUndefined, discoverySortSchema.optional()),
};

export type DiscoveryFilters = {
  openNow: boolean;
  veg: boolean;
  costForTwoMinPaise?: number;
  costForTwoMaxPaise?: number;
  minDiscountPercent?: number;
};

/** A cost range the right way round. */
function checkCostRange(v: { costForTwoMinPaise?: number; costForTwoMaxPaise?: number }, ctx: z.RefinementCtx) {
  if (v.costForTwoMinPaise !== undefined && v.costForTwoMaxPaise !== undefined && v.costForTwoMinPaise > v.costForTwoMaxPaise) {
    ctx.addIssue({ code: 'custom', path: ['costForTwoMaxPaise'], message: 'costForTwoMaxPaise must not be below costForTwoMinPaise' });
  }
}

/** The list and the map alike: a cost range in order, no relevance sort without text, a point unless noLocation. */
function checkListPlace(
  v: { sort?: string; noLocation: boolean; latitude?: number; longitude?: number } & Parameters<typeof checkCostRange>[0],
  ctx: z.RefinementCtx,
): void {
  checkCostRange(v, ctx);
  if (v.sort === 'relevance') ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort by relevance needs a search text' });
  if (v.noLocation) return;
  if (v.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'latitude is required unless noLocation is set' });
  if (v.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'longitude is required unless noLocation is set' });
}

/** Whether any filter narrows the list (the sort aside). */
export function hasDiscoveryFilters(f: DiscoveryFilters): boolean {
  return f.openNow || f.veg || f.costForTwoMinPaise !== undefined || f.costForTwoMaxPaise !== undefined || (f.minDiscountPercent ?? 0) > 0;
}

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
    ...discoveryFiltersShape,
  })
  .superRefine(checkListPlace);
export type NearbyOutletsInput = z.infer<typeof nearbyOutletsInputSchema>;

/** A category or city as outlets carry it; `nameHi` is its Hindi name (docs/i18n.md), null when not given. */
export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), nameHi: z.string().nullable(), slug: z.string() });
export const cityRefSchema = z.object({ id: z.number().int(), name: z.string(), nameHi: z.string().nullable(), slug: z.string() });
export type CityRef = z.infer<typeof cityRefSchema>;

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
  /** A pure-vegetarian outlet. */
  isVeg: z.boolean(),
  cuisines: z.array(z.string()),
  /** The owner's cost for two (paise), or null. */
  costForTwoPaise: z.number().int().nullable(),
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

export const globalSearchInputSchema = z
  .object({
    searchString: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.string({ error: 'Nothing to search' }).trim().min(1, 'Nothing to search').max(100, 'The search text is too long'),
    ),
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    /** Without coordinates: rank by distance from this city's centre (slug). */
    city: z.preprocess(blankAsUndefined, z.string().trim().max(100).optional()),
    /** Only outlets of this category (slug or id; empty or `all`: every category). */
    category: categoryInputSchema,
    limit: limitSchema(SEARCH_LIMIT),
    ...discoveryFiltersShape,
  })
  .superRefine(checkCostRange);
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
  /**
   * When the words match no outlet: the nearest words the outlets do use ("biryani" for "bryani"),
   * checked to find some; else null.
   */
  didYouMean: z.string().nullable(),
  /** The words match outlets, but none passes the filters (a hint to clear them). */
  hiddenByFilters: z.boolean(),
  /**
   * The city searched in (the one asked for, else the nearest to the shopper's position), or null:
   * its outlets come first, and a card in another city names its city (issue 28).
   */
  chosenCity: cityRefSchema.nullable(),
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

// Map pins ----------------------------------------------------------------------------------------

/** The map's input: the list's place and filters, no paging (the pins of the whole list, at most NEARBY_MAX_RESULTS). */
export const mapPinsInputSchema = z
  .object({
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    category: categoryInputSchema,
    noLocation: flagSchema.default(false),
    city: z.preprocess(blankAsUndefined, z.string().trim().max(100).optional()),
    cityId: z.preprocess(blankAsUndefined, idSchema.optional()),
    ...discoveryFiltersShape,
  })
  .superRefine(checkListPlace);
export type MapPinsInput = z.infer<typeof mapPinsInputSchema>;

export const mapPinSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  category: categoryRefSchema,
  city: cityRefSchema,
  locality: z.string(),
  /** The discount live now, or null. */
  discountPercent: z.number().nullable(),
});
export type MapPin = z.infer<typeof mapPinSchema>;

export const mapPinsResultSchema = z.object({
  pins: z.array(mapPinSchema),
  /** Where the map opens: the shopper's point, else the city's centre. */
  centre: z.object({ latitude: z.number(), longitude: z.number() }),
});
export type MapPinsResult = z.infer<typeof mapPinsResultSchema>;

/** Where the map's tiles come from (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export const mapTilesSchema = z.object({ url: z.string(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;
