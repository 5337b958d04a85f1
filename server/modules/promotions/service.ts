import type { Knex } from 'knex';
import { badRequest, notFound } from '../../lib/errors.ts';
import { deleteImageVariants, processImage, storeImage, type ProcessedImage } from '../../lib/images.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { isoDayOfWeek, istMoment, nextOfferToday } from '../offers/rules.ts';
import { getLiveOffer, getScheduledOffers } from '../offers/service.ts';
import { lockOutlet } from '../outlets/service.ts';
import { single } from '../../db/rows.ts';
import { offersScheduled } from '../notifications/service.ts';
import type { PromotionEventInsert, PromotionEventRow, PromotionInsert, PromotionRow, PromotionTimeSlotRow } from '../../db/tables.ts';
import {
  AD_IMAGE_WIDTHS,
  DEFAULT_EVENT_NAME,
  PROMOTION_MESSAGES,
  type Ad,
  type CreateAdInput,
  type CreateEventInput,
  type CreateHighlightInput,
  type DeleteAdInput,
  type DeleteEventInput,
  type DeleteSlotInput,
  type EditHighlightInput,
  type GetTimeSlotsInput,
  type ListAdsInput,
  type ListEventsInput,
  type LiveAndScheduled,
  type PromotionEvent,
  type ScheduleAdInput,
  type SetTimeSlotsInput,
  type TimeSlot,
  type TimeSlotDay,
  type UpdateAdInput,
  type UpdateEventInput,
} from './schema.ts';

/**
 * The promotion organizer (docs/business.md). It writes promotions, time slots and events exactly in
 * the shapes server/modules/offers reads (docs/offers.md), so what an owner schedules is what shoppers
 * see at that IST time on the outlet page and in the bill. Every function checks the outlet first, and
 * every id in a request is looked up WITHIN that outlet (another outlet's id is simply not found).
 */

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** 'HH:MM' of a `time` column's 'HH:MM:SS'. */
const hhmm = (time: string) => time.slice(0, 5);
const todayIst = () => istMoment(runtime().now()).date;

// ---------------------------------------------------------------- ads

