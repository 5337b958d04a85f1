import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { NEARBY_MAX_RESULTS, NEARBY_PAGE_SIZE } from './schema.ts';
import {
  getOutletDetails,
  getOutletMenu,
  getOutletPhotos,
  getUpcomingOffers,
  listNearbyOutlets,
  searchEverything,
} from './service.ts';
import { globalSearchInputSchema, nearbyOutletsInputSchema } from './schema.ts';
import { addDayDiscount, addPhoto, addSlot, CENTRE, insertOutlet, insertReference, type Ref, setBaseDiscount } from '../../test/factories.ts';

useTestDatabase();

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
});

const search = (input: Record<string, unknown>) => searchEverything(globalSearchInputSchema.parse(input));

const nearby = (over: Record<string, unknown> = {}) =>
  listNearbyOutlets(nearbyOutletsInputSchema.parse({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, ...over }));

describe('nearby outlets', () => {
  it('orders by distance, pages with offSet as a 1-based page counter and reports TOTAL_COUNT', async () => {
    createTestApp();
    // 40 outlets, inserted in shuffled order, 0.5 km apart going north.
    const order = Array.from({ length: 40 }, (_, i) => (i * 17) % 40);
    for (const i of order) await insertOutlet(ref, { name: `Outlet ${String(i).padStart(2, '0')}`, km: i * 0.5 });
    await insertOutlet(ref, { name: 'Hidden', km: 0.1, isLive: false });

    const first = await nearby({ offSet: 1 });
    expect(first.items).toHaveLength(NEARBY_PAGE_SIZE);
    expect(first.items.map((o) => o.name)).toEqual(Array.from({ length: 16 }, (_, i) => `Outlet ${String(i).padStart(2, '0')}`));
    expect(first).toMatchObject({ totalCount: 40, offSet: 1, limit: 16, hasMore: true });
    const distances = first.items.map((o) => o.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(first.items[1]!.distanceKm).toBeCloseTo(0.5, 1);

    const second = await nearby({ offSet: 2 });
    expect(second.items[0]!.name).toBe('Outlet 16');
    const third = await nearby({ offSet: 3 });
    expect(third.items.map((o) => o.name)).toEqual(Array.from({ length: 8 }, (_, i) => `Outlet ${32 + i}`));
    expect(third.hasMore).toBe(false);
    // offSet 0 is the first page too; past the end is empty but still reports the total.
    expect((await nearby({ offSet: 0 })).items[0]!.name).toBe('Outlet 00');
    expect(await nearby({ offSet: 9 })).toMatchObject({ items: [], totalCount: 40, hasMore: false });
    // A custom limit.
    expect((await nearby({ offSet: 2, limit: 5 })).items.map((o) => o.name)).toEqual(['Outlet 05', 'Outlet 06', 'Outlet 07', 'Outlet 08', 'Outlet 09']);
  });

  it(`holds at most the ${NEARBY_MAX_RESULTS} nearest outlets, so TOTAL_COUNT and the last page are bounded`, async () => {
    createTestApp();
    const rows = Array.from({ length: NEARBY_MAX_RESULTS + 10 }, (_, i) => ({
      name: `Bulk ${i}`,
      slug: `bulk-${i}`,
      categoryId: ref.food,
      cityId: ref.blr,
      addressLineOne: '1, Main Road',
      addressLineTwo: 'MG Road',
      state: 'Karnataka',
      pincode: '560001',
      latitude: CENTRE.latitude + i / 1000,
      longitude: CENTRE.longitude,
      opensAt: '09:00',
      closesAt: '22:00',
      isLive: true,
    }));
    await testDb()('outlets').insert(rows);
    const lastPage = NEARBY_MAX_RESULTS / NEARBY_PAGE_SIZE;
    const last = await nearby({ offSet: lastPage });
    expect(last).toMatchObject({ totalCount: NEARBY_MAX_RESULTS, hasMore: false });
    expect(last.items.at(-1)!.name).toBe(`Bulk ${NEARBY_MAX_RESULTS - 1}`);
    expect(await nearby({ offSet: lastPage + 1 })).toMatchObject({ items: [], totalCount: NEARBY_MAX_RESULTS });
  });

  it('filters by category (slug or id) and refuses an unknown one', async () => {
    createTestApp();
    await insertOutlet(ref, { name: 'Dosa Corner', km: 1 });
    await insertOutlet(ref, { name: 'Silk House', km: 2, categoryId: ref.fashion });
    await insertOutlet(ref, { name: 'Biryani Point', km: 3 });
    const fashion = await nearby({ category: 'fashion' });
    expect(fashion.items.map((o) => o.name)).toEqual(['Silk House']);
    expect(fashion.totalCount).toBe(1);
    expect((await nearby({ category: String(ref.food) })).items.map((o) => o.name)).toEqual(['Dosa Corner', 'Biryani Point']);
    expect((await nearby({ category: 'all' })).totalCount).toBe(3);
    await expect(nearby({ category: 'spaceships' })).rejects.toMatchObject({ code: 'BAD_REQUEST', details: { category: 'Unknown category' } });
  });

  it('noLocation lists the chosen city in a stable order (name, id), without distances', async () => {
    createTestApp();
    await insertOutlet(ref, { name: 'Zaffran', km: 1 });
    await insertOutlet(ref, { name: 'Anand Sweets', km: 9 });
    await insertOutlet(ref, { name: 'Marine Drive Cafe', cityId: ref.mum, latitude: 18.94, longitude: 72.82 });
    const blr = await listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: true, city: 'bengaluru' }));
    expect(blr.items.map((o) => [o.name, o.distanceKm])).toEqual([
      ['Anand Sweets', null],
      ['Zaffran', null],
    ]);
    const mum = await listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: 'true', cityId: ref.mum }));
    expect(mum.items.map((o) => o.name)).toEqual(['Marine Drive Cafe']);
    expect(mum.items[0]!.city.slug).toBe('mumbai');
    // No city given: the first city (the default).
    expect((await listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: true }))).totalCount).toBe(2);
    await expect(listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: true, city: 'atlantis' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it("noLocation's total follows every change to a city's live outlets, counted by the trigger (issue 18)", async () => {
    createTestApp();
    const db = testDb();
    const total = async (over: Record<string, unknown> = {}) =>
      (await listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: true, city: 'bengaluru', ...over }))).totalCount;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await insertOutlet(ref, { name: `Cafe ${i}`, km: i }));
    const fashion = await insertOutlet(ref, { name: 'Threads', categoryId: ref.fashion, km: 2 });
    await insertOutlet(ref, { name: 'Not yet live', km: 3, isLive: false });
    expect(await total()).toBe(6);
    expect(await total({ category: 'fashion' })).toBe(1);
    expect(await total({ category: 'restaurants' })).toBe(5);

    await db('outlets').where({ id: ids[0] }).update({ isLive: false }); // hidden
    await db('outlets').where({ id: ids[1] }).update({ cityId: ref.mum }); // moved away
    await db('outlets').where({ id: ids[2] }).update({ categoryId: ref.fashion }); // recategorised
    await db('outlets').where({ id: ids[3] }).delete();
    await db('outlets').where({ name: 'Not yet live' }).update({ isLive: true });
    await db('outlets').where({ id: fashion }).update({ name: 'Threads & Co' }); // no count change
    expect(await total()).toBe(4);
    expect(await total({ category: 'fashion' })).toBe(2);
    expect(await total({ category: 'restaurants' })).toBe(2);
    expect(await total({ city: 'mumbai' })).toBe(1);
    // The counter always equals a count of the rows.
    const counted = await db('outlets').where({ isLive: true, cityId: ref.blr }).count({ n: '*' }).first();
    expect(Number(counted!.n)).toBe(4);
    // A page past the end still reports the total.
    expect(await total({ offSet: 9 })).toBe(4);
  });

  it('noLocation pages through a category in name order past other categories', async () => {
    createTestApp();
    for (let i = 0; i < 20; i++) await insertOutlet(ref, { name: `Food ${String(i).padStart(2, '0')}`, km: i / 10 });
    for (let i = 0; i < 5; i++) await insertOutlet(ref, { name: `Fashion ${i}`, categoryId: ref.fashion, km: i / 10 });
    const page = await listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: true, category: 'fashion', limit: 2, offSet: 2 }));
    expect(page.items.map((o) => o.name)).toEqual(['Fashion 2', 'Fashion 3']);
    expect(page).toMatchObject({ totalCount: 5, hasMore: true });
  });

  it('each card carries locality, category, city, photo URL and the discount live now', async () => {
    createTestApp({ now: () => new Date('2026-11-21T10:30:00Z') }); // 16:00 IST, Saturday
    const id = await insertOutlet(ref, { name: 'Toit', km: 1, locality: 'Indiranagar' });
    await setBaseDiscount(id, 10);
    await addDayDiscount(id, 6, 15);
    await addSlot(id, { adType: 'D', title: 'Happy Hours: 25% off', discountPercent: 25, dayOfWeek: 6, startsAt: '15:00', endsAt: '18:00' });
    await addPhoto(id, 'ambience', 0, 'seed/pubs-2.svg');
    await addPhoto(id, 'storefront', 0, 'seed/pubs-1.svg');
    const [card] = (await nearby()).items;
    expect(card).toMatchObject({
      id,
      name: 'Toit',
      locality: 'Indiranagar',
      category: { slug: 'restaurants', name: 'Restaurants' },
      city: { slug: 'bengaluru' },
      photoUrl: '/uploads/seed/pubs-1.svg',
      liveOffer: { source: 'daily', discountPercent: 25, title: 'Happy Hours: 25% off', endsAt: '18:00' },
    });
    expect(card!.slug).toMatch(/^toit-/);
  });
});

