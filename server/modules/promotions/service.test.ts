import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { getLiveOffer, getScheduledOffers } from '../offers/service.ts';
import { getBill } from '../bills/service.ts';
import { listLiveAds } from '../dashboards/service.ts';
import { businessWorld, type BusinessWorld, FUTURE_DATE, insertConsumer } from '../../test/factories.ts';
import {
  createAd,
  createEvent,
  deleteAd,
  deleteEvent,
  getLiveAndScheduled,
  getTimeSlots,
  listAds,
  listEvents,
  scheduleAd,
  setTimeSlots,
  updateEvent,
} from './service.ts';
import { PROMOTION_MESSAGES, setTimeSlotsSchema } from './schema.ts';

useTestDatabase();

// Monday 2026-11-23, 12:30 IST (07:00 UTC).
let clock = new Date('2026-11-23T07:00:00Z');
let w: BusinessWorld;
beforeEach(async () => {
  clock = new Date('2026-11-23T07:00:00Z');
  createTestApp({ now: () => clock });
  w = await businessWorld();
});

describe('time slots', () => {
  it('the schema refuses inverted and overlapping slots, naming the slot', () => {
    const inverted = setTimeSlotsSchema.safeParse({ outletId: 1, adType: 'D', day: 'monday', timeSlots: [{ startTime: '14:00', endTime: '13:00', discountPercent: 10 }] });
    expect(inverted.success).toBe(false);
    expect(inverted.error!.issues[0]).toMatchObject({ path: ['timeSlots', 0, 'endTime'], message: PROMOTION_MESSAGES.inverted });
    const equal = setTimeSlotsSchema.safeParse({ outletId: 1, adType: 'D', day: 'monday', timeSlots: [{ startTime: '13:00', endTime: '13:00', discountPercent: 10 }] });
    expect(equal.success).toBe(false);
    const overlap = setTimeSlotsSchema.safeParse({
      outletId: 1,
      adType: 'R',
      day: 2,
      timeSlots: [
        { startTime: '12:00', endTime: '14:00', discountPercent: 10 },
        { startTime: '13:30', endTime: '15:00', discountPercent: 10 },
      ],
    });
    expect(overlap.error!.issues[0]).toMatchObject({ path: ['timeSlots', 1, 'startTime'], message: PROMOTION_MESSAGES.overlap });
    const touching = setTimeSlotsSchema.safeParse({
      outletId: 1,
      adType: 'R',
      day: 'tuesday',
      timeSlots: [
        { startTime: '12:00', endTime: '14:00', discountPercent: 10 },
        { startTime: '14:00', endTime: '24:00', discountPercent: 10 },
      ],
    });
    expect(touching.success).toBe(true);
    expect(setTimeSlotsSchema.safeParse({ outletId: 1, adType: 'R', timeSlots: [] }).error!.issues[0]!.path).toEqual(['day']);
    expect(setTimeSlotsSchema.safeParse({ outletId: 1, adType: 'E', day: 'monday', timeSlots: [] }).error!.issues[0]!.path).toEqual(['date']);
  });

  it('PUT replaces one day of one ad type and leaves the other days alone', async () => {
    const ad = await createAd(w.ownerA, { outletId: w.outletA, adType: 'R', title: 'Lunch', discountPercent: 10 });
    await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 2, timeSlots: [{ startTime: '12:00', endTime: '15:00', advId: ad.id }] });
    const monday = await setTimeSlots(w.ownerA, {
      outletId: w.outletA,
      adType: 'R',
      day: 1,
      timeSlots: [
        { startTime: '19:00', endTime: '22:00', advId: ad.id, discountPercent: 15 },
        { startTime: '12:00', endTime: '15:00', advId: ad.id },
      ],
    });
    expect(monday.timeSlots.map((s) => [s.startTime, s.endTime, s.effectivePercent])).toEqual([
      ['12:00', '15:00', 10],
      ['19:00', '22:00', 15],
    ]);
    const again = await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 1, timeSlots: [] });
    expect(again.timeSlots).toEqual([]);
    expect((await getTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 2 })).timeSlots).toHaveLength(1);
  });

  it('refuses an ad of another type, another outlet, no percent at all, and an E slot without its event', async () => {
    const daily = await createAd(w.ownerA, { outletId: w.outletA, adType: 'D', title: 'Happy hour', discountPercent: 20 });
    const other = await createAd(w.ownerA, { outletId: w.outletA2, adType: 'R', title: 'Elsewhere', discountPercent: 20 });
    const slot = (advId: number | null, discountPercent: number | null = null) => [{ startTime: '10:00', endTime: '11:00', advId, discountPercent }];
    await expect(setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 1, timeSlots: slot(daily.id) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PROMOTION_MESSAGES.wrongAdType,
    });
    await expect(setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 1, timeSlots: slot(other.id) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 1, timeSlots: slot(null) })).rejects.toMatchObject({
      message: PROMOTION_MESSAGES.percentRequired,
    });
    await expect(setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'E', date: FUTURE_DATE, timeSlots: slot(null, 10) })).rejects.toMatchObject({
      message: PROMOTION_MESSAGES.eventAdRequired,
    });
    // A slot with its own percent and no ad is fine for R and D.
    const ok = await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'D', day: 3, timeSlots: slot(null, 5) });
    expect(ok.timeSlots[0]).toMatchObject({ advId: null, effectivePercent: 5 });
    expect(await testDb()('promotionTimeSlots').where({ outletId: w.outletA, dayOfWeek: 1 })).toHaveLength(0);
  });

  it('scheduling one ad refuses a slot overlapping an existing one', async () => {
    const ad = await createAd(w.ownerA, { outletId: w.outletA, adType: 'D', title: 'Happy hour', discountPercent: 20 });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: ad.id, day: 1, startTime: '17:00', endTime: '19:00' });
    await expect(scheduleAd(w.ownerA, { outletId: w.outletA, advId: ad.id, day: 1, startTime: '18:30', endTime: '20:00' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PROMOTION_MESSAGES.overlap,
    });
    const day = await scheduleAd(w.ownerA, { outletId: w.outletA, advId: ad.id, day: 1, startTime: '19:00', endTime: '20:00' });
    expect(day.timeSlots.map((s) => s.startTime)).toEqual(['17:00', '19:00']);
  });
});

