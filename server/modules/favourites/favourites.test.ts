import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { callerFor, CENTRE, insertConsumer, insertOutlet, insertReference, setBaseDiscount, type Ref } from '../../test/factories.ts';
import { deleteAccount } from '../users/service.ts';
import { MAX_FAVOURITES } from './schema.ts';
import { addFavourite, favouritedBy, listFavouriteIds, listFavourites, removeFavourite } from './service.ts';

useTestDatabase();

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
});

const page = (over: Record<string, unknown> = {}) => ({ offSet: 1, limit: 20, ...over });

describe('favourites service', () => {
  it('adds (twice is once), lists live favourites newest first as cards, removes', async () => {
    let clock = new Date('2026-11-21T06:30:00Z');
    createTestApp({ now: () => clock });
    const asha = await insertConsumer('Asha Rao');
    const a = await insertOutlet(ref, { name: 'Dosa Camp', km: 1 });
    const b = await insertOutlet(ref, { name: 'Toit', km: 2 });
    await setBaseDiscount(b, 15);
    await addFavourite(asha, a);
    clock = new Date('2026-11-21T07:00:00Z');
    expect(await addFavourite(asha, b)).toEqual({ outletId: b, isFavourite: true });
    await addFavourite(asha, b);
    const list = await listFavourites(asha, page({ latitude: CENTRE.latitude, longitude: CENTRE.longitude }));
    expect(list.items.map((o) => o.name)).toEqual(['Toit', 'Dosa Camp']);
    expect(list.items[0]).toMatchObject({ liveOffer: { discountPercent: 15 }, distanceKm: 2, favouritedAt: clock });
    expect(list).toMatchObject({ totalCount: 2, hasMore: false });
    expect(await listFavouriteIds(asha)).toEqual([a, b].sort((x, y) => x - y));

    // An outlet taken off live leaves the list (and comes back with it).
    await testDb()('outlets').where({ id: a }).update({ isLive: false });
    expect((await listFavourites(asha, page())).items.map((o) => o.id)).toEqual([b]);
    expect(await removeFavourite(asha, b)).toEqual({ outletId: b, isFavourite: false });
    expect(await removeFavourite(asha, b)).toEqual({ outletId: b, isFavourite: false });
    expect((await listFavourites(asha, page())).totalCount).toBe(0);
  });

  it('refuses an outlet that is missing or not live, and more than the cap, writing nothing', async () => {
    createTestApp();
    const asha = await insertConsumer();
    const hidden = await insertOutlet(ref, { isLive: false });
    await expect(addFavourite(asha, hidden)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(addFavourite(asha, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const outlet = await insertOutlet(ref);
    const others = await testDb()('outlets').insert(
      Array.from({ length: MAX_FAVOURITES }, (_, i) => ({
        name: `Filler ${i}`, slug: `filler-${i}`, categoryId: ref.food, cityId: ref.blr, addressLineOne: 'x', addressLineTwo: 'y',
        state: 'Karnataka', pincode: '560001', latitude: 12.9, longitude: 77.6, opensAt: '09:00', closesAt: '22:00', isLive: true,
      })),
    ).returning('id');
    await testDb()('favourites').insert(others.map((o) => ({ consumerId: asha, outletId: o.id })));
    await expect(addFavourite(asha, outlet)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await testDb()('favourites').where({ consumerId: asha }).count({ n: '*' }).first()).toEqual({ n: MAX_FAVOURITES });
  });

  it('favouritedBy: the active shoppers keeping an outlet, in pages, for the nearby-offers notifications', async () => {
    createTestApp();
    const outlet = await insertOutlet(ref);
    const ids = [await insertConsumer('A'), await insertConsumer('B'), await insertConsumer('C')];
    for (const id of ids) await addFavourite(id, outlet);
    expect(await favouritedBy(outlet)).toEqual(ids);
    expect(await favouritedBy(outlet, { afterConsumerId: ids[0], limit: 1 })).toEqual([ids[1]]);
    await deleteAccount(ids[2]!);
    expect(await favouritedBy(outlet)).toEqual(ids.slice(0, 2));
    expect(await testDb()('favourites').where({ consumerId: ids[2] }).first()).toBeUndefined();
  });
});

describe('favourites over tRPC and REST', () => {
  it('a signed-in shopper hearts, lists and un-hearts; anonymous callers get 401', async () => {
    const { request } = createTestApp();
    const asha = await insertConsumer();
    const outlet = await insertOutlet(ref, { name: 'Chai Point' });
    const caller = await callerFor(asha);
    expect(await caller.favourites.add({ outletId: outlet })).toEqual({ outletId: outlet, isFavourite: true });
    expect(await caller.favourites.ids()).toEqual([outlet]);
    expect((await caller.favourites.list({})).items.map((o) => o.name)).toEqual(['Chai Point']);
    await expect((await callerFor()).favourites.ids()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const auth = await bearer('consumer', asha);
    const list = await request.get('/api/user/favourites').set(auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalCount: 1, favourites: [{ OUTLET_ID: outlet, NAME: 'Chai Point', FAVOURITED_AT: expect.any(String) }] });
    expect((await request.delete(`/api/user/favourites/${outlet}`).set(auth)).body).toEqual({ outletId: outlet, isFavourite: false });
    expect((await request.put(`/api/user/favourites/${outlet}`).set(auth)).body).toEqual({ outletId: outlet, isFavourite: true });
    expect((await request.get('/api/user/favourites/ids').set(auth)).body).toEqual({ outletIds: [outlet] });
    expect((await request.put('/api/user/favourites/abc').set(auth)).status).toBe(400);
    expect((await request.put('/api/user/favourites/424242').set(auth)).status).toBe(404);
    expect((await request.get('/api/user/favourites')).status).toBe(401);
  });
});
