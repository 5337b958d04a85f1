import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { addSlot, CENTRE, insertOutlet, insertReference, setBaseDiscount, type Ref } from '../../test/factories.ts';
import { saveMenu } from '../business-account/service.ts';
import { insertOwner } from '../../test/factories.ts';
import { allowedEdits, editDistance } from './search.ts';
import { globalSearchInputSchema, mapPinsInputSchema, nearbyOutletsInputSchema } from './schema.ts';
import { listMapPins, listNearbyOutlets, refreshSearchTokens, searchEverything, updateOutlet } from './service.ts';

useTestDatabase();

// Saturday 2026-11-21, 13:00 IST.
const SAT_1PM = new Date('2026-11-21T07:30:00Z');

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
});

const nearby = (over: Record<string, unknown> = {}) =>
  listNearbyOutlets(nearbyOutletsInputSchema.parse({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, ...over }));
const search = (over: Record<string, unknown>) => searchEverything(globalSearchInputSchema.parse({ limit: 20, ...over }));
const names = (r: { items: { name: string }[] } | { outletResult: { name: string }[] }) =>
  ('items' in r ? r.items : r.outletResult).map((o) => o.name);

async function overview(outletId: number, costForTwoPaise: number | null) {
  await testDb()('outletOverviews').insert({ outletId, about: '', costForTwoPaise, highlights: '[]' });
}

