import type Router from '@koa/router';
import { firstFile, multipart } from '../../lib/multipart.ts';
import { parseWith } from '../../rest/validate.ts';
import { checkedInputOf, requireBusiness } from '../../rest/guards.ts';
import { bool } from '../../rest/legacy.ts';
import { businessOwnerDetails } from '../business-owners/service.ts';
import {
  ACCOUNT_MESSAGES,
  UPLOAD_MAX_BYTES,
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
  uploadMenuPhotoSchema,
  uploadPhotoSchema,
  type BusinessMenu,
  type BusinessOverview,
  type BusinessPhoto,
  type BusinessProfile,
  type DiscountStatus,
  type GstinDetails,
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
  uploadMenuPhoto,
  uploadPhoto,
} from './service.ts';

/** The documented wire shapes (SPEC §3, §7): UPPER_SNAKE keys, "true"/"false" strings. */

const profileWire = (p: BusinessProfile) => ({
  businessOwnerDetails: { ...businessOwnerDetails(p.owner), NAME: p.owner.name, EMAIL: p.owner.email },
  outletDetails: {
    OUTLET_ID: p.outlet.id,
    NAME: p.outlet.name,
    ADDRESS_LINE_ONE: p.outlet.addressLineOne,
    ADDRESS_LINE_TWO: p.outlet.addressLineTwo,
    LANDMARK: p.outlet.landmark,
    STATE: p.outlet.state,
    PINCODE: p.outlet.pincode,
    PHONE_NUMBER: p.outlet.phoneNumber,
    OPENS_AT: p.outlet.opensAt,
    CLOSES_AT: p.outlet.closesAt,
    IS_LIVE: bool(p.outlet.isLive),
    CATEGORY: p.outlet.category,
    CITY: p.outlet.city,
    GST_STATUS: p.outlet.gstStatus,
  },
});

const discountWire = (d: DiscountStatus) => ({
  OUTLET_ID: d.outletId,
  DISCOUNT: d.discountPercent,
  LIVE_STATUS: bool(d.isLive),
  UPDATED_AT: d.updatedAt ? new Date(d.updatedAt).toISOString() : null,
  LIVE_DISCOUNT: d.liveOffer?.discountPercent ?? null,
  LIVE_SOURCE: d.liveOffer?.source ?? null,
});

const overviewWire = (o: BusinessOverview) => ({
  overview: {
    OUTLET_ID: o.outletId,
    ABOUT: o.about,
    COST_FOR_TWO_PAISE: o.costForTwoPaise,
    HIGHLIGHTS: o.highlights,
    IS_VEG: o.isVeg,
    CUISINES: o.cuisines,
    DISHES: o.dishes,
  },
});

/** Photos: keys starting with IMG mapped to URLs (SPEC §3), plus the full list. */
const photosWire = (outletId: number, subCategory: string | undefined, photos: BusinessPhoto[]) => {
  const images: Record<string, string> = {};
  for (const p of photos) images[`IMG${p.index}`] = p.url;
  return {
    OUTLET_ID: outletId,
    SUB_CATEGORY: subCategory ?? null,
    ...(subCategory ? images : {}),
    photos: photos.map((p) => ({ ID: p.id, SUB_CATEGORY: p.subCategory, INDEX: p.index, URL: p.url, WIDTH: p.width, HEIGHT: p.height })),
  };
};

const menuWire = (menus: BusinessMenu[]) => ({
  menu: menus.map((m) => ({
    ID: m.id,
    TITLE_SEQ: m.titleSeq,
    TITLE: m.title,
    OUTLET_ID: m.outletId,
    PHOTOS: m.photos.map((p) => ({ INDEX: p.index, URL: p.url, WIDTH: p.width, HEIGHT: p.height })),
  })),
});

const gstinWire = (g: GstinDetails) => ({
  OUTLET_ID: g.outletId,
  GSTIN: g.gstin,
  GST_STATUS: g.status,
  CERTIFICATE_URL: g.certificateUrl,
  ACK_NUMBER: g.ackNumber,
});

const upload = (field: string, prefix: string) =>
  multipart({ files: [{ name: field }, { name: 'image' }, { name: 'file' }], maxFileBytes: UPLOAD_MAX_BYTES, messagePrefix: prefix });

/**
 * `/api/business/*` account routes and the discount button (`/api/outlet/discount`). The public
 * outlet-page reads (`GET /business/overview/:id`, `/business/menu/:id`, `/business/v2/photos/:id`)
 * stay in the outlets module; these are the owner's, behind the business token and the outlet check.
 */
