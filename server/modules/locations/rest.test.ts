import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { CENTRE, insertConsumer, insertOutlet, insertReference, type Ref } from '../../test/factories.ts';

useTestDatabase();

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
  await insertOutlet(ref, { name: 'A', km: 8, locality: 'Koramangala' });
  await insertOutlet(ref, { name: 'B', km: 8.2, locality: 'Koramangala' });
  await insertOutlet(ref, { name: 'C', km: 2, locality: 'Indiranagar' });
  await insertOutlet(ref, { name: 'D', km: 1, locality: 'MG Road', categoryId: ref.fashion });
});

describe('GET /api/outlet/location/search', () => {
  it('finds localities despite a typo, with their outlet count and mean position', async () => {
    const { request } = createTestApp();
    const res = await request.get('/api/outlet/location/search').query({ location: 'koramangla', offSet: 1, limit: 10 });
    expect(res.status).toBe(200);
    expect(res.body.locations).toHaveLength(1);
    expect(res.body.locations[0]).toMatchObject({ locality: 'Koramangala', type: 'locality', outletCount: 2, state: 'Karnataka', city: { slug: 'bengaluru' } });
    expect(res.body.locations[0].latitude).toBeCloseTo(CENTRE.latitude + 8.1 / 111.2, 4);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.recorded).toBe(false);
  });

  it('finds cities by name, filters localities by category, and lists nearby localities with no text', async () => {
    const { request } = createTestApp();
    const city = await request.get('/api/outlet/location/search?query=mumbai');
    expect(city.body.locations[0]).toMatchObject({ type: 'city', locality: 'Mumbai', city: { slug: 'mumbai' } });
    const fashion = await request.get('/api/outlet/location/search').query({ location: 'road', category: 'fashion' });
    expect(fashion.body.locations.map((l: { locality: string }) => l.locality)).toEqual(['MG Road']);
    const near = await request.get('/api/outlet/location/search').query({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, limit: 2 });
    expect(near.body.locations.map((l: { locality: string }) => l.locality)).toEqual(['MG Road', 'Indiranagar']);
    expect(near.body.totalCount).toBe(3);
    const page2 = await request.get('/api/outlet/location/search').query({ latitude: CENTRE.latitude, longitude: CENTRE.longitude, limit: 2, offSet: 2 });
    expect(page2.body.locations.map((l: { locality: string }) => l.locality)).toEqual(['Koramangala']);
  });

  it('400s: bad coordinates, limit over 100, negative offSet, unknown category', async () => {
    const { request } = createTestApp();
    for (const [q, field] of [
      [{ latitude: -91, longitude: 0 }, 'latitude'],
      [{ latitude: 0, longitude: 200 }, 'longitude'],
      [{ limit: 500 }, 'limit'],
      [{ offSet: -2 }, 'offSet'],
      [{ location: 'x', category: 'nope' }, 'category'],
    ] as const) {
      const res = await request.get('/api/outlet/location/search').query(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.errors[field]).toEqual(expect.any(String));
    }
  });

  it("records a signed-in shopper's chosen location, read back by GET /api/user/searchHistory?limit=3", async () => {
    const { request } = createTestApp();
    const consumerId = await insertConsumer();
    const auth = await bearer('consumer', consumerId);
    const choose = (locality: string, n: number) =>
      request
        .get('/api/outlet/location/search')
        .set(auth)
        .query({ location: locality, recentSearch: 'true', locality, state: 'Karnataka', landmark: `Landmark ${n}`, latitude: 12.9, longitude: 77.6 });
    let t = 0;
    for (const [i, loc] of ['Koramangala', 'Indiranagar', 'MG Road', 'Jayanagar'].entries()) {
      const res = await choose(loc, i);
      expect(res.body.recorded).toBe(true);
      // Distinct timestamps so the order is certain.
      await testDb()('searchHistory').where({ locality: loc }).update({ createdAt: new Date(Date.UTC(2026, 10, 21, 8, 0, t++)) });
    }
    const history = await request.get('/api/user/searchHistory?limit=3').set(auth);
    expect(history.status).toBe(200);
    expect(history.body.searchHistory.map((h: { locality: string }) => h.locality)).toEqual(['Jayanagar', 'MG Road', 'Indiranagar']);
    expect(history.body.searchHistory[0]).toMatchObject({ query: 'Jayanagar', state: 'Karnataka', landmark: 'Landmark 3', latitude: 12.9, longitude: 77.6 });

    // Anonymous searches are never recorded; the history needs a shopper.
    const anon = await request.get('/api/outlet/location/search').query({ location: 'x', recentSearch: true, locality: 'X' });
    expect(anon.body.recorded).toBe(false);
    expect((await request.get('/api/user/searchHistory')).status).toBe(401);
    expect((await request.get('/api/user/searchHistory?limit=50').set(auth)).status).toBe(400);

    // tRPC twins.
    const me = createCaller(createContextInner({ principal: { kind: 'consumer', consumerId, sessionId: 1, isApp: false } }));
    expect((await me.searchHistory.list({})).map((h) => h.locality)).toEqual(['Jayanagar', 'MG Road', 'Indiranagar']);
    await expect(createCaller(createContextInner()).searchHistory.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('the same place searched again moves to the top instead of being listed twice', async () => {
    createTestApp();
    const consumerId = await insertConsumer();
    const me = createCaller(createContextInner({ principal: { kind: 'consumer', consumerId, sessionId: 1, isApp: false } }));
    await me.locations.search({ location: 'kora', recentSearch: true, locality: 'Koramangala', state: 'Karnataka' });
    await me.locations.search({ location: 'indira', recentSearch: true, locality: 'Indiranagar', state: 'Karnataka' });
    await me.locations.search({ location: 'koramangala', recentSearch: true, locality: 'Koramangala', state: 'Karnataka' });
    const rows = await testDb()('searchHistory').where({ consumerId }).orderBy('id');
    expect(rows.map((r) => r.locality)).toEqual(['Indiranagar', 'Koramangala']);
  });
});
