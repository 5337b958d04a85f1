import { publicProcedure, router } from '../../trpc/trpc.ts';
import {
  globalSearchInputSchema,
  mapPinsInputSchema,
  nearbyOutletsInputSchema,
  outletBySlugInputSchema,
  outletDetailsInputSchema,
  outletIdInputSchema,
  upcomingOffersInputSchema,
} from './schema.ts';
import {
  getOutletBySlug,
  getOutletDetails,
  getOutletMenu,
  getOutletOverview,
  getOutletPhotos,
  getUpcomingOffers,
  getMapTiles,
  listMapPins,
  listNearbyOutlets,
  searchEverything,
} from './service.ts';
import { rememberLocation } from '../notifications/service.ts';

export const outletsRouter = router({
  nearby: publicProcedure.input(nearbyOutletsInputSchema).query(async ({ input, ctx }) => {
    const page = await listNearbyOutlets(input);
    // Only a list that was answered aims the digest and nearby pushes (docs/notifications.md): a refused
    // call (an unknown category) writes nothing.
    await rememberLocation(ctx.principal, input);
    return page;
  }),
  search: publicProcedure.input(globalSearchInputSchema).query(({ input }) => searchEverything(input)),
  /** The map view: every outlet of the (filtered) list as a pin with its live discount. */
  mapPins: publicProcedure.input(mapPinsInputSchema).query(({ input }) => listMapPins(input)),
  /** The tile server the map draws from (configuration, the same for everyone). */
  mapTiles: publicProcedure.query(() => getMapTiles()),
  byId: publicProcedure.input(outletDetailsInputSchema).query(({ input }) => getOutletDetails(input)),
  /** An outlet page by its path: `/{city}/{slug}` or `/{category}/{slug}/…` (first segment + slug). */
  bySlug: publicProcedure.input(outletBySlugInputSchema).query(({ input }) => getOutletBySlug(input)),
  photos: publicProcedure.input(outletIdInputSchema).query(({ input }) => getOutletPhotos(input.outletId)),
  overview: publicProcedure.input(outletIdInputSchema).query(({ input }) => getOutletOverview(input.outletId)),
  menu: publicProcedure.input(outletIdInputSchema).query(({ input }) => getOutletMenu(input.outletId)),
  upcomingOffers: publicProcedure.input(upcomingOffersInputSchema).query(({ input }) => getUpcomingOffers(input)),
});
