import { z } from 'zod';

/** A signed-in shopper's recent location searches (SPEC §7 `GET /user/searchHistory?limit=3`, §9 limit 3). */

export const SEARCH_HISTORY_DEFAULT_LIMIT = 3;
export const SEARCH_HISTORY_MAX_LIMIT = 20;

export const searchHistoryInputSchema = z.object({
  limit: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(SEARCH_HISTORY_MAX_LIMIT, `limit cannot be more than ${SEARCH_HISTORY_MAX_LIMIT}`)
      .default(SEARCH_HISTORY_DEFAULT_LIMIT),
  ),
});
export type SearchHistoryInput = z.infer<typeof searchHistoryInputSchema>;

export const searchHistoryEntrySchema = z.object({
  id: z.number().int(),
  query: z.string(),
  landmark: z.string().nullable(),
  state: z.string().nullable(),
  locality: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.date(),
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
