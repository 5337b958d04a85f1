import type Router from '@koa/router';
import type { Context } from 'koa';
import { firstFile, multipart } from '../../lib/multipart.ts';
import { parseWith } from '../../rest/validate.ts';
import { checkedInputOf, requireBusiness } from '../../rest/guards.ts';
import { bool } from '../../rest/legacy.ts';
import {
  DAYS,
  createAdSchema,
  createEventSchema,
  createHighlightSchema,
  deleteAdSchema,
  deleteEventSchema,
  deleteSlotSchema,
  editHighlightSchema,
  eventBodySchema,
  getTimeSlotsSchema,
  listAdsSchema,
  listEventsSchema,
  liveAndScheduledSchema,
  scheduleAdSchema,
  setTimeSlotsSchema,
  updateAdSchema,
  updateEventSchema,
  type Ad,
  type LiveAndScheduled,
  type PromotionEvent,
  type TimeSlotDay,
} from './schema.ts';
import {
  createAd,
  createEvent,
  createHighlight,
  deleteAd,
  deleteEvent,
  deleteSlot,
  editHighlight,
  getLiveAndScheduled,
  getTimeSlots,
  listAds,
  listEvents,
  scheduleAd,
  setTimeSlots,
  updateAd,
  updateEvent,
} from './service.ts';

/** Wire shapes (SPEC §3 Event offer, Scheduler): UPPER_SNAKE keys, "true"/"false" strings. */

export const adWire = (a: Ad) => ({
  ADV_ID: a.id,
  OUTLET_ID: a.outletId,
  AD_TYPE: a.adType,
  TITLE: a.title,
  DESCRIPTION: a.description,
  DISCOUNT_PERCENT: a.discountPercent,
  IMAGE_URL: a.imageUrl,
  EVENT_ID: a.eventId,
  STARTS_ON: a.startsOn,
  ENDS_ON: a.endsOn,
  ENABLED_STATUS: bool(a.isEnabled),
});

const dayName = (d: number | null) => (d ? DAYS[d - 1]! : null);

export const slotsWire = (d: TimeSlotDay) => ({
  OUTLET_ID: d.outletId,
  AD_TYPE: d.adType,
  DAY: dayName(d.day),
  DATE: d.date,
  timeSlotRes: d.timeSlots.map((s) => ({
    SLOT_ID: s.id,
    AD_TYPE: s.adType,
    DAY: dayName(s.dayOfWeek),
    DATE: s.date,
    START_TIME: s.startTime,
    END_TIME: s.endTime,
    ADV_ID: s.advId,
    TITLE: s.adTitle,
    DISCOUNT_PERCENT: s.discountPercent,
    EFFECTIVE_PERCENT: s.effectivePercent,
    ENABLED_STATUS: bool(s.isEnabled),
  })),
});

export const eventWire = (e: PromotionEvent) => ({
  EVENT_ID: e.id,
  OUTLET_ID: e.outletId,
  EVENT_NAME: e.name,
  DATE: e.date,
  DAY: dayName(e.dayOfWeek),
  COLOR_HASH: e.colorHash,
  ENABLED_STATUS: bool(e.isEnabled),
});

const liveWire = (l: LiveAndScheduled) => ({
  OUTLET_ID: l.outletId,
  advLiveAndSched: {
    LIVE: l.live ? { SOURCE: l.live.source, AD_TYPE: l.live.adType, DISCOUNT_PERCENT: l.live.discountPercent, TITLE: l.live.title, START_TIME: l.live.startsAt, END_TIME: l.live.endsAt } : null,
    TODAY: { DATE: l.todayDate, SCHEDULED_ADV: l.today },
    NEXT_TODAY: l.next,
    TOMORROW: { DATE: l.tomorrowDate, SCHEDULED_ADV: l.tomorrow },
  },
  live: l.live,
  today: l.today,
  next: l.next,
  tomorrow: l.tomorrow,
});

const adImage = multipart({ files: [{ name: 'image' }, { name: 'file' }], maxFileBytes: 5 * 1024 * 1024, messagePrefix: 'Failed to save the ad' });

