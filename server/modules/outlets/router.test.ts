import { ZodError } from 'zod';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { failure } from '../../test/trpc.ts';
import { CENTRE, insertOutlet, insertReference, type Ref, setBaseDiscount } from '../../test/factories.ts';

useTestDatabase();

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
  createTestApp({ now: () => new Date('2026-11-21T06:30:00Z') });
});

const caller = () => createCaller(createContextInner());

describe('outlets over tRPC', () => {
  it('nearby returns camelCase { items, totalCount, … } with default paging', async () => {
    for (let i = 0; i < 20; i++) await insertOutlet(ref, { name: `Shop ${i}`, km: i });
    const result = await caller().outlets.nearby({ latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    expect(result).toMatchObject({ totalCount: 20, offSet: 1, limit: 16, hasMore: true });
    expect(result.items).toHaveLength(16);
    expect(result.items[0]).toMatchObject({ name: 'Shop 0', distanceKm: 0, category: { slug: 'restaurants' }, city: { slug: 'bengaluru' } });
    const page2 = await caller().outlets.nearby({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, offSet: 2 });
    expect(page2.items.map((o) => o.name)).toEqual(['Shop 16', 'Shop 17', 'Shop 18', 'Shop 19']);
  });

  it.each([
    [{ latitude: 91, longitude: 77 }, 'latitude'],
    [{ latitude: 12, longitude: -181 }, 'longitude'],
    [{ latitude: 12, longitude: 77, limit: 101 }, 'limit'],
    [{ latitude: 12, longitude: 77, offSet: -1 }, 'offSet'],
    [{ longitude: 77 }, 'latitude'],
  ])('nearby %j → BAD_REQUEST naming %s', async (input, field) => {
    const e = await failure(caller().outlets.nearby(input as never));
    expect(e.code).toBe('BAD_REQUEST');
    // The caller sees zod's error as the cause; over HTTP the formatter sends it as data.fieldErrors.
    expect(e.cause).toBeInstanceOf(ZodError);
    expect(fieldErrorsOf(e.cause as ZodError)[field]).toEqual(expect.any(String));
  });

  it('an unknown category is BAD_REQUEST with the field error', async () => {
    const e = await failure(caller().outlets.nearby({ latitude: 12, longitude: 77, category: 'unicorns' }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe('Unknown category');
  });

  it('byId: NOT_FOUND with the spec text; found outlet with its live discount', async () => {
    const e = await failure(caller().outlets.byId({ outletId: 77 }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe('Error fetching outlet Details');
    const id = await insertOutlet(ref, { name: 'Vidyarthi Bhavan' });
    await setBaseDiscount(id, 9);
    expect(await caller().outlets.byId({ outletId: id })).toMatchObject({ id, liveOffer: { discountPercent: 9 } });
  });

  it('bySlug finds a page by /{city}/{slug} or /{category}/{slug}; unknown → NOT_FOUND', async () => {
    const id = await insertOutlet(ref, { name: 'Nagarjuna' });
    const slug = (await caller().outlets.byId({ outletId: id })).slug;
    expect(await caller().outlets.bySlug({ first: 'bengaluru', slug })).toMatchObject({ id, name: 'Nagarjuna' });
    expect(await caller().outlets.bySlug({ first: 'restaurants', slug })).toMatchObject({ id });
    const e = await failure(caller().outlets.bySlug({ first: 'mumbai', slug }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe('Error fetching outlet Details');
  });

  it('search: empty text is BAD_REQUEST "Nothing to search"', async () => {
    const e = await failure(caller().outlets.search({ searchString: '   ' }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(e.cause as ZodError)).toEqual({ searchString: 'Nothing to search' });
  });

  it('photos, overview, menu and upcomingOffers answer for a live outlet', async () => {
    const id = await insertOutlet(ref, { name: 'Brahmin’s Coffee Bar' });
    const c = caller().outlets;
    expect(await c.photos({ outletId: id })).toEqual({ outletId: id, photos: [] });
    expect(await c.overview({ outletId: id })).toMatchObject({ outletId: id, about: '', highlights: [] });
    expect((await c.menu({ outletId: id })).menus[0]).toMatchObject({ id: null, title: '' });
    expect(await c.upcomingOffers({ outletId: id, day: 'tomorrow' })).toMatchObject({ outletId: id, day: 'tomorrow', date: '2026-11-22' });
  });
});

describe('discovery filters, search and map over tRPC (issue 16)', () => {
  it('nearby with filters and sort, search with did-you-mean, map pins', async () => {
    const veg = await insertOutlet(ref, { name: 'Udupi Upahar', km: 1, isVeg: true, cuisines: ['Udupi'] });
    const other = await insertOutlet(ref, { name: 'Kebab Corner', km: 2 });
    await setBaseDiscount(other, 20);
    const list = await caller().outlets.nearby({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, veg: true });
    expect(list.items.map((o) => o.id)).toEqual([veg]);
    const byDiscount = await caller().outlets.nearby({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, sort: 'discount' });
    expect(byDiscount.items.map((o) => o.id)).toEqual([other, veg]);
    const found = await caller().outlets.search({ searchString: 'udpi', latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    expect(found.outletResult.map((o) => o.id)).toEqual([veg]);
    expect((await caller().outlets.search({ searchString: 'kebap' })).outletResult.map((o) => o.id)).toEqual([other]);
    const pins = await caller().outlets.mapPins({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, minDiscountPercent: 10 });
    expect(pins.pins.map((p) => p.id)).toEqual([other]);
    const err = await failure(caller().outlets.nearby({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, sort: 'relevance' }));
    expect(err.code).toBe('BAD_REQUEST');
  });
});
