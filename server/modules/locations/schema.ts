import { z } from 'zod';
import { categoryInputSchema, flagSchema, latitudeSchema, limitSchema, longitudeSchema, offSetSchema } from '../outlets/schema.ts';

/**
 * Manual location choice (SPEC §3 Location, §7 `GET /outlet/location/search`): find a locality or a
 * city by name; a signed-in shopper's chosen location is recorded as a recent search.
 */

export const LOCATION_PAGE_SIZE = 10;

const text = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max, `must be at most ${max} characters`).optional());

export const locationSearchInputSchema = z.object({
  /** The text typed (REST: `location`, or `query`). Empty lists the localities nearest the coordinates. */
  location: text(100),
  offSet: offSetSchema,
  limit: limitSchema(LOCATION_PAGE_SIZE),
  category: categoryInputSchema,
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  /** Record this choice in the signed-in shopper's recent searches (needs landmark, state or locality). */
  recentSearch: flagSchema.default(false),
  landmark: text(200),
  state: text(100),
  locality: text(200),
});
export type LocationSearchInput = z.infer<typeof locationSearchInputSchema>;

export const locationSchema = z.object({
  /** The locality (an outlet's address line two) or, for type city, the city's name. */
  locality: z.string(),
  type: z.enum(['locality', 'city']),
  city: z.object({ id: z.number().int(), name: z.string(), nameHi: z.string().nullable(), slug: z.string() }),
  state: z.string(),
  /** Always null for search results (SPEC field kept for recent searches). */
  landmark: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  outletCount: z.number().int(),
  distanceKm: z.number().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationSearchResultSchema = z.object({
  locations: z.array(locationSchema),
  totalCount: z.number().int(),
  offSet: z.number().int(),
  limit: z.number().int(),
  /** True when the choice was stored as a recent search. */
  recorded: z.boolean(),
});
export type LocationSearchResult = z.infer<typeof locationSearchResultSchema>;
