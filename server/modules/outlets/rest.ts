import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseWith } from '../../rest/validate.ts';
import { outletRowOf } from './wire.ts';
import { rememberLocation } from '../notifications/service.ts';
import type { Principal } from '../sessions/service.ts';
import type { UpcomingOffers } from '../offers/schema.ts';
import {
  globalSearchInputSchema,
  mapPinsInputSchema,
  nearbyOutletsInputSchema,
  outletDetailsInputSchema,
  outletIdInputSchema,
  upcomingOffersInputSchema,
  type AdvertisementResult,
  type BusinessResult,
  type OutletDetails,
} from './schema.ts';
import {
  getOutletDetails,
  getOutletMenu,
  getOutletOverview,
  getOutletPhotos,
  getUpcomingOffers,
  listMapPins,
  listNearbyOutlets,
  searchEverything,
} from './service.ts';

/** The documented wire shapes (SPEC §3/§7): UPPER_SNAKE keys as the legacy app reads them. */

export { outletRowOf };

function detailsWire(d: OutletDetails) {
  return {
    ...outletRowOf(d),
    ADDRESS_LINE_ONE: d.addressLineOne,
    ADDRESS_LINE_TWO: d.locality,
    LANDMARK: d.landmark,
    STATE: d.state,
    PINCODE: d.pincode,
    PHONE_NUMBER: d.phoneNumber,
    OPENS_AT: d.opensAt,
    CLOSES_AT: d.closesAt,
    IS_OPEN_NOW: d.isOpenNow,
    SHUFFLE_MIN_PERCENT: d.shuffleMinPercent,
    SHUFFLE_MAX_PERCENT: d.shuffleMaxPercent,
  };
}

function adWire(a: AdvertisementResult) {
  return {
    ADV_ID: a.id,
    AD_TYPE: a.adType,
    TITLE: a.title,
    DESCRIPTION: a.description,
    DISCOUNT_PERCENT: a.discountPercent,
    IMAGE_URL: a.imageUrl,
    OUTLET_ID: a.outlet.id,
    OUTLET_NAME: a.outlet.name,
    OUTLET_SLUG: a.outlet.slug,
    LOCALITY: a.outlet.locality,
    CATEGORY_SLUG: a.outlet.category.slug,
    CITY_SLUG: a.outlet.city.slug,
    DISTANCE: a.distanceKm,
  };
}

function businessWire(b: BusinessResult) {
  return b.type === 'category'
    ? { TYPE: b.type, ID: b.id, NAME: b.name, SLUG: b.slug, ICON: b.icon }
    : {
        TYPE: b.type,
        ID: b.id,
        NAME: b.name,
        SLUG: b.slug,
        BRANCH_COUNT: b.branchCount,
        CATEGORY_SLUG: b.category.slug,
        CITY_SLUG: b.city.slug,
      };
}

export function upcomingWire(u: UpcomingOffers) {
  return {
    OUTLET_ID: u.outletId,
    DAY: u.day,
    DATE: u.date,
    DAY_OF_WEEK: u.dayOfWeek,
    DAY_DISCOUNT_PERCENT: u.dayDiscountPercent,
    BASE_DISCOUNT_PERCENT: u.baseDiscountPercent,
    SCHEDULED_ADV: u.offers.map((o) => ({
      SLOT_ID: o.id,
      ADV_ID: o.promotionId,
      AD_TYPE: o.adType,
      TITLE: o.title,
      DESCRIPTION: o.description,
      DISCOUNT_PERCENT: o.discountPercent,
      START_TIME: o.startsAt,
      END_TIME: o.endsAt,
      SLOT_START_TIME: o.slotStartsAt,
      SLOT_END_TIME: o.slotEndsAt,
      WINDOWS: o.windows.map((w) => ({ START_TIME: w.startsAt, END_TIME: w.endsAt })),
      STATUS: o.status,
      EVENT_ID: o.event?.id ?? null,
      EVENT_NAME: o.event?.name ?? null,
      COLOR_HASH: o.event?.colorHash ?? null,
    })),
  };
}

const bodyOf = (ctx: Context): Record<string, unknown> => {
  const b = ctx.request.body as unknown;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
};

