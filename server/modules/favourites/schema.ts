import { z } from 'zod';
import { idSchema } from '../common/schema.ts';
import { latitudeSchema, limitSchema, longitudeSchema, offSetSchema, outletCardSchema } from '../outlets/schema.ts';

/**
 * A shopper's favourite outlets (issue 16): the heart on outlet cards and pages, the list in the
 * profile area. docs/discovery.md "Favourites".
 */

/** How many favourites one shopper may keep. */
export const MAX_FAVOURITES = 500;
export const FAVOURITES_PAGE_SIZE = 20;

export const FAVOURITE_MESSAGES = {
  tooMany: `You can keep up to ${MAX_FAVOURITES} favourites. Remove one to add another.`,
} as const;

export const favouriteInputSchema = z.object({ outletId: idSchema });
export type FavouriteInput = z.infer<typeof favouriteInputSchema>;

export const favouritesListInputSchema = z.object({
  offSet: offSetSchema,
  limit: limitSchema(FAVOURITES_PAGE_SIZE),
  /** With coordinates the cards carry distances. */
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
});
export type FavouritesListInput = z.infer<typeof favouritesListInputSchema>;

export const favouritesListSchema = z.object({
  items: z.array(outletCardSchema.extend({ favouritedAt: z.date() })),
  totalCount: z.number().int(),
  offSet: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type FavouritesList = z.infer<typeof favouritesListSchema>;

export const favouriteStateSchema = z.object({ outletId: z.number().int(), isFavourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;