describe('what an owner schedules is what the offers module reports live (IST)', () => {
  it('a daily offer for the current slot is live now, in the bill too, and not after it ends', async () => {
    await testDb()('outletDiscounts').insert({ outletId: w.outletA, discountPercent: 5, isLive: true });
    const ad = await createAd(w.ownerA, { outletId: w.outletA, adType: 'D', title: 'Lunch rush', discountPercent: 25 });
    // Monday 12:00–13:00 IST; the clock is Monday 12:30 IST (07:00 UTC).
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: ad.id, day: 1, startTime: '12:00', endTime: '13:00' });
    const live = await getLiveOffer(w.outletA);
    expect(live).toMatchObject({ source: 'daily', adType: 'D', discountPercent: 25, title: 'Lunch rush', startsAt: '12:00', endsAt: '13:00' });
    const bill = await getBill(await insertConsumer(), { outletId: w.outletA, amount: 100_000 } as never);
    expect(bill.offer).toMatchObject({ source: 'daily', discountPercent: 25 });
    const mine = await getLiveAndScheduled(w.ownerA, w.outletA);
    expect(mine.live).toEqual(live);
    expect(mine.today.map((o) => o.status)).toEqual(['live']);

    clock = new Date('2026-11-23T07:30:00Z'); // 13:00 IST: the slot is over, the button's 5% applies
    expect(await getLiveOffer(w.outletA)).toMatchObject({ source: 'base', discountPercent: 5 });
  });

  it('"Next today" and the live-ads list follow the precedence: an offer an event hides is never next or live (issue 16)', async () => {
    // Monday 12:30 IST. A regular offer all afternoon, a daily happy hour inside an event evening.
    clock = new Date('2026-11-23T07:00:00Z');
    await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 1, timeSlots: [{ startTime: '12:00', endTime: '23:00', advId: null, discountPercent: 10 }] });
    const happy = await createAd(w.ownerA, { outletId: w.outletA, adType: 'D', title: 'Happy hour', discountPercent: 30 });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: happy.id, day: 1, startTime: '19:00', endTime: '20:00' });
    const [event] = (await testDb()('promotionEvents')
      .insert({ outletId: w.outletA, name: 'Music night', eventDate: '2026-11-23', dayOfWeek: 1, colorHash: '#7C3AED' })
      .returning('id')) as { id: number }[];
    const [promo] = (await testDb()('promotions')
      .insert({ outletId: w.outletA, adType: 'E', title: 'Music night: 15% off', discountPercent: 15, eventId: event!.id })
      .returning('id')) as { id: number }[];
    await testDb()('promotionTimeSlots').insert({ outletId: w.outletA, adType: 'E', slotDate: '2026-11-23', startsAt: '18:00', endsAt: '21:00', promotionId: promo!.id, discountPercent: 15 });

    const now = await getLiveAndScheduled(w.ownerA, w.outletA);
    expect(now.live).toMatchObject({ source: 'regular', endsAt: '18:00' });
    expect(now.next).toMatchObject({ title: 'Music night: 15% off', startsAt: '18:00', endsAt: '21:00' });
    expect(now.today.map((o) => o.title)).not.toContain('Happy hour');

    clock = new Date('2026-11-23T14:00:00Z'); // 19:30 IST: the event runs; the happy hour would have
    const evening = await getLiveAndScheduled(w.ownerA, w.outletA);
    expect(evening.live).toMatchObject({ source: 'event' });
    expect(evening.next).toMatchObject({ source: 'regular', startsAt: '21:00', endsAt: '23:00' });
    const ads = await listLiveAds(w.ownerA, { outletId: w.outletA, offSet: 1, limit: 20 });
    expect(ads.data.find((a) => a.title === 'Happy hour')).toMatchObject({ status: expect.not.stringMatching(/^live$/) });
    expect(ads.data.find((a) => a.title === 'Music night: 15% off')).toMatchObject({ status: 'live', startTime: '18:00', endTime: '21:00' });
  });

  it('weekdays are IST: at 00:15 IST Tuesday (18:45 UTC Monday) a Tuesday slot is live', async () => {
    await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 2, timeSlots: [{ startTime: '00:00', endTime: '01:00', advId: null, discountPercent: 30 }] });
    await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'R', day: 1, timeSlots: [{ startTime: '23:00', endTime: '24:00', advId: null, discountPercent: 11 }] });
    clock = new Date('2026-11-23T18:45:00Z');
    expect(await getLiveOffer(w.outletA)).toMatchObject({ source: 'regular', discountPercent: 30 });
    clock = new Date('2026-11-23T18:15:00Z'); // 23:45 IST Monday
    expect(await getLiveOffer(w.outletA)).toMatchObject({ source: 'regular', discountPercent: 11 });
  });

  it('an event offer runs only on its date, and moving the event moves its slots', async () => {
    const event = await createEvent(w.ownerA, { outletId: w.outletA, date: '2026-11-23', colorHash: '#112233', isEnabled: true });
    expect(event).toMatchObject({ name: 'EVENT OFFERS', dayOfWeek: 1, colorHash: '#112233' });
    const ad = await createAd(w.ownerA, { outletId: w.outletA, adType: 'E', title: 'Launch day', discountPercent: 40, eventId: event.id });
    await setTimeSlots(w.ownerA, { outletId: w.outletA, adType: 'E', date: '2026-11-23', timeSlots: [{ startTime: '12:00', endTime: '14:00', advId: ad.id }] });
    expect(await getLiveOffer(w.outletA)).toMatchObject({ source: 'event', discountPercent: 40 });
    await updateEvent(w.ownerA, { outletId: w.outletA, eventId: event.id, date: '2026-11-24', name: 'Launch' });
    expect(await getLiveOffer(w.outletA)).toBeNull();
    const tomorrow = await getScheduledOffers(w.outletA, 'tomorrow');
    expect(tomorrow.offers).toMatchObject([{ source: 'event', discountPercent: 40, startsAt: '12:00' }]);
    await updateEvent(w.ownerA, { outletId: w.outletA, eventId: event.id, isEnabled: false });
    expect((await getScheduledOffers(w.outletA, 'tomorrow')).offers).toEqual([]);
  });
});