function toAd(r: PromotionRow): Ad {
  const { storage } = runtime();
  return {
    id: r.id,
    outletId: r.outletId,
    adType: r.adType,
    title: r.title,
    description: r.description,
    discountPercent: r.discountPercent,
    imageUrl: r.imageKey ? storage.url(r.imageKey) : null,
    eventId: r.eventId,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    isEnabled: r.isEnabled,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

async function ownAd(db: Knex, outletId: number, advId: number, lock = false): Promise<PromotionRow> {
  const q = db('promotions').where({ id: advId, outletId });
  if (lock) q.forUpdate();
  const row = await q.first();
  if (!row) throw notFound(PROMOTION_MESSAGES.adNotFound);
  return row;
}

async function ownEvent(db: Knex, outletId: number, eventId: number, lock = false): Promise<PromotionEventRow> {
  const q = db('promotionEvents').where({ id: eventId, outletId });
  if (lock) q.forUpdate();
  const row = await q.first();
  if (!row) throw notFound(PROMOTION_MESSAGES.eventNotFound);
  return row;
}

/** The ad library (SPEC §9: loaded with limit 1000, offset 0), newest first. */
export async function listAds(ownerId: number, input: ListAdsInput): Promise<Ad[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const rows = await runtime()
    .db('promotions')
    .where({ outletId: input.outletId })
    .modify((q) => {
      if (input.adType) q.where({ adType: input.adType });
    })
    .orderBy('id', 'desc')
    .offset(input.offset)
    .limit(input.limit);
  return rows.map(toAd);
}

async function checkedAdImage(file: Buffer | null): Promise<ProcessedImage | null> {
  if (!file) return null;
  try {
    return await processImage(file, { maxBytes: UPLOAD_MAX_BYTES, widths: [...AD_IMAGE_WIDTHS] });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the picture could not be read';
    throw badRequest(`Failed to save the ad: ${reason}`, { image: reason });
  }
}

/** Runs `write` after storing the image (if any); removes the stored files when the write fails. */
async function withImage<T>(outletId: number, image: ProcessedImage | null, write: (trx: Knex.Transaction, key: string | null) => Promise<T>): Promise<T> {
  const stored = image ? await storeImage(image, `outlets/${outletId}/ads/ad`) : null;
  try {
    return await runtime().db.transaction((trx) => write(trx, stored?.key ?? null));
  } catch (error) {
    if (stored) await deleteImageVariants(stored.key, AD_IMAGE_WIDTHS).catch(() => undefined);
    throw error;
  }
}

export async function createAd(ownerId: number, input: CreateAdInput, file: Buffer | null = null): Promise<Ad> {
  await assertOutletAccess(ownerId, input.outletId);
  const image = await checkedAdImage(file);
  return withImage(input.outletId, image, async (trx, imageKey) => {
    if (input.adType === 'E') await ownEvent(trx, input.outletId, input.eventId!);
    const row = single(
      await trx('promotions')
        .insert({
        outletId: input.outletId,
        adType: input.adType,
        title: input.title,
        description: input.description ?? null,
        discountPercent: input.adType === 'Highlight' ? null : (input.discountPercent ?? null),
        imageKey,
        eventId: input.adType === 'E' ? input.eventId : null,
        startsOn: input.startsOn ?? null,
        endsOn: input.endsOn ?? null,
        isEnabled: input.isEnabled ?? true,
      })
        .returning('*'),
    );
    return toAd(row);
  });
}

export async function updateAd(ownerId: number, input: UpdateAdInput, file: Buffer | null = null): Promise<Ad> {
  await assertOutletAccess(ownerId, input.outletId);
  await ownAd(runtime().db, input.outletId, input.advId);
  const image = await checkedAdImage(file);
  let oldKey: string | null = null;
  const ad = await withImage(input.outletId, image, async (trx, imageKey) => {
    const current = await ownAd(trx, input.outletId, input.advId, true);
    const patch: Partial<PromotionInsert> = { updatedAt: runtime().now() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.discountPercent !== undefined && current.adType !== 'Highlight') patch.discountPercent = input.discountPercent;
    if (input.startsOn !== undefined) patch.startsOn = input.startsOn;
    if (input.endsOn !== undefined) patch.endsOn = input.endsOn;
    if (input.isEnabled !== undefined) patch.isEnabled = input.isEnabled;
    if (input.eventId !== undefined && current.adType === 'E') {
      if (!input.eventId) throw badRequest('Choose the event of this offer', { eventId: 'Choose the event of this offer' });
      const event = await ownEvent(trx, input.outletId, input.eventId);
      patch.eventId = input.eventId;
      // The ad's slots follow it to its event's date.
      await trx('promotionTimeSlots').where({ promotionId: current.id }).update({ slotDate: event.eventDate });
    }
    if (imageKey) {
      oldKey = current.imageKey;
      patch.imageKey = imageKey;
    }
    const starts = input.startsOn ?? current.startsOn;
    const ends = input.endsOn ?? current.endsOn;
    if (starts && ends && starts > ends) throw badRequest('The end date must be on or after the start date', { endsOn: 'The end date must be on or after the start date' });
    return toAd(single(await trx('promotions').where({ id: current.id }).update(patch).returning('*')));
  });
  if (oldKey) await deleteImageVariants(oldKey, AD_IMAGE_WIDTHS).catch(() => undefined);
  return ad;
}

/** Deletes an ad and its time slots. */
export async function deleteAd(ownerId: number, input: DeleteAdInput): Promise<{ advId: number }> {
  await assertOutletAccess(ownerId, input.outletId);
  const key = await runtime().db.transaction(async (trx) => {
    const ad = await ownAd(trx, input.outletId, input.advId, true);
    if (input.adType && input.adType !== ad.adType) throw badRequest(PROMOTION_MESSAGES.wrongAdType, { adType: PROMOTION_MESSAGES.wrongAdType });
    await trx('promotionTimeSlots').where({ promotionId: ad.id }).delete();
    await trx('promotions').where({ id: ad.id }).delete();
    return ad.imageKey;
  });
  if (key) await deleteImageVariants(key, AD_IMAGE_WIDTHS).catch(() => undefined);
  return { advId: input.advId };
}

export function createHighlight(ownerId: number, input: CreateHighlightInput, file: Buffer | null = null): Promise<Ad> {
  const { advId: _ignored, ...fields } = input.advObj;
  return createAd(ownerId, { outletId: input.outletId, adType: 'Highlight', ...fields, discountPercent: null, eventId: null }, file);
}

export async function editHighlight(ownerId: number, input: EditHighlightInput, file: Buffer | null = null): Promise<Ad> {
  await assertOutletAccess(ownerId, input.outletId);
  const ad = await ownAd(runtime().db, input.outletId, input.advObj.advId);
  if (ad.adType !== 'Highlight') throw badRequest(PROMOTION_MESSAGES.wrongAdType, { adType: PROMOTION_MESSAGES.wrongAdType });
  const { advId, ...fields } = input.advObj;
  return updateAd(ownerId, { outletId: input.outletId, advId, ...fields }, file);
}

// ---------------------------------------------------------------- time slots

/** A slot with its ad's title and percent (slotsOfDay). Slots are never of type Highlight. */
type SlotRow = Pick<PromotionTimeSlotRow, 'id' | 'dayOfWeek' | 'slotDate' | 'startsAt' | 'endsAt' | 'promotionId' | 'discountPercent' | 'isEnabled'> & {
  adType: 'R' | 'D' | 'E';
  adTitle: string | null;
  adPercent: number | null;
};

function toSlot(r: SlotRow): TimeSlot {
  return {
    id: r.id,
    adType: r.adType,
    dayOfWeek: r.dayOfWeek,
    date: r.slotDate,
    startTime: hhmm(r.startsAt),
    endTime: hhmm(r.endsAt),
    advId: r.promotionId,
    adTitle: r.adTitle,
    discountPercent: r.discountPercent,
    effectivePercent: r.discountPercent ?? r.adPercent,
    isEnabled: r.isEnabled,
  };
}

function slotsOfDay(db: Knex, outletId: number, adType: string, day: number | null, date: string | null): Promise<SlotRow[]> {
  return db('promotionTimeSlots as s')
    .leftJoin('promotions as p', 'p.id', 's.promotionId')
    .where({ 's.outletId': outletId, 's.adType': adType })
    .modify((q) => {
      if (adType === 'E') q.where('s.slotDate', date);
      else q.whereNull('s.slotDate').andWhere('s.dayOfWeek', day);
    })
    .orderBy([{ column: 's.startsAt' }, { column: 's.id' }])
    .select<SlotRow[]>('s.id', 's.adType', 's.dayOfWeek', 's.slotDate', 's.startsAt', 's.endsAt', 's.promotionId', 's.discountPercent', 's.isEnabled', 'p.title as adTitle', 'p.discountPercent as adPercent');
}

const dayOf = (input: { adType: string; day?: number; date?: string }) => ({
  day: input.adType === 'E' ? null : (input.day ?? null),
  date: input.adType === 'E' ? (input.date ?? null) : null,
});

/** `POST /business/v1/timeSlots`: one day's slots of one ad type (timeSlotRes). */
export async function getTimeSlots(ownerId: number, input: GetTimeSlotsInput): Promise<TimeSlotDay> {
  await assertOutletAccess(ownerId, input.outletId);
  const { day, date } = dayOf(input);
  const rows = await slotsOfDay(runtime().db, input.outletId, input.adType, day, date);
  return { outletId: input.outletId, adType: input.adType, day, date, timeSlots: rows.map(toSlot) };
}

/** Checks that a slot's ad belongs to the outlet, has the slot's type and (E) is for that date; returns the ad's percent. */
async function checkSlotAd(trx: Knex, outletId: number, adType: string, date: string | null, advId: number, path: string): Promise<number | null> {
  const ad = await trx('promotions as p')
    .leftJoin('promotionEvents as e', 'e.id', 'p.eventId')
    .where({ 'p.id': advId, 'p.outletId': outletId })
    .first<(Pick<PromotionRow, 'adType' | 'discountPercent'> & { eventDate: string | null }) | undefined>('p.adType', 'p.discountPercent', 'e.eventDate');
  if (!ad) throw notFound(PROMOTION_MESSAGES.adNotFound);
  if (ad.adType !== adType) throw badRequest(PROMOTION_MESSAGES.wrongAdType, { [path]: PROMOTION_MESSAGES.wrongAdType });
  if (adType === 'E' && ad.eventDate !== date) throw badRequest(PROMOTION_MESSAGES.eventAdRequired, { [path]: PROMOTION_MESSAGES.eventAdRequired });
  return ad.discountPercent;
}

/**
 * `PUT /business/v1/timeSlots`: replaces one day's slots of one ad type, in one transaction. The schema
 * already refused inverted and overlapping slots (400); here each slot's ad must be the outlet's, of the
 * same type (and, for E, an offer of that date's event), and some percent must apply.
 */
export async function setTimeSlots(ownerId: number, input: SetTimeSlotsInput): Promise<TimeSlotDay> {
  await assertOutletAccess(ownerId, input.outletId);
  const { day, date } = dayOf(input);
  if (date && date < todayIst()) throw badRequest(PROMOTION_MESSAGES.pastDate, { date: PROMOTION_MESSAGES.pastDate });
  await runtime().db.transaction(async (trx) => {
    await lockOutlet(trx, input.outletId);
    const rows = [];
    for (const [i, s] of input.timeSlots.entries()) {
      const adPercent = s.advId ? await checkSlotAd(trx, input.outletId, input.adType, date, s.advId, `timeSlots.${i}.advId`) : null;
      if (input.adType === 'E' && !s.advId) {
        throw badRequest(PROMOTION_MESSAGES.eventAdRequired, { [`timeSlots.${i}.advId`]: PROMOTION_MESSAGES.eventAdRequired });
      }
      if (!((s.discountPercent ?? adPercent ?? 0) > 0)) {
        throw badRequest(PROMOTION_MESSAGES.percentRequired, { [`timeSlots.${i}.discountPercent`]: PROMOTION_MESSAGES.percentRequired });
      }
      rows.push({
        outletId: input.outletId,
        adType: input.adType,
        dayOfWeek: day,
        slotDate: date,
        startsAt: s.startTime,
        endsAt: s.endTime,
        promotionId: s.advId ?? null,
        discountPercent: s.discountPercent ?? null,
        isEnabled: s.isEnabled ?? true,
      });
    }
    const existing = trx('promotionTimeSlots').where({ outletId: input.outletId, adType: input.adType });
    if (date) existing.where({ slotDate: date });
    else existing.whereNull('slotDate').andWhere({ dayOfWeek: day });
    await existing.delete();
    if (rows.length) await trx('promotionTimeSlots').insert(rows);
    await offersScheduled(input.outletId, trx); // flash sales, nearby offers (docs/notifications.md)
  });
  return getTimeSlots(ownerId, { outletId: input.outletId, adType: input.adType, day: day ?? undefined, date: date ?? undefined });
}

const overlaps = (aStart: string, aEnd: string, bStart: string, bEnd: string) => aStart < bEnd && bStart < aEnd;

/** `POST /adv/schedule`: puts one ad into a new slot on a weekday (R, D) or its event's date (E). */
export async function scheduleAd(ownerId: number, input: ScheduleAdInput): Promise<TimeSlotDay> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db } = runtime();
  const ad = await ownAd(db, input.outletId, input.advId);
  if (ad.adType === 'Highlight') throw badRequest(PROMOTION_MESSAGES.highlightNoSlots, { advId: PROMOTION_MESSAGES.highlightNoSlots });
  let day: number | null = null;
  let date: string | null = null;
  if (ad.adType === 'E') {
    // promotions_event_ad_check: an E ad has its event.
    const event = await ownEvent(db, input.outletId, ad.eventId!);
    date = event.eventDate;
    if (input.date && input.date !== date) throw badRequest(PROMOTION_MESSAGES.eventAdRequired, { date: PROMOTION_MESSAGES.eventAdRequired });
    if (date < todayIst()) throw badRequest(PROMOTION_MESSAGES.pastDate, { date: PROMOTION_MESSAGES.pastDate });
  } else {
    if (!input.day) throw badRequest(PROMOTION_MESSAGES.dayRequired, { day: PROMOTION_MESSAGES.dayRequired });
    day = input.day;
  }
  if (!((input.discountPercent ?? ad.discountPercent ?? 0) > 0)) {
    throw badRequest(PROMOTION_MESSAGES.percentRequired, { discountPercent: PROMOTION_MESSAGES.percentRequired });
  }
  await db.transaction(async (trx) => {
    await lockOutlet(trx, input.outletId);
    const same = await slotsOfDay(trx, input.outletId, ad.adType, day, date);
    if (same.some((s) => overlaps(input.startTime, input.endTime, hhmm(s.startsAt), hhmm(s.endsAt)))) {
      throw badRequest(PROMOTION_MESSAGES.overlap, { startTime: PROMOTION_MESSAGES.overlap });
    }
    await trx('promotionTimeSlots').insert({
      outletId: input.outletId,
      adType: ad.adType,
      dayOfWeek: day,
      slotDate: date,
      startsAt: input.startTime,
      endsAt: input.endTime,
      promotionId: ad.id,
      discountPercent: input.discountPercent ?? null,
    });
    await offersScheduled(input.outletId, trx); // flash sales, nearby offers (docs/notifications.md)
  });
  const adType = ad.adType;
  return getTimeSlots(ownerId, { outletId: input.outletId, adType, day: day ?? undefined, date: date ?? undefined });
}