/** The legacy event body (EVENT_NAME, DATE, COLOR_HASH, ENABLED_STATUS) or camelCase fields → the service input. */
function eventInputOf(raw: Record<string, unknown>) {
  const body = parseWith(eventBodySchema, raw.eventBody ?? {});
  return {
    outletId: raw.outletId,
    eventId: raw.eventId ?? body.EVENT_ID,
    name: raw.name ?? body.EVENT_NAME,
    date: raw.date ?? body.DATE,
    colorHash: raw.colorHash ?? body.COLOR_HASH,
    isEnabled: raw.isEnabled ?? body.ENABLED_STATUS,
  };
}

const stripUndefined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * `/api/adv*`, `/api/business/v1/timeSlots`, `/api/business/go/events*` (SPEC §7 Promotion). Every
 * route checks the outlet of the request before it validates or reads anything else.
 */
export function promotionsRest({ api }: { api: Router; admin: Router }): void {
  api.get('/adv', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const ads = await listAds(ownerId, parseWith(listAdsSchema, raw));
    ctx.body = { advertisements: ads.map(adWire), count: ads.length };
  });
  api.post('/adv/create', requireBusiness(), adImage, async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const file = firstFile(ctx.state.files, 'image', 'file');
    const ad = await createAd(ownerId, parseWith(createAdSchema, raw), file?.buffer ?? null);
    ctx.status = 201;
    ctx.body = { success: true, advertisement: adWire(ad) };
  });
  api.post('/adv/edit', requireBusiness(), adImage, async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const file = firstFile(ctx.state.files, 'image', 'file');
    const ad = await updateAd(ownerId, parseWith(updateAdSchema, raw), file?.buffer ?? null);
    ctx.body = { success: true, advertisement: adWire(ad) };
  });
  api.post('/adv/delete', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...(await deleteAd(ownerId, parseWith(deleteAdSchema, raw))) };
  });

  api.post('/adv/highlight', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const ad = await createHighlight(ownerId, parseWith(createHighlightSchema, raw));
    ctx.status = 201;
    ctx.body = { success: true, advertisement: adWire(ad) };
  });
  api.put('/adv/highlight/edit', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, advertisement: adWire(await editHighlight(ownerId, parseWith(editHighlightSchema, raw))) };
  });

  api.post('/business/v1/timeSlots', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = slotsWire(await getTimeSlots(ownerId, parseWith(getTimeSlotsSchema, raw)));
  });
  api.put('/business/v1/timeSlots', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...slotsWire(await setTimeSlots(ownerId, parseWith(setTimeSlotsSchema, raw))) };
  });
  api.delete('/business/v1/timeSlots', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, ...(await deleteSlot(ownerId, parseWith(deleteSlotSchema, raw))) };
  });
  api.post('/adv/schedule', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.status = 201;
    ctx.body = { success: true, ...slotsWire(await scheduleAd(ownerId, parseWith(scheduleAdSchema, raw))) };
  });
  api.get('/adv/liveAndScheduled', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = liveWire(await getLiveAndScheduled(ownerId, parseWith(liveAndScheduledSchema, raw).outletId));
  });

  const listEventsHandler = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { events: (await listEvents(ownerId, parseWith(listEventsSchema, raw))).map(eventWire) };
  };
  const createEventHandler = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const event = await createEvent(ownerId, parseWith(createEventSchema, stripUndefined(eventInputOf(raw))));
    ctx.status = 201;
    ctx.body = { success: true, event: eventWire(event) };
  };
  const modifyEventHandler = async (ctx: Context) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    ctx.body = { success: true, event: eventWire(await updateEvent(ownerId, parseWith(updateEventSchema, stripUndefined(eventInputOf(raw))))) };
  };
  api.get('/business/go/events', listEventsHandler);
  api.post('/business/go/events/list', listEventsHandler);
  api.post('/business/go/events', createEventHandler);
  api.post('/business/go/events/create', createEventHandler);
  api.put('/business/go/events', modifyEventHandler);
  api.put('/business/go/events/modify', modifyEventHandler);
  api.post('/business/go/events/modify', modifyEventHandler);
  api.delete('/business/go/events', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const { outletId, eventId } = eventInputOf(raw);
    ctx.body = { success: true, ...(await deleteEvent(ownerId, parseWith(deleteEventSchema, { outletId, eventId }))) };
  });
}
