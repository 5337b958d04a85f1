import { publicProcedure, router } from '../../trpc/trpc.ts';
import {
  globalSearchInputSchema,
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
  listNearbyOutlets,
  searchEverything,
} from './service.ts';

export const outletsRouter = router({
  nearby: publicProcedure.input(nearbyOutletsInputSchema).query(({ input }) => listNearbyOutlets(input)),
  search: publicProcedure.input(globalSearchInputSchema).query(({ input }) => searchEverything(input)),
  byId: publicProcedure.input(outletDetailsInputSchema).query(({ input }) => getOutletDetails(input)),
  /** An outlet page by its path: `/{city}/{slug}` or `/{category}/{slug}/…` (first segment + slug). */
  bySlug: publicProcedure.input(outletBySlugInputSchema).query(({ input }) => getOutletBySlug(input)),
  photos: publicProcedure.input(outletIdInputSchema).query(({ input }) => getOutletPhotos(input.outletId)),
  overview: publicProcedure.input(outletIdInputSchema).query(({ input }) => getOutletOverview(input.outletId)),
  menu: publicProcedure.input(outletIdInputSchema).query(({ input }) => getOutletMenu(input.outletId)),
  upcomingOffers: publicProcedure.input(upcomingOffersInputSchema).query(({ input }) => getUpcomingOffers(input)),
});