export async function deleteSlot(ownerId: number, input: DeleteSlotInput): Promise<{ slotId: number }> {
  await assertOutletAccess(ownerId, input.outletId);
  const deleted = await runtime().db('promotionTimeSlots').where({ id: input.slotId, outletId: input.outletId }).delete();
  if (!deleted) throw notFound(PROMOTION_MESSAGES.slotNotFound);
  return { slotId: input.slotId };
}

// ---------------------------------------------------------------- events

function toEvent(r: PromotionEventRow): PromotionEvent {
  return {
    id: r.id,
    outletId: r.outletId,
    name: r.name,
    date: r.eventDate,
    dayOfWeek: r.dayOfWeek,
    colorHash: r.colorHash,
    isEnabled: r.isEnabled,
  };
}

/** Events from `from` (default: today, IST) on, by date. */
export async function listEvents(ownerId: number, input: ListEventsInput): Promise<PromotionEvent[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const rows = await runtime()
    .db('promotionEvents')
    .where({ outletId: input.outletId })
    .where('eventDate', '>=', input.from ?? todayIst())
    .orderBy([{ column: 'eventDate' }, { column: 'id' }]);
  return rows.map(toEvent);
}

async function assertDateFree(trx: Knex, outletId: number, date: string, exceptId?: number) {
  const q = trx('promotionEvents').where({ outletId, eventDate: date });
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first('id')) throw badRequest(PROMOTION_MESSAGES.eventDateTaken, { date: PROMOTION_MESSAGES.eventDateTaken });
}