describe('filters and sort on the nearby list', () => {
  it('veg only, cost for two, open now and a minimum live discount, each narrowing the nearest-first list', async () => {
    createTestApp({ now: () => SAT_1PM });
    const dosa = await insertOutlet(ref, { name: 'Dosa Camp', km: 1, isVeg: true });
    const grill = await insertOutlet(ref, { name: 'Grill House', km: 2 });
    const night = await insertOutlet(ref, { name: 'Night Owl', km: 3, isVeg: true, opensAt: '19:00', closesAt: '02:00' });
    const thali = await insertOutlet(ref, { name: 'Thali Ghar', km: 4, isVeg: true });
    await overview(dosa, 300_00);
    await overview(grill, 1500_00);
    await overview(night, 600_00);
    // thali states no cost for two.
    await setBaseDiscount(dosa, 10);
    await setBaseDiscount(grill, 25);
    await setBaseDiscount(thali, 15);
    // A regular slot at the night outlet wins over nothing; at 13:00 none runs.

    expect(names(await nearby({ veg: true }))).toEqual(['Dosa Camp', 'Night Owl', 'Thali Ghar']);
    expect(names(await nearby({ costForTwoMaxPaise: 600_00 }))).toEqual(['Dosa Camp', 'Night Owl']);
    expect(names(await nearby({ costForTwoMinPaise: 500_00, costForTwoMaxPaise: 2000_00 }))).toEqual(['Grill House', 'Night Owl']);
    expect(names(await nearby({ openNow: true }))).toEqual(['Dosa Camp', 'Grill House', 'Thali Ghar']);
    expect(names(await nearby({ minDiscountPercent: 15 }))).toEqual(['Grill House', 'Thali Ghar']);
    const all = await nearby({ veg: true, openNow: true, minDiscountPercent: 12 });
    expect(names(all)).toEqual(['Thali Ghar']);
    expect(all).toMatchObject({ totalCount: 1, offSet: 1, hasMore: false });
    // Cards carry what the filters are about.
    expect((await nearby({ veg: true })).items[0]).toMatchObject({ isVeg: true, costForTwoPaise: 300_00, distanceKm: 1 });
  });

  it('sorts by the discount live now (the offers rules, a running slot included) and by the newest offers', async () => {
    createTestApp({ now: () => SAT_1PM });
    const a = await insertOutlet(ref, { name: 'A', km: 1 });
    const b = await insertOutlet(ref, { name: 'B', km: 2 });
    const c = await insertOutlet(ref, { name: 'C', km: 3 });
    await insertOutlet(ref, { name: 'D', km: 4 });
    await setBaseDiscount(a, 10);
    await setBaseDiscount(b, 30);
    await setBaseDiscount(c, 5);
    // C's lunch slot runs now (Saturday 12:00–15:00) and beats its base discount.
    await addSlot(c, { adType: 'R', title: 'Lunch', discountPercent: 40, dayOfWeek: 6, startsAt: '12:00', endsAt: '15:00' });
    const byDiscount = await nearby({ sort: 'discount' });
    expect(names(byDiscount)).toEqual(['C', 'B', 'A', 'D']);
    expect(byDiscount.items[0]!.liveOffer).toMatchObject({ source: 'regular', discountPercent: 40 });

    await testDb()('promotions').where({ outletId: c }).update({ createdAt: new Date('2026-11-01T00:00:00Z') });
    const newest = await addSlot(a, { adType: 'D', title: 'New deal', discountPercent: 12, dayOfWeek: 1, startsAt: '16:00', endsAt: '18:00' });
    await testDb()('promotions').where({ id: newest.promotionId }).update({ createdAt: new Date('2026-11-20T00:00:00Z') });
    await testDb()('outletDiscounts').update({ updatedAt: new Date('2026-10-01T00:00:00Z') });
    await testDb()('outletDiscounts').where({ outletId: b }).update({ updatedAt: new Date('2026-11-10T00:00:00Z') });
    expect(names(await nearby({ sort: 'newest' }))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('pages the filtered list with the same offSet rules, bounded to the 240 nearest matches', async () => {
    createTestApp({ now: () => SAT_1PM });
    for (let i = 0; i < 20; i++) await insertOutlet(ref, { name: `V${String(i).padStart(2, '0')}`, km: i * 0.2, isVeg: i % 2 === 0 });
    const first = await nearby({ veg: true, limit: 4, offSet: 1 });
    const second = await nearby({ veg: true, limit: 4, offSet: 2 });
    const last = await nearby({ veg: true, limit: 4, offSet: 3 });
    expect(names(first)).toEqual(['V00', 'V02', 'V04', 'V06']);
    expect(names(second)).toEqual(['V08', 'V10', 'V12', 'V14']);
    expect(names(last)).toEqual(['V16', 'V18']);
    expect(first).toMatchObject({ totalCount: 10, hasMore: true });
    expect(last).toMatchObject({ totalCount: 10, offSet: 3, hasMore: false });
    expect((await nearby({ veg: true, limit: 4, offSet: 9 })).items).toEqual([]);
  });

  it('without a location: the city’s outlets nearest its centre, no distances, other cities left out', async () => {
    createTestApp({ now: () => SAT_1PM });
    await insertOutlet(ref, { name: 'Far veg', km: 6, isVeg: true });
    await insertOutlet(ref, { name: 'Near veg', km: 1, isVeg: true });
    await insertOutlet({ categoryId: ref.food, cityId: ref.mum }, { name: 'Mumbai veg', isVeg: true, latitude: 19.07, longitude: 72.87 });
    const list = await listNearbyOutlets(nearbyOutletsInputSchema.parse({ noLocation: true, city: 'bengaluru', veg: true }));
    expect(names(list)).toEqual(['Near veg', 'Far veg']);
    expect(list.items.every((o) => o.distanceKm === null)).toBe(true);
  });

  it('refuses a range the wrong way round, relevance without a search, and unknown sorts', () => {
    const bad = (over: Record<string, unknown>) =>
      nearbyOutletsInputSchema.safeParse({ latitude: 12.9, longitude: 77.6, ...over }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(bad({ costForTwoMinPaise: 900, costForTwoMaxPaise: 100 })).toEqual([['costForTwoMaxPaise', 'costForTwoMaxPaise must not be below costForTwoMinPaise']]);
    expect(bad({ sort: 'relevance' })).toEqual([['sort', 'sort by relevance needs a search text']]);
    expect(bad({ sort: 'cheapest' })).toEqual([['sort', 'sort must be relevance, distance, discount or newest']]);
    expect(bad({ minDiscountPercent: 120 })).toEqual([['minDiscountPercent', 'minDiscountPercent must be between 0 and 100']]);
  });
});

describe('search over names, categories, cuisines, dishes and menus', () => {
  async function world() {
    const biryani = await insertOutlet(ref, { name: 'Swastik Biryani House', km: 2, cuisines: ['Hyderabadi'], dishes: ['Chicken Biryani'] });
    const udupi = await insertOutlet(ref, { name: 'Sri Krishna Udupi Grand', km: 3, isVeg: true, cuisines: ['South Indian', 'Udupi'] });
    const mtr = await insertOutlet(ref, { name: 'Mavalli Tiffin Rooms', km: 4, isVeg: true, dishes: ['Rava Idli', 'Masala Dosa'] });
    const chai = await insertOutlet(ref, { name: 'Chai Point', km: 1 });
    const cafe = await insertOutlet(ref, { name: 'Third Wave Cafe', km: 1.5 });
    await testDb()('menus').insert({ outletId: cafe, title: 'Wood-fired Pizza', titleSeq: 1 });
    await refreshSearchTokens(testDb(), [cafe]);
    const bakeries = await testDb()('categories').insert({ name: 'Bakeries & Desserts', slug: 'bakeries-desserts', icon: '🎂' }).returning('id');
    const bakery = await insertOutlet({ categoryId: bakeries[0]!.id, cityId: ref.blr }, { name: 'Honey Bakery', km: 2.5 });
    await insertOutlet(ref, { name: 'Closed Biryani', km: 0.5, isLive: false });
    return { biryani, udupi, mtr, chai, cafe, bakery };
  }

  it('finds the outlets behind the typos shoppers make', async () => {
    createTestApp({ now: () => SAT_1PM });
    const w = await world();
    const at = { latitude: CENTRE.latitude, longitude: CENTRE.longitude };
    const first = async (text: string) => (await search({ searchString: text, ...at })).outletResult[0]?.id;
    expect(await first('biriyani')).toBe(w.biryani);
    expect(await first('biriani')).toBe(w.biryani);
    expect(await first('bakry')).toBe(w.bakery);
    expect(await first('udpi')).toBe(w.udupi);
    expect(await first('mavali')).toBe(w.mtr);
    expect(await first('chaai')).toBe(w.chai);
    // Dishes, menu section titles, cuisines and the category's name are searched too.
    expect(await first('masala dosa')).toBe(w.mtr);
    expect(await first('pizza')).toBe(w.cafe);
    expect(await first('south indian')).toBe(w.udupi);
    expect(await first('desserts')).toBe(w.bakery);
    // The last word is completed as it is typed.
    expect(await first('mavalli tif')).toBe(w.mtr);
    // Not live: never found.
    expect((await search({ searchString: 'closed biryani', ...at })).outletResult.map((o) => o.name)).toEqual([]);
  });

  it('ranks by text match, then distance and the live discount', async () => {
    createTestApp({ now: () => SAT_1PM });
    const nameFar = await insertOutlet(ref, { name: 'Biryani Darbar', km: 6 });
    const dishNear = await insertOutlet(ref, { name: 'Meghana Foods', km: 0.5, dishes: ['Biryani'] });
    const dishFar = await insertOutlet(ref, { name: 'Nandhini', km: 3, dishes: ['Biryani'] });
    const list = await search({ searchString: 'biryani', latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    // The word in the name counts more than in the dishes, but half a kilometre beats six.
    expect(list.outletResult.map((o) => o.id)).toEqual([dishNear, nameFar, dishFar]);
    // A big live discount lifts an outlet over one a little nearer.
    await setBaseDiscount(dishFar, 40);
    const again = await search({ searchString: 'biryani', latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    expect(again.outletResult.map((o) => o.id).indexOf(dishFar)).toBeLessThan(again.outletResult.map((o) => o.id).indexOf(nameFar));
    // Other orders on request.
    expect((await search({ searchString: 'biryani', latitude: CENTRE.latitude, longitude: CENTRE.longitude, sort: 'discount' })).outletResult[0]!.id).toBe(dishFar);
    expect((await search({ searchString: 'biryani', latitude: CENTRE.latitude, longitude: CENTRE.longitude, sort: 'distance' })).outletResult.map((o) => o.id)).toEqual([
      dishNear,
      dishFar,
      nameFar,
    ]);
  });

  it('applies the filters; says when they hide every match; suggests a spelling when nothing matches', async () => {
    createTestApp({ now: () => SAT_1PM });
    const w = await world();
    const veg = await search({ searchString: 'biryani', veg: true });
    expect(veg).toMatchObject({ outletResult: [], hiddenByFilters: true, didYouMean: null });
    expect((await search({ searchString: 'dosa', veg: true })).outletResult.map((o) => o.id)).toEqual([w.mtr]);

    const typo = await search({ searchString: 'bryni' });
    expect(typo).toMatchObject({ outletResult: [], didYouMean: 'biryani', hiddenByFilters: false });
    expect(await search({ searchString: 'xylophone' })).toMatchObject({ outletResult: [], didYouMean: null });
  });

  it('without coordinates ranks from the chosen city’s centre', async () => {
    createTestApp({ now: () => SAT_1PM });
    const near = await insertOutlet(ref, { name: 'Chai Point MG Road', km: 0.5 });
    const far = await insertOutlet(ref, { name: 'Chai Point Hebbal', km: 8 });
    const list = await search({ searchString: 'chai point', city: 'bengaluru' });
    expect(list.outletResult.map((o) => o.id)).toEqual([near, far]);
    expect(list.outletResult[0]!.distanceKm).toBeNull();
  });

  it('keeps the search words up to date as owners and sales change an outlet', async () => {
    const { request } = createTestApp({ now: () => SAT_1PM });
    const id = await insertOutlet(ref, { name: 'Corner House', km: 1 });
    const find = async (text: string) => (await search({ searchString: text })).outletResult.map((o) => o.id);
    expect(await find('gadbad')).toEqual([]);
    await updateOutlet(testDb(), id, { dishes: ['Gadbad Ice Cream'] });
    expect(await find('gadbad')).toEqual([id]);
    await updateOutlet(testDb(), id, { name: 'Corner House Ice Creams', dishes: [] });
    expect(await find('gadbad')).toEqual([]);
    expect(await find('ice creams')).toEqual([id]);
    // A menu section title, through the owner's menu editor.
    const owner = await insertOwner({}, id);
    await saveMenu(owner, { outletId: id, title: 'Sundaes' });
    expect(await find('sundae')).toEqual([id]);
    void request;
  });

  it('finds an area by its locality, and keeps the words in step when the locality changes (issue 28)', async () => {
    createTestApp({ now: () => SAT_1PM });
    const a = await insertOutlet(ref, { name: 'Vidyarthi Bhavan', km: 1, locality: 'Jayanagar' });
    const b = await insertOutlet(ref, { name: 'Brahmin Coffee Bar', km: 2, locality: 'Jayanagar' });
    const c = await insertOutlet(ref, { name: 'Corner House', km: 3, locality: 'Jayanagar' });
    const elsewhere = await insertOutlet(ref, { name: 'Toit', km: 1.5, locality: 'Indiranagar' });
    const found = await search({ searchString: 'Jayanagar', city: 'bengaluru' });
    expect(found.outletResult.map((o) => o.id).sort()).toEqual([a, b, c].sort());
    expect(found.didYouMean).toBeNull();
    expect((await search({ searchString: 'indiranagar', city: 'bengaluru' })).outletResult.map((o) => o.id)).toEqual([elsewhere]);
    // A typo in the area's name still finds it.
    expect((await search({ searchString: 'jaynagar', city: 'bengaluru' })).outletResult).toHaveLength(3);
    await updateOutlet(testDb(), c, { addressLineTwo: 'Indiranagar' });
    expect((await search({ searchString: 'indiranagar', city: 'bengaluru' })).outletResult.map((o) => o.id).sort()).toEqual([elsewhere, c].sort());
  });

  it('lists the chosen city first and says which city every other result is in (issue 28)', async () => {
    createTestApp({ now: () => SAT_1PM });
    // An exact name match in Mumbai and a dish match in Bengaluru: the chosen city's comes first.
    const mumbai = await insertOutlet({ categoryId: ref.food, cityId: ref.mum }, { name: 'Biryani Blues', latitude: 19.076, longitude: 72.8777 });
    const home = await insertOutlet(ref, { name: 'Meghana Foods', km: 2, dishes: ['Biryani'] });
    const list = await search({ searchString: 'biryni', city: 'bengaluru' });
    expect(list.outletResult.map((o) => o.id)).toEqual([home, mumbai]);
    expect(list.chosenCity).toMatchObject({ slug: 'bengaluru' });
    expect(list.outletResult.map((o) => o.city.slug)).toEqual(['bengaluru', 'mumbai']);
    // With the shopper's position, the city they are in is the chosen one.
    const near = await search({ searchString: 'biryani', latitude: 19.07, longitude: 72.88 });
    expect(near.chosenCity).toMatchObject({ slug: 'mumbai' });
    expect(near.outletResult.map((o) => o.id)).toEqual([mumbai, home]);
  });

  it('counts edits as Elasticsearch’s AUTO fuzziness does', () => {
    expect([1, 2, 3, 5, 6, 9].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(editDistance('udpi', 'udupi')).toBe(1);
    expect(editDistance('chaai', 'chai')).toBe(1);
    expect(editDistance('biriani', 'biryani')).toBe(1);
    expect(editDistance('mavali', 'mavalli')).toBe(1);
    expect(editDistance('dosa', 'dsoa')).toBe(1);
    expect(editDistance('pizza', 'pasta', 1)).toBe(2);
  });
});

describe('map pins', () => {
  it('every outlet of the filtered list with its live discount, and where the map opens', async () => {
    createTestApp({ now: () => SAT_1PM });
    const a = await insertOutlet(ref, { name: 'Pin A', km: 1, isVeg: true });
    await insertOutlet(ref, { name: 'Pin B', km: 2 });
    await setBaseDiscount(a, 18);
    const all = await listMapPins(mapPinsInputSchema.parse({ latitude: CENTRE.latitude, longitude: CENTRE.longitude }));
    expect(all.pins.map((p) => p.name)).toEqual(['Pin A', 'Pin B']);
    expect(all.pins[0]).toMatchObject({ id: a, discountPercent: 18, category: { slug: 'restaurants' }, city: { slug: 'bengaluru' } });
    expect(all.centre).toEqual({ latitude: CENTRE.latitude, longitude: CENTRE.longitude });
    const veg = await listMapPins(mapPinsInputSchema.parse({ noLocation: true, city: 'bengaluru', veg: true }));
    expect(veg.pins.map((p) => p.name)).toEqual(['Pin A']);
    expect(veg.centre).toEqual({ latitude: 12.9716, longitude: 77.5946 });
  });
});
