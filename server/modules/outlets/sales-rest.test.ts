import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { insertCategory, insertCity, insertOutlet, insertSalesStaff } from '../../test/factories.ts';

useTestDatabase();

let auth: { Authorization: string };
let refs: { categoryId: number; cityId: number };

beforeEach(async () => {
  createTestApp();
  ({ auth } = await insertSalesStaff());
  refs = { categoryId: await insertCategory(), cityId: await insertCity() };
});

const outlet = () => ({
  name: 'Corner House',
  ...refs,
  addressLineOne: '43, Residency Road',
  addressLineTwo: 'Shanthala Nagar',
  state: 'Karnataka',
  pincode: '560025',
  latitude: 12.968,
  longitude: 77.6,
  opensAt: '11:00',
  closesAt: '23:00',
});

describe('sales paths (SPEC §7) over the back-office services', () => {
  it('POST /api/outlet/create and POST /api/onboarding/bo/signup create audited records in the legacy shape', async () => {
    const { request } = createTestApp();
    const created = await request.post('/api/outlet/create').set(auth).send(outlet());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      outletId: 1,
      outletDetails: { OUTLET_ID: 1, NAME: 'Corner House', SLUG: 'corner-house', IS_LIVE: 'false', MASTER_OUTLET_ID: null },
    });
    const signup = await request
      .post('/api/onboarding/bo/signup')
      .set(auth)
      .send({ username: 'corner.house', password: 'Corner@2026', name: 'Ramesh', phoneNumber: '9845022222', outletIds: [1] });
    expect(signup.status).toBe(201);
    expect(signup.body.businessOwnerDetails).toMatchObject({ BO_ID: 1, USERNAME: 'corner.house', IS_MASTER: 'true', OUTLET_IDS: [1] });
    expect(await testDb()('auditLog').orderBy('id').pluck('resource')).toEqual(['outlets', 'business-owners']);
    const bad = await request.post('/api/outlet/create').set(auth).send({ ...outlet(), pincode: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pincode).toBe('Enter a 6-digit PIN code');
  });

  it('GET /api/outlet/all-outlets pages with offSet (1-based) and limit, each row with TOTAL_COUNT', async () => {
    for (let i = 0; i < 3; i++) await insertOutlet(refs, { name: `Outlet ${i}`, isLive: false });
    const { request } = createTestApp();
    const res = await request.get('/api/outlet/all-outlets?offSet=1&limit=2').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.outlets.map((o: { OUTLET_ID: number }) => o.OUTLET_ID)).toEqual([3, 2]);
    expect(res.body.outlets[0]).toMatchObject({ MASTER_OUTLET_ID: null, TOTAL_COUNT: 3, IS_LIVE: 'false' });
    const page2 = await request.get('/api/outlet/all-outlets?offSet=2&limit=2').set(auth);
    expect(page2.body.outlets.map((o: { OUTLET_ID: number }) => o.OUTLET_ID)).toEqual([1]);
    const search = await request.get('/api/outlet/all-outlets?searchString=outlet%201').set(auth);
    expect(search.body.outlets.map((o: { NAME: string }) => o.NAME)).toEqual(['Outlet 1']);
    expect((await request.get('/api/outlet/all-outlets?limit=1000').set(auth)).status).toBe(400);
  });

  it('GET /api/business-owners lists accounts; POST creates one', async () => {
    const { request } = createTestApp();
    await request.post('/api/business-owners').set(auth).send({ username: 'a.one', password: 'Aone@2026', name: 'A', phoneNumber: '9845033333' });
    const res = await request.get('/api/business-owners').set(auth);
    expect(res.body).toMatchObject({ totalCount: 1, businessOwners: [{ BO_ID: 1, USERNAME: 'a.one', IS_ACTIVE: 'true' }] });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('/api/outlet/dayDiscounts: POST sets one day (create, then update), GET lists the week', async () => {
    const outletId = await insertOutlet(refs);
    const { request } = createTestApp();
    const first = await request.post('/api/outlet/dayDiscounts').set(auth).send({ outletId, dayOfWeek: 5, discountPercent: 15 });
    expect(first.status).toBe(200);
    expect(first.body.dayDiscount).toMatchObject({ OUTLET_ID: outletId, DAY_OF_WEEK: 5, DAY: 'friday', DISCOUNT_PERCENT: 15, IS_ACTIVE: 'true' });
    await request.post('/api/outlet/dayDiscounts').set(auth).send({ outletId, dayOfWeek: 5, discountPercent: 20 });
    await request.post('/api/outlet/dayDiscounts').set(auth).send({ outletId, dayOfWeek: 1, discountPercent: 5 });
    const list = await request.get(`/api/outlet/dayDiscounts?outletId=${outletId}`).set(auth);
    expect(list.body.dayDiscounts.map((d: { DAY: string; DISCOUNT_PERCENT: number }) => [d.DAY, d.DISCOUNT_PERCENT])).toEqual([
      ['monday', 5],
      ['friday', 20],
    ]);
    expect(await testDb()('auditLog').orderBy('id').pluck('action')).toEqual(['create', 'update', 'create']);
    const bad = await request.post('/api/outlet/dayDiscounts').set(auth).send({ outletId, dayOfWeek: 8, discountPercent: 120 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ dayOfWeek: 'Day is 1 (Monday) to 7 (Sunday)', discountPercent: 'Discount must be between 0 and 100' });
  });

  it('POST /api/sales/details?outletId returns the outlet with its discounts and accounts', async () => {
    const outletId = await insertOutlet(refs, { name: 'Nagarjuna' });
    await testDb()('outletDiscounts').insert({ outletId, discountPercent: 10, isLive: true });
    const { request } = createTestApp();
    const res = await request.post(`/api/sales/details?outletId=${outletId}`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.outletDetails).toMatchObject({ OUTLET_ID: outletId, NAME: 'Nagarjuna', CATEGORY_NAME: 'Category 0', CITY_NAME: 'City 0' });
    expect(res.body.discount).toMatchObject({ DISCOUNT_PERCENT: 10, IS_LIVE: 'true' });
    expect((await request.post('/api/sales/details?outletId=999').set(auth)).status).toBe(404);
    expect((await request.post('/api/sales/details').set(auth)).status).toBe(400);
  });
});