export async function createEvent(ownerId: number, input: CreateEventInput): Promise<PromotionEvent> {
  await assertOutletAccess(ownerId, input.outletId);
  if (input.date < todayIst()) throw badRequest(PROMOTION_MESSAGES.pastDate, { date: PROMOTION_MESSAGES.pastDate });
  return runtime().db.transaction(async (trx) => {
    await lockOutlet(trx, input.outletId);
    await assertDateFree(trx, input.outletId, input.date);
    const row = single(
      await trx('promotionEvents')
        .insert({
        outletId: input.outletId,
        name: input.name || DEFAULT_EVENT_NAME,
        eventDate: input.date,
        dayOfWeek: isoDayOfWeek(input.date),
        colorHash: input.colorHash.toUpperCase(),
        isEnabled: input.isEnabled,
      })
        .returning('*'),
    );
    return toEvent(row);
  });
}

/** Renames, recolours, switches, or moves an event; a moved event takes its offers' slots along. */
export async function updateEvent(ownerId: number, input: UpdateEventInput): Promise<PromotionEvent> {
  await assertOutletAccess(ownerId, input.outletId);
  if (input.date && input.date < todayIst()) throw badRequest(PROMOTION_MESSAGES.pastDate, { date: PROMOTION_MESSAGES.pastDate });
  return runtime().db.transaction(async (trx) => {
    await lockOutlet(trx, input.outletId);
    await ownEvent(trx, input.outletId, input.eventId, true);
    const patch: Partial<PromotionEventInsert> = { updatedAt: runtime().now() };
    if (input.name !== undefined) patch.name = input.name || DEFAULT_EVENT_NAME;
    if (input.colorHash !== undefined) patch.colorHash = input.colorHash.toUpperCase();
    if (input.isEnabled !== undefined) patch.isEnabled = input.isEnabled;
    if (input.date !== undefined) {
      await assertDateFree(trx, input.outletId, input.date, input.eventId);
      patch.eventDate = input.date;
      patch.dayOfWeek = isoDayOfWeek(input.date);
      await trx('promotionTimeSlots')
        .whereIn('promotionId', trx('promotions').select('id').where({ eventId: input.eventId, outletId: input.outletId }))
        .update({ slotDate: input.date });
    }
    return toEvent(single(await trx('promotionEvents').where({ id: input.eventId }).update(patch).returning('*')));
  });
}