/** Discovery's documented REST paths (SPEC §7), over the same service as `outlets.*` in tRPC. */
export function outletsRest({ api }: { api: Router; admin: Router }): void {
  api.post('/outlet/getNearbyOutlets', async (ctx) => {
    // offSet and limit come in the query string; the filters in the body (either place is accepted).
    const input = parseWith(nearbyOutletsInputSchema, { ...ctx.query, ...bodyOf(ctx) });
    const result = await listNearbyOutlets(input);
    // After the list: a refused call writes nothing (docs/notifications.md).
    await rememberLocation(ctx.state.principal as Principal | null, input);
    ctx.body = {
      outlets: result.items.map((c) => outletRowOf(c, result.totalCount)),
      totalCount: result.totalCount,
      offSet: result.offSet,
      limit: result.limit,
    };
  });

  api.get('/cmn/search', async (ctx) => {
    const result = await searchEverything(parseWith(globalSearchInputSchema, ctx.query));
    ctx.body = {
      searchResult: {
        outletResult: result.outletResult.map((c) => outletRowOf(c)),
        advertisementResult: result.advertisementResult.map(adWire),
        businessResult: result.businessResult.map(businessWire),
        didYouMean: result.didYouMean,
        hiddenByFilters: result.hiddenByFilters,
        chosenCity: result.chosenCity ? { CITY_ID: result.chosenCity.id, CITY: result.chosenCity.name, CITY_SLUG: result.chosenCity.slug } : null,
      },
    };
  });

  // The map view (issue 16): the list's outlets as pins. Filters as for getNearbyOutlets, no paging.
  api.get('/outlet/map-pins', async (ctx) => {
    const result = await listMapPins(parseWith(mapPinsInputSchema, ctx.query));
    ctx.body = {
      CENTRE: { LATITUDE: result.centre.latitude, LONGITUDE: result.centre.longitude },
      pins: result.pins.map((p) => ({
        OUTLET_ID: p.id,
        NAME: p.name,
        SLUG: p.slug,
        LATITUDE: p.latitude,
        LONGITUDE: p.longitude,
        LOCALITY: p.locality,
        CATEGORY_SLUG: p.category.slug,
        CITY_SLUG: p.city.slug,
        DISCOUNT_PERCENT: p.discountPercent,
      })),
    };
  });

  api.post('/outlet/details', async (ctx) => {
    const input = parseWith(outletDetailsInputSchema, { ...bodyOf(ctx), ...ctx.query });
    ctx.body = { outletDetails: detailsWire(await getOutletDetails(input)) };
  });

  api.get('/business/v2/photos/:id', async (ctx) => {
    const { outletId } = parseWith(outletIdInputSchema, { outletId: ctx.params.id });
    const { photos } = await getOutletPhotos(outletId);
    const images: Record<string, string> = {};
    for (const p of photos) images[p.key] = p.url;
    ctx.body = {
      OUTLET_ID: outletId,
      ...images,
      photos: photos.map((p) => ({
        KEY: p.key,
        URL: p.url,
        SUB_CATEGORY: p.subCategory,
        POSITION: p.position,
        WIDTH: p.width,
        HEIGHT: p.height,
      })),
    };
  });

  api.get('/business/overview/:id', async (ctx) => {
    const { outletId } = parseWith(outletIdInputSchema, { outletId: ctx.params.id });
    const o = await getOutletOverview(outletId);
    ctx.body = {
      overview: {
        OUTLET_ID: o.outletId,
        NAME: o.name,
        ABOUT: o.about,
        COST_FOR_TWO_PAISE: o.costForTwoPaise,
        HIGHLIGHTS: o.highlights,
        ADDRESS: o.address,
        PHONE_NUMBER: o.phoneNumber,
        OPENS_AT: o.opensAt,
        CLOSES_AT: o.closesAt,
        LATITUDE: o.latitude,
        LONGITUDE: o.longitude,
      },
    };
  });

  api.get('/business/menu/:id', async (ctx) => {
    const { outletId } = parseWith(outletIdInputSchema, { outletId: ctx.params.id });
    const { menus } = await getOutletMenu(outletId);
    ctx.body = {
      menu: menus.map((m) => ({
        ID: m.id,
        TITLE_SEQ: m.titleSeq,
        TITLE: m.title,
        OUTLET_ID: m.outletId,
        PHOTOS: m.photos.map((p) => ({ POSITION: p.position, URL: p.url, WIDTH: p.width, HEIGHT: p.height })),
      })),
    };
  });

  api.get('/adv/upcoming-offers/:id', async (ctx) => {
    const input = parseWith(upcomingOffersInputSchema, { outletId: ctx.params.id, day: ctx.query.day });
    ctx.body = upcomingWire(await getUpcomingOffers(input));
  });
}
