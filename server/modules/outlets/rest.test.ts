import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { addPhoto, addSlot, CENTRE, insertOutlet, insertReference, type Ref, setBaseDiscount } from '../../test/factories.ts';

useTestDatabase();

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
});

const at = { latitude: CENTRE.latitude, longitude: CENTRE.longitude };

describe('POST /api/outlet/getNearbyOutlets', () => {
  it('returns rows with the documented fields and TOTAL_COUNT on each, paged by offSet/limit in the query', async () => {
    const { request } = createTestApp({ now: () => new Date('2026-11-21T06:30:00Z') });
    for (let i = 0; i < 5; i++) {
      const id = await insertOutlet(ref, { name: `Cafe ${i}`, km: i + 0.25, locality: 'Jayanagar' });
      await setBaseDiscount(id, 10 + i);
    }
    const res = await request.post('/api/outlet/getNearbyOutlets?offSet=2&limit=2').send({ ...at, category: 'restaurants', noLocation: false });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(5);
    expect(res.body.outlets).toHaveLength(2);
    expect(res.body.outlets[0]).toMatchObject({
      NAME: 'Cafe 2',
      MASTER_OUTLET_ID: null,
      LOCALITY: 'Jayanagar',
      CATEGORY: 'Restaurants',
      CATEGORY_SLUG: 'restaurants',
      CITY_SLUG: 'bengaluru',
      DISTANCE: 2.3,
      DISCOUNT_PERCENT: 12,
      TOTAL_COUNT: 5,
    });
    expect(res.body.outlets[0].OUTLET_ID).toEqual(expect.any(Number));
    expect(res.body.outlets[1].TOTAL_COUNT).toBe(5);
  });

  it('noLocation as the string "true" with a city', async () => {
    const { request } = createTestApp();
    await insertOutlet(ref, { name: 'Gateway Grill', cityId: ref.mum, latitude: 18.92, longitude: 72.83 });
    const res = await request.post('/api/outlet/getNearbyOutlets?offSet=1&limit=16').send({ noLocation: 'true', city: 'mumbai' });
    expect(res.status).toBe(200);
    expect(res.body.outlets.map((o: { NAME: string; DISTANCE: number | null }) => [o.NAME, o.DISTANCE])).toEqual([['Gateway Grill', null]]);
  });

  it.each([
    ['latitude outside ±90', '?offSet=1&limit=16', { latitude: 90.5, longitude: 77 }, 'latitude'],
    ['longitude outside ±180', '?offSet=1&limit=16', { latitude: 12, longitude: 181 }, 'longitude'],
    ['limit over 100', '?offSet=1&limit=101', at, 'limit'],
    ['negative offSet', '?offSet=-1&limit=16', at, 'offSet'],
    ['non-numeric latitude', '', { latitude: 'north', longitude: 77 }, 'latitude'],
    ['unknown category', '', { ...at, category: 'dragons' }, 'category'],
  ])('%s → 400 with a field error', async (_label, query, body, field) => {
    const { request } = createTestApp();
    const res = await request.post(`/api/outlet/getNearbyOutlets${query}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual(expect.any(String));
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('GET /api/cmn/search', () => {
  it('groups searchResult and refuses empty text with "Nothing to search"', async () => {
    const { request } = createTestApp();
    await insertOutlet(ref, { name: 'Mavalli Tiffin Rooms', km: 3 });
    const res = await request.get('/api/cmn/search').query({ searchString: 'mavali tifin', latitude: at.latitude, longitude: at.longitude });
    expect(res.status).toBe(200);
    expect(res.body.searchResult.outletResult.map((o: { NAME: string }) => o.NAME)).toEqual(['Mavalli Tiffin Rooms']);
    expect(res.body.searchResult).toHaveProperty('advertisementResult');
    expect(res.body.searchResult).toHaveProperty('businessResult');

    for (const q of ['', '?searchString=', '?searchString=%20%20']) {
      const empty = await request.get(`/api/cmn/search${q}`);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Nothing to search');
      expect(empty.body.errors.searchString).toBe('Nothing to search');
    }
  });
});

describe('one outlet over REST', () => {
  it('POST /api/outlet/details?outletId → outletDetails; missing → 404 "Error fetching outlet Details"', async () => {
    const { request } = createTestApp();
    const id = await insertOutlet(ref, { name: 'CTR' });
    const res = await request.post(`/api/outlet/details?outletId=${id}`).send({ isProfile: false });
    expect(res.status).toBe(200);
    expect(res.body.outletDetails).toMatchObject({ OUTLET_ID: id, NAME: 'CTR', OPENS_AT: '09:00', CLOSES_AT: '23:00' });
    const missing = await request.post('/api/outlet/details?outletId=5555').send({});
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Error fetching outlet Details' });
    expect((await request.post('/api/outlet/details?outletId=abc').send({})).status).toBe(400);
  });

  it('photos map IMG keys to URLs; overview; menu placeholder', async () => {
    const { request } = createTestApp();
    const id = await insertOutlet(ref, { name: 'Glen’s Bakehouse' });
    await addPhoto(id, 'storefront', 0, 'seed/bakeries-desserts-1.svg');
    await addPhoto(id, 'food', 0, 'seed/bakeries-desserts-2.svg');
    await testDb()('outletOverviews').insert({ outletId: id, about: 'Cakes since 1990', costForTwoPaise: 60000, highlights: JSON.stringify(['Wi-Fi']) });

    const photos = await request.get(`/api/business/v2/photos/${id}`);
    expect(photos.status).toBe(200);
    expect(photos.body).toMatchObject({
      OUTLET_ID: id,
      IMG1: '/uploads/seed/bakeries-desserts-1.svg',
      IMG2: '/uploads/seed/bakeries-desserts-2.svg',
    });
    expect(photos.body.photos[0]).toMatchObject({ KEY: 'IMG1', SUB_CATEGORY: 'storefront', WIDTH: 800, HEIGHT: 600 });

    const overview = await request.get(`/api/business/overview/${id}`);
    expect(overview.body.overview).toMatchObject({ OUTLET_ID: id, ABOUT: 'Cakes since 1990', COST_FOR_TWO_PAISE: 60000, HIGHLIGHTS: ['Wi-Fi'] });

    const menu = await request.get(`/api/business/menu/${id}`);
    expect(menu.body).toEqual({ menu: [{ ID: null, TITLE_SEQ: 1, TITLE: '', OUTLET_ID: id, PHOTOS: [] }] });

    for (const path of ['/api/business/v2/photos/999', '/api/business/overview/999', '/api/business/menu/999', '/api/adv/upcoming-offers/999']) {
      const res = await request.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Error fetching outlet Details');
    }
  });

  it('GET /api/adv/upcoming-offers/:id?day=today|tomorrow carries SCHEDULED_ADV, computed in IST', async () => {
    // 2026-11-21T20:00Z is 01:30 IST on Sunday the 22nd.
    const { request } = createTestApp({ now: () => new Date('2026-11-21T20:00:00Z') });
    const id = await insertOutlet(ref, { name: 'Truffles' });
    await addSlot(id, { adType: 'D', title: 'Sunday Brunch', discountPercent: 20, dayOfWeek: 7, startsAt: '11:00', endsAt: '14:00' });
    await addSlot(id, { adType: 'R', title: 'Monday Lunch', discountPercent: 15, dayOfWeek: 1, startsAt: '12:00', endsAt: '15:00' });
    const today = await request.get(`/api/adv/upcoming-offers/${id}?day=today`);
    expect(today.status).toBe(200);
    expect(today.body).toMatchObject({ DAY: 'today', DATE: '2026-11-22' });
    expect(today.body.SCHEDULED_ADV).toEqual([
      expect.objectContaining({ TITLE: 'Sunday Brunch', AD_TYPE: 'D', START_TIME: '11:00', END_TIME: '14:00', STATUS: 'upcoming', DISCOUNT_PERCENT: 20 }),
    ]);
    const tomorrow = await request.get(`/api/adv/upcoming-offers/${id}?day=tomorrow`);
    expect(tomorrow.body.SCHEDULED_ADV.map((o: { TITLE: string }) => o.TITLE)).toEqual(['Monday Lunch']);
    expect((await request.get(`/api/adv/upcoming-offers/${id}`)).body.DAY).toBe('today');
    const bad = await request.get(`/api/adv/upcoming-offers/${id}?day=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.day).toBe('day must be today or tomorrow');
  });
});