/** Deletes an event with its offers and their slots. */
export async function deleteEvent(ownerId: number, input: DeleteEventInput): Promise<{ eventId: number }> {
  await assertOutletAccess(ownerId, input.outletId);
  const keys = await runtime().db.transaction(async (trx) => {
    await ownEvent(trx, input.outletId, input.eventId, true);
    const ads = await trx('promotions').where({ eventId: input.eventId, outletId: input.outletId }).select('id', 'imageKey');
    await trx('promotionTimeSlots').whereIn('promotionId', ads.map((a) => a.id)).delete();
    await trx('promotions').whereIn('id', ads.map((a) => a.id)).delete();
    await trx('promotionEvents').where({ id: input.eventId }).delete();
    return ads.map((a) => a.imageKey).filter((k): k is string => Boolean(k));
  });
  for (const k of keys) await deleteImageVariants(k, AD_IMAGE_WIDTHS).catch(() => undefined);
  return { eventId: input.eventId };
}

// ---------------------------------------------------------------- live and scheduled

/** advLiveAndSched: the offer live now and what is scheduled today and tomorrow — the offers module's own answer. */
export async function getLiveAndScheduled(ownerId: number, outletId: number): Promise<LiveAndScheduled> {
  await assertOutletAccess(ownerId, outletId);
  const [live, today, tomorrow] = await Promise.all([
    getLiveOffer(outletId),
    getScheduledOffers(outletId, 'today'),
    getScheduledOffers(outletId, 'tomorrow'),
  ]);
  const next = nextOfferToday(today.offers, runtime().now());
  return { outletId, live, today: today.offers, next, tomorrow: tomorrow.offers, todayDate: today.date, tomorrowDate: tomorrow.date };
}