describe('ads and events', () => {
  it('lists ads newest first, filtered by type; deleting an ad removes its slots', async () => {
    const r = await createAd(w.ownerA, { outletId: w.outletA, adType: 'R', title: 'One', discountPercent: 10 });
    await createAd(w.ownerA, { outletId: w.outletA, adType: 'Highlight', title: 'Banner', discountPercent: 50 });
    expect((await listAds(w.ownerA, { outletId: w.outletA, offset: 0, limit: 1000 })).map((a) => a.title)).toEqual(['Banner', 'One']);
    const [banner] = await listAds(w.ownerA, { outletId: w.outletA, adType: 'Highlight', offset: 0, limit: 1000 });
    expect(banner).toMatchObject({ title: 'Banner', discountPercent: null });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: r.id, day: 4, startTime: '10:00', endTime: '11:00' });
    await expect(scheduleAd(w.ownerA, { outletId: w.outletA, advId: banner!.id, day: 4, startTime: '12:00', endTime: '13:00' })).rejects.toMatchObject({
      message: PROMOTION_MESSAGES.highlightNoSlots,
    });
    await deleteAd(w.ownerA, { outletId: w.outletA, advId: r.id });
    expect(await testDb()('promotionTimeSlots').where({ outletId: w.outletA })).toHaveLength(0);
  });

  it('events: one a day, never in the past; deleting one removes its offers and slots', async () => {
    await expect(createEvent(w.ownerA, { outletId: w.outletA, date: '2026-11-22', colorHash: '#FF6600', isEnabled: true })).rejects.toMatchObject({
      message: PROMOTION_MESSAGES.pastDate,
    });
    const e = await createEvent(w.ownerA, { outletId: w.outletA, name: 'Diwali', date: FUTURE_DATE, colorHash: '#ff6600', isEnabled: true });
    await expect(createEvent(w.ownerA, { outletId: w.outletA, date: FUTURE_DATE, colorHash: '#FF6600', isEnabled: true })).rejects.toMatchObject({
      message: PROMOTION_MESSAGES.eventDateTaken,
    });
    expect(await listEvents(w.ownerA, { outletId: w.outletA })).toMatchObject([{ id: e.id, name: 'Diwali', date: FUTURE_DATE, colorHash: '#FF6600' }]);
    const ad = await createAd(w.ownerA, { outletId: w.outletA, adType: 'E', title: 'Diwali deal', discountPercent: 30, eventId: e.id });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: ad.id, startTime: '18:00', endTime: '21:00' });
    await deleteEvent(w.ownerA, { outletId: w.outletA, eventId: e.id });
    expect(await testDb()('promotions').where({ outletId: w.outletA })).toHaveLength(0);
    expect(await testDb()('promotionTimeSlots').where({ outletId: w.outletA })).toHaveLength(0);
  });

  it("the service itself refuses another owner's outlet and a sub-account's ungranted outlet", async () => {
    await expect(listAds(w.ownerB, { outletId: w.outletA, offset: 0, limit: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createEvent(w.subA, { outletId: w.outletA2, date: FUTURE_DATE, colorHash: '#FF6600', isEnabled: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await createEvent(w.subA, { outletId: w.outletA, date: FUTURE_DATE, colorHash: '#FF6600', isEnabled: true })).toMatchObject({ outletId: w.outletA });
    await expect(listAds(w.ownerA, { outletId: 999_999, offset: 0, limit: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