describe('tRPC over HTTP', () => {
  it('outlets.nearby through /trpc returns the same page as REST', async () => {
    const { request } = createTestApp();
    await insertOutlet(ref, { name: 'Rameshwaram Cafe', km: 1 });
    const input = encodeURIComponent(JSON.stringify({ json: { ...at } }));
    const res = await request.get(`/trpc/outlets.nearby?input=${input}`);
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toMatchObject({ totalCount: 1, items: [{ name: 'Rameshwaram Cafe' }] });
    const bad = await request.get(`/trpc/outlets.nearby?input=${encodeURIComponent(JSON.stringify({ json: { latitude: 100, longitude: 0 } }))}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.json.data.fieldErrors.latitude).toBe('latitude must be between -90 and 90');
  });
});

describe('discovery filters, search and map over REST (issue 16)', () => {
  it('getNearbyOutlets takes the filters and the sort in the body; bad ones are 400s with field errors', async () => {
    const { request } = createTestApp({ now: () => new Date('2026-11-21T07:30:00Z') });
    const veg = await insertOutlet(ref, { name: 'Veg Point', km: 1, isVeg: true, cuisines: ['South Indian'] });
    const grill = await insertOutlet(ref, { name: 'Grill Point', km: 2 });
    await setBaseDiscount(veg, 10);
    await setBaseDiscount(grill, 30);
    const res = await request.post('/api/outlet/getNearbyOutlets?offSet=1&limit=16').send({ ...at, veg: 'true', sort: 'discount' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 1, outlets: [{ OUTLET_ID: veg, IS_VEG: true, CUISINES: ['South Indian'], TOTAL_COUNT: 1 }] });
    const sorted = await request.post('/api/outlet/getNearbyOutlets').send({ ...at, sort: 'discount', minDiscountPercent: '5' });
    expect(sorted.body.outlets.map((o: { NAME: string }) => o.NAME)).toEqual(['Grill Point', 'Veg Point']);

    const bad = await request.post('/api/outlet/getNearbyOutlets').send({ ...at, costForTwoMinPaise: 50_000, costForTwoMaxPaise: 100 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ costForTwoMaxPaise: 'costForTwoMaxPaise must not be below costForTwoMinPaise' });
    expect((await request.post('/api/outlet/getNearbyOutlets').send({ ...at, sort: 'cheapest' })).status).toBe(400);
  });

  it('cmn/search finds a dish despite a typo, says "did you mean", and map-pins lists pins', async () => {
    const { request } = createTestApp({ now: () => new Date('2026-11-21T07:30:00Z') });
    const id = await insertOutlet(ref, { name: 'Meghana Foods', km: 1, dishes: ['Chicken Biryani'] });
    await setBaseDiscount(id, 15);
    const hit = await request.get('/api/cmn/search').query({ searchString: 'biriyani', ...at });
    expect(hit.status).toBe(200);
    expect(hit.body.searchResult).toMatchObject({ outletResult: [{ OUTLET_ID: id, NAME: 'Meghana Foods' }], didYouMean: null, hiddenByFilters: false });
    const miss = await request.get('/api/cmn/search').query({ searchString: 'chikn bryni' });
    expect(miss.body.searchResult).toMatchObject({ outletResult: [], didYouMean: 'chicken biryani' });
    const hidden = await request.get('/api/cmn/search').query({ searchString: 'biryani', veg: 'true' });
    expect(hidden.body.searchResult).toMatchObject({ outletResult: [], hiddenByFilters: true });

    const pins = await request.get('/api/outlet/map-pins').query({ ...at });
    expect(pins.status).toBe(200);
    expect(pins.body).toMatchObject({ CENTRE: { LATITUDE: at.latitude }, pins: [{ OUTLET_ID: id, DISCOUNT_PERCENT: 15, CATEGORY_SLUG: 'restaurants' }] });
    expect((await request.get('/api/outlet/map-pins').query({ latitude: 91, longitude: 0 })).status).toBe(400);
  });
});