export function businessAccountRest({ api }: { api: Router; admin: Router }): void {
  api.get('/business/profile', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = profileWire(await getProfile(ownerId, parseWith(outletInputSchema, raw).outletId));
  });
  api.post('/business/profile', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...profileWire(await updateProfile(ownerId, parseWith(updateProfileSchema, raw))) };
  });

  api.post('/outlet/discount', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...discountWire(await setDiscount(ownerId, parseWith(setDiscountSchema, raw))) };
  });
  api.get('/outlet/discount/:id', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx, { outletId: ctx.params.id });
    ctx.body = discountWire(await getDiscount(ownerId, parseWith(outletInputSchema, raw).outletId));
  });

  api.get('/business/overview', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = overviewWire(await getOverview(ownerId, parseWith(outletInputSchema, raw).outletId));
  });
  api.post('/business/overview', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    // camelCase or the legacy UPPER_SNAKE key; a key that is absent stays absent (the field is kept),
    // an explicit null is passed on (the field is cleared).
    const field = (name: string, legacy: string) => (name in raw ? raw[name] : raw[legacy]);
    const input = parseWith(updateOverviewSchema, {
      ...raw,
      about: field('about', 'ABOUT'),
      costForTwoPaise: field('costForTwoPaise', 'COST_FOR_TWO_PAISE'),
      highlights: field('highlights', 'HIGHLIGHTS'),
      isVeg: field('isVeg', 'IS_VEG'),
      cuisines: field('cuisines', 'CUISINES'),
      dishes: field('dishes', 'DISHES'),
    });
    ctx.body = { success: true, ...overviewWire(await updateOverview(ownerId, input)) };
  });

  api.get('/business/photos/:id', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx, { outletId: ctx.params.id });
    const input = parseWith(listPhotosSchema, raw);
    ctx.body = photosWire(input.outletId, input.subCategory, await listPhotos(ownerId, input));
  });
  api.post('/business/photos', requireBusiness(), upload('photo', ACCOUNT_MESSAGES.photoFailed), async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const input = parseWith(uploadPhotoSchema, raw);
    const file = firstFile(ctx.state.files, 'photo', 'image', 'file');
    const photos = await uploadPhoto(ownerId, input, file?.buffer ?? null);
    ctx.status = 201;
    ctx.body = { success: true, ...photosWire(input.outletId, input.subCategory, photos) };
  });
  api.delete('/business/photos', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const input = parseWith(deletePhotoSchema, raw);
    ctx.body = { success: true, ...photosWire(input.outletId, input.subCategory, await deletePhoto(ownerId, input)) };
  });
  api.post('/business/photos/swap', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const input = parseWith(swapPhotosSchema, raw);
    ctx.body = { success: true, ...photosWire(input.outletId, input.subCategory, await swapPhotos(ownerId, input)) };
  });

  api.get('/business/menu', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = menuWire(await listMenu(ownerId, parseWith(outletInputSchema, raw).outletId));
  });
  api.post('/business/menu', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const input = parseWith(saveMenuSchema, { ...raw, title: raw.title ?? raw.TITLE, menuId: raw.menuId ?? raw.ID });
    ctx.body = { success: true, ...menuWire(await saveMenu(ownerId, input)) };
  });
  api.delete('/business/menu', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...menuWire(await deleteMenu(ownerId, parseWith(deleteMenuSchema, { ...raw, menuId: raw.menuId ?? raw.ID }))) };
  });
  api.post('/business/menu/photo', requireBusiness(), upload('photo', ACCOUNT_MESSAGES.menuFailed), async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const input = parseWith(uploadMenuPhotoSchema, raw);
    const file = firstFile(ctx.state.files, 'photo', 'image', 'file');
    const menus = await uploadMenuPhoto(ownerId, input, file?.buffer ?? null);
    ctx.status = 201;
    ctx.body = { success: true, ...menuWire(menus) };
  });
  api.delete('/business/menu/photo', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...menuWire(await deleteMenuPhoto(ownerId, parseWith(deleteMenuPhotoSchema, raw))) };
  });
  api.post('/business/menu/swap', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...menuWire(await swapMenu(ownerId, parseWith(swapMenuSchema, raw))) };
  });

  api.get('/business/gstin', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = gstinWire(await getGstin(ownerId, parseWith(outletInputSchema, raw).outletId));
  });
  api.post('/business/gstin', requireBusiness(), upload('certificate', ACCOUNT_MESSAGES.certificateFailed), async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const input = parseWith(updateGstinSchema, raw);
    const file = firstFile(ctx.state.files, 'certificate', 'image', 'file');
    ctx.body = { success: true, ...gstinWire(await updateGstin(ownerId, input, file?.buffer ?? null)) };
  });
}
