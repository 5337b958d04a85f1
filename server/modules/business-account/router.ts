import { outletProcedure, router } from '../../trpc/trpc.ts';
import {
  deleteMenuPhotoSchema,
  deleteMenuSchema,
  deletePhotoSchema,
  listPhotosSchema,
  outletInputSchema,
  saveMenuSchema,
  setDiscountSchema,
  swapMenuSchema,
  swapPhotosSchema,
  updateGstinSchema,
  updateOverviewSchema,
  updateProfileSchema,
} from './schema.ts';
import {
  deleteMenu,
  deleteMenuPhoto,
  deletePhoto,
  getDiscount,
  getGstin,
  getOverview,
  getProfile,
  listMenu,
  listPhotos,
  saveMenu,
  setDiscount,
  swapMenu,
  swapPhotos,
  updateGstin,
  updateOverview,
  updateProfile,
} from './service.ts';

/**
 * `trpc.businessAccount.*`: the account pages. Uploads (photos, menu photos, the GST certificate) are
 * multipart REST only (`/api/business/photos`, `/api/business/menu/photo`, `/api/business/gstin`);
 * `updateGstin` here takes the acknowledgment number path.
 */
export const businessAccountRouter = router({
  profile: outletProcedure.input(outletInputSchema).query(({ ctx, input }) => getProfile(ctx.principal.businessOwnerId, input.outletId)),
  updateProfile: outletProcedure.input(updateProfileSchema).mutation(({ ctx, input }) => updateProfile(ctx.principal.businessOwnerId, input)),
  discount: outletProcedure.input(outletInputSchema).query(({ ctx, input }) => getDiscount(ctx.principal.businessOwnerId, input.outletId)),
  setDiscount: outletProcedure.input(setDiscountSchema).mutation(({ ctx, input }) => setDiscount(ctx.principal.businessOwnerId, input)),
  overview: outletProcedure.input(outletInputSchema).query(({ ctx, input }) => getOverview(ctx.principal.businessOwnerId, input.outletId)),
  updateOverview: outletProcedure.input(updateOverviewSchema).mutation(({ ctx, input }) => updateOverview(ctx.principal.businessOwnerId, input)),
  photos: outletProcedure.input(listPhotosSchema).query(({ ctx, input }) => listPhotos(ctx.principal.businessOwnerId, input)),
  deletePhoto: outletProcedure.input(deletePhotoSchema).mutation(({ ctx, input }) => deletePhoto(ctx.principal.businessOwnerId, input)),
  swapPhotos: outletProcedure.input(swapPhotosSchema).mutation(({ ctx, input }) => swapPhotos(ctx.principal.businessOwnerId, input)),
  menu: outletProcedure.input(outletInputSchema).query(({ ctx, input }) => listMenu(ctx.principal.businessOwnerId, input.outletId)),
  saveMenu: outletProcedure.input(saveMenuSchema).mutation(({ ctx, input }) => saveMenu(ctx.principal.businessOwnerId, input)),
  deleteMenu: outletProcedure.input(deleteMenuSchema).mutation(({ ctx, input }) => deleteMenu(ctx.principal.businessOwnerId, input)),
  deleteMenuPhoto: outletProcedure.input(deleteMenuPhotoSchema).mutation(({ ctx, input }) => deleteMenuPhoto(ctx.principal.businessOwnerId, input)),
  swapMenu: outletProcedure.input(swapMenuSchema).mutation(({ ctx, input }) => swapMenu(ctx.principal.businessOwnerId, input)),
  gstin: outletProcedure.input(outletInputSchema).query(({ ctx, input }) => getGstin(ctx.principal.businessOwnerId, input.outletId)),
  updateGstin: outletProcedure.input(updateGstinSchema).mutation(({ ctx, input }) => updateGstin(ctx.principal.businessOwnerId, input, null)),
});