describe('global search', () => {
  it('tolerates typos, puts the nearest first and groups outlets, advertisements and businesses', async () => {
    createTestApp();
    const far = await insertOutlet(ref, { name: 'Starbucks Coffee', km: 12 });
    const near = await insertOutlet(ref, { name: 'Starbucks Reserve', km: 2 });
    await insertOutlet(ref, { name: 'Chai Point', km: 1 });
    await addSlot(near, { adType: 'R', title: 'Frappuccino Fridays', discountPercent: 15, dayOfWeek: 5, startsAt: '12:00', endsAt: '16:00' });
    const result = await search({ searchString: 'starbuks', latitude: CENTRE.latitude, longitude: CENTRE.longitude, limit: 10 });
    expect(result.outletResult.map((o) => o.id)).toEqual([near, far]);
    expect(result.advertisementResult.map((a) => a.title)).toEqual(['Frappuccino Fridays']);
    expect(result.advertisementResult[0]!.outlet.id).toBe(near);

    const frappe = await search({ searchString: 'frappucino', limit: 10 });
    expect(frappe.advertisementResult.map((a) => a.title)).toEqual(['Frappuccino Fridays']);

    const cats = await search({ searchString: 'restaurant', limit: 10 });
    expect(cats.businessResult).toContainEqual(expect.objectContaining({ type: 'category', slug: 'restaurants' }));
    expect((await search({ searchString: 'xylophone', limit: 10 })).outletResult).toEqual([]);
  });

  it('finds promotions of nearby outlets by title, and far ones when few are near (bounded, issue 18)', async () => {
    createTestApp();
    const near = await insertOutlet(ref, { name: 'Chai Point', km: 0.3 });
    const far = await insertOutlet(ref, { name: 'Chai Bombay', cityId: ref.mum, latitude: 19.07, longitude: 72.87 });
    await addSlot(far, { adType: 'R', title: 'Monsoon Madness', discountPercent: 10, dayOfWeek: 1, startsAt: '12:00', endsAt: '16:00' });
    await addSlot(near, { adType: 'R', title: 'Monsoon Special', discountPercent: 15, dayOfWeek: 2, startsAt: '12:00', endsAt: '16:00' });
    const result = await search({ searchString: 'monsoon', limit: 10, latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    expect(result.advertisementResult.map((a) => a.outlet.id)).toEqual([near, far]);
  });

  it('lists chains (master outlets with branches) among businesses', async () => {
    createTestApp();
    const master = await insertOutlet(ref, { name: 'Meghana Foods', km: 1 });
    await insertOutlet(ref, { name: 'Meghana Foods Koramangala', km: 5, masterOutletId: master });
    const { businessResult } = await search({ searchString: 'meghana', limit: 10 });
    expect(businessResult).toContainEqual(expect.objectContaining({ type: 'chain', id: master, branchCount: 1 }));
  });
});

describe('one outlet', () => {
  it('details, and a missing or hidden outlet is a 404 with the spec text', async () => {
    createTestApp({ now: () => new Date('2026-11-21T04:30:00Z') }); // 10:00 IST
    const id = await insertOutlet(ref, { name: 'Koshy’s', km: 1, opensAt: '09:00', closesAt: '22:00' });
    await setBaseDiscount(id, 12);
    const details = await getOutletDetails({ outletId: id });
    expect(details).toMatchObject({ id, name: 'Koshy’s', opensAt: '09:00', closesAt: '22:00', isOpenNow: true, liveOffer: { source: 'base', discountPercent: 12 } });
    await expect(getOutletDetails({ outletId: 9999 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Error fetching outlet Details' });
    const hidden = await insertOutlet(ref, { name: 'Closed Down', isLive: false });
    await expect(getOutletDetails({ outletId: hidden })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('photos are keyed IMG1… in display order with storage URLs', async () => {
    createTestApp();
    const id = await insertOutlet(ref, { name: 'Photo Place' });
    await addPhoto(id, 'food', 0, 'seed/food-1.svg');
    await addPhoto(id, 'ambience', 0, 'seed/amb-1.svg');
    await addPhoto(id, 'storefront', 0, 'seed/front-1.svg');
    const { photos } = await getOutletPhotos(id);
    expect(photos.map((p) => [p.key, p.url])).toEqual([
      ['IMG1', '/uploads/seed/front-1.svg'],
      ['IMG2', '/uploads/seed/amb-1.svg'],
      ['IMG3', '/uploads/seed/food-1.svg'],
    ]);
  });

  it('menu: a placeholder with an empty title when there is none', async () => {
    createTestApp();
    const id = await insertOutlet(ref, { name: 'No Menu Yet' });
    expect(await getOutletMenu(id)).toEqual({ outletId: id, menus: [{ id: null, outletId: id, titleSeq: 1, title: '', photos: [] }] });
    const [menu] = (await testDb()('menus').insert({ outletId: id, title: 'Drinks', titleSeq: 1 }).returning('id')) as { id: number }[];
    await testDb()('menuPhotos').insert({ menuId: menu!.id, position: 0, storageKey: 'seed/menu-drinks.svg', width: 800, height: 600 });
    const withMenu = await getOutletMenu(id);
    expect(withMenu.menus).toEqual([
      { id: menu!.id, outletId: id, titleSeq: 1, title: 'Drinks', photos: [{ position: 0, url: '/uploads/seed/menu-drinks.svg', width: 800, height: 600 }] },
    ]);
    expect(await testDb()('menus').where({ outletId: id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('upcoming offers for today and tomorrow follow the IST calendar across midnight', async () => {
    let now = new Date('2026-11-21T18:29:00Z'); // 23:59 IST Saturday
    createTestApp({ now: () => now });
    const id = await insertOutlet(ref, { name: 'Night Owl' });
    await addSlot(id, { adType: 'D', title: 'Saturday Lunch', discountPercent: 20, dayOfWeek: 6, startsAt: '12:00', endsAt: '15:00' });
    await addSlot(id, { adType: 'R', title: 'Sunday Brunch', discountPercent: 25, dayOfWeek: 7, startsAt: '11:00', endsAt: '14:00' });
    await addSlot(id, { adType: 'E', title: 'Monday Jazz', discountPercent: 30, slotDate: '2026-11-23', startsAt: '20:00', endsAt: '23:00', eventName: 'Jazz Night' });
    await addDayDiscount(id, 7, 18);

    expect(await getUpcomingOffers({ outletId: id, day: 'today' })).toMatchObject({ date: '2026-11-21', dayOfWeek: 6, offers: [], dayDiscountPercent: null });
    const tomorrow = await getUpcomingOffers({ outletId: id, day: 'tomorrow' });
    expect(tomorrow).toMatchObject({ date: '2026-11-22', dayOfWeek: 7, dayDiscountPercent: 18 });
    expect(tomorrow.offers.map((o) => [o.title, o.startsAt, o.endsAt, o.status])).toEqual([['Sunday Brunch', '11:00', '14:00', 'upcoming']]);

    now = new Date('2026-11-21T18:31:00Z'); // 00:01 IST Sunday: still the 21st in UTC
    const today = await getUpcomingOffers({ outletId: id, day: 'today' });
    expect(today).toMatchObject({ date: '2026-11-22', dayOfWeek: 7, dayDiscountPercent: 18 });
    expect(today.offers.map((o) => o.title)).toEqual(['Sunday Brunch']);
    const monday = await getUpcomingOffers({ outletId: id, day: 'tomorrow' });
    expect(monday.offers).toEqual([
      expect.objectContaining({ title: 'Monday Jazz', adType: 'E', source: 'event', event: expect.objectContaining({ name: 'Jazz Night' }) }),
    ]);
    await expect(getUpcomingOffers({ outletId: 424242, day: 'today' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
