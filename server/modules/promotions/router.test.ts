import { ZodError } from 'zod';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { failure } from '../../test/trpc.ts';
import { businessCaller, type BusinessWorld, FUTURE_DATE, businessApp } from '../../test/factories.ts';
import { PROMOTION_MESSAGES } from './schema.ts';

useTestDatabase();

let w: BusinessWorld;
beforeEach(async () => {
  ({ w } = await businessApp()); // Monday 12:30 IST
});

describe('promotions over tRPC', () => {
  it('needs a business session', async () => {
    const e = await failure(createCaller(createContextInner()).promotions.ads({ outletId: w.outletA }));
    expect(e.code).toBe('UNAUTHORIZED');
  });

  it('an overlapping or inverted slot is BAD_REQUEST and nothing is written', async () => {
    const caller = await businessCaller(w.ownerA);
    const overlap = await failure(
      caller.promotions.setTimeSlots({
        outletId: w.outletA,
        adType: 'D',
        day: 'friday',
        timeSlots: [
          { startTime: '18:00', endTime: '20:00', discountPercent: 10 },
          { startTime: '19:00', endTime: '21:00', discountPercent: 10 },
        ],
      }),
    );
    expect(overlap.code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(overlap.cause as ZodError)).toEqual({ 'timeSlots.1.startTime': PROMOTION_MESSAGES.overlap });
    const inverted = await failure(
      caller.promotions.setTimeSlots({ outletId: w.outletA, adType: 'D', day: 5, timeSlots: [{ startTime: '21:00', endTime: '20:00', discountPercent: 10 }] }),
    );
    expect(inverted.cause).toBeInstanceOf(ZodError);
    expect(fieldErrorsOf(inverted.cause as ZodError)).toEqual({ 'timeSlots.0.endTime': PROMOTION_MESSAGES.inverted });
    expect((await caller.promotions.timeSlots({ outletId: w.outletA, adType: 'D', day: 'friday' })).timeSlots).toEqual([]);
  });

  it('ad → schedule → live and scheduled lists, camelCase', async () => {
    const caller = await businessCaller(w.ownerA);
    const ad = await caller.promotions.createAd({ outletId: w.outletA, adType: 'D', title: 'Lunch rush', discountPercent: 25 });
    const day = await caller.promotions.schedule({ outletId: w.outletA, advId: ad.id, day: 'monday', startTime: '12:00', endTime: '13:00' });
    expect(day).toMatchObject({ adType: 'D', day: 1, timeSlots: [{ startTime: '12:00', endTime: '13:00', advId: ad.id, adTitle: 'Lunch rush', effectivePercent: 25 }] });
    const lists = await caller.promotions.liveAndScheduled({ outletId: w.outletA });
    expect(lists.live).toMatchObject({ source: 'daily', discountPercent: 25 });
    expect(lists.todayDate).toBe('2026-11-23');
  });

  it('events: create with the default name, modify, list, delete', async () => {
    const caller = await businessCaller(w.ownerA);
    const e = await caller.promotions.createEvent({ outletId: w.outletA, date: FUTURE_DATE });
    expect(e).toMatchObject({ name: 'EVENT OFFERS', date: FUTURE_DATE, dayOfWeek: 4, isEnabled: true, colorHash: '#FF6600' });
    await caller.promotions.updateEvent({ outletId: w.outletA, eventId: e.id, name: 'Christmas Eve', colorHash: '#00aa00' });
    expect(await caller.promotions.events({ outletId: w.outletA })).toMatchObject([{ name: 'Christmas Eve', colorHash: '#00AA00' }]);
    await caller.promotions.deleteEvent({ outletId: w.outletA, eventId: e.id });
    expect(await caller.promotions.events({ outletId: w.outletA })).toEqual([]);
  });

  it('highlights are ads of type Highlight without a discount', async () => {
    const caller = await businessCaller(w.ownerA);
    const h = await caller.promotions.createHighlight({ outletId: w.outletA, advObj: { title: 'Rooftop open' } });
    expect(h).toMatchObject({ adType: 'Highlight', discountPercent: null });
    const edited = await caller.promotions.editHighlight({ outletId: w.outletA, advObj: { advId: h.id, title: 'Rooftop open till 1 am' } });
    expect(edited.title).toBe('Rooftop open till 1 am');
    const r = await caller.promotions.createAd({ outletId: w.outletA, adType: 'R', title: 'Not a banner', discountPercent: 5 });
    expect((await failure(caller.promotions.editHighlight({ outletId: w.outletA, advObj: { advId: r.id, title: 'x' } }))).code).toBe('BAD_REQUEST');
  });
});
