import { beforeEach, describe, expect, it } from 'vitest';
import type { Test } from 'supertest';
import { useTestDatabase } from '../test/setup.ts';
import { bearer, createTestApp } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import { insertCategory, insertCity, insertConsumer, insertOutlet, insertOwner, insertPaidOrder, insertSalesStaff } from '../test/factories.ts';

useTestDatabase();

let auth: { Authorization: string };
let staffId: number;
let categoryId: number;
let cityId: number;

beforeEach(async () => {
  createTestApp(); // sets the runtime the fixtures' sessions need
  const staff = await insertSalesStaff();
  auth = staff.auth;
  staffId = staff.id;
  categoryId = await insertCategory({ name: 'Restaurants', slug: 'restaurants' });
  cityId = await insertCity({ name: 'Bengaluru', slug: 'bengaluru' });
});

const outletBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Meghana Foods',
  categoryId,
  cityId,
  addressLineOne: '124, 1st Cross, Residency Road',
  addressLineTwo: 'Ashok Nagar',
  state: 'Karnataka',
  pincode: '560025',
  latitude: 12.9699,
  longitude: 77.6069,
  opensAt: '11:30',
  closesAt: '23:30',
  ...overrides,
});

const list = (path: string, query: Record<string, unknown>) =>
  createTestApp()
    .request.get(`/api/admin/${path}`)
    .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
    .set(auth);

describe('list: filters, sort and range', () => {
  beforeEach(async () => {
    const other = await insertCity({ name: 'Pune', slug: 'pune', state: 'Maharashtra' });
    await insertOutlet({ categoryId, cityId }, { name: 'Vidyarthi Bhavan', addressLineTwo: 'Basavanagudi', isLive: true });
    await insertOutlet({ categoryId, cityId }, { name: 'CTR Malleshwaram', addressLineTwo: 'Malleshwaram', isLive: false });
    await insertOutlet({ categoryId, cityId: other }, { name: 'Vaishali', addressLineTwo: 'FC Road', isLive: true });
  });

  it('searches q case-insensitively over the declared columns, with Content-Range', async () => {
    const res = await list('outlets', { filter: { q: 'bhavan' }, range: [0, 9], sort: ['name', 'ASC'] });
    expect(res.status).toBe(200);
    expect(res.body.map((o: { name: string }) => o.name)).toEqual(['Vidyarthi Bhavan']);
    expect(res.headers['content-range']).toBe('outlets 0-0/1');
    const byLocality = await list('outlets', { filter: { q: 'MALLESH' } });
    expect(byLocality.body.map((o: { name: string }) => o.name)).toEqual(['CTR Malleshwaram']);
  });

  it('filters by reference, boolean and id lists, and combines them', async () => {
    const live = await list('outlets', { filter: { isLive: true }, sort: ['name', 'ASC'], range: [0, 9] });
    expect(live.body.map((o: { name: string }) => o.name)).toEqual(['Vaishali', 'Vidyarthi Bhavan']);
    const liveHere = await list('outlets', { filter: { isLive: true, cityId }, range: [0, 9] });
    expect(liveHere.body.map((o: { name: string }) => o.name)).toEqual(['Vidyarthi Bhavan']);
    const ids = await list('outlets', { filter: { id: [1, 3] } });
    expect(ids.body.map((o: { id: number }) => o.id)).toEqual([1, 3]); // no sort sent (getMany): id order
    expect(ids.headers['content-range']).toBe('outlets 0-1/2');
  });

  it('pages with an inclusive range and reports the total; an empty page is */total', async () => {
    const res = await list('outlets', { sort: ['id', 'ASC'], range: [1, 1] });
    expect(res.body.map((o: { id: number }) => o.id)).toEqual([2]);
    expect(res.headers['content-range']).toBe('outlets 1-1/3');
    const empty = await list('outlets', { sort: ['id', 'ASC'], range: [10, 19] });
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('outlets */3');
  });

  it('ignores the provider’s Range header (never 206/416)', async () => {
    const res = await createTestApp().request.get('/api/admin/outlets?range=[0,1]').set(auth).set('Range', 'outlets=0-1');
    expect(res.status).toBe(200);
  });

  it.each([
    ['sort by a field outside the allowlist', { sort: ['passwordHash', 'ASC'] }, 'business-owners', 'sort'],
    ['sort with a bad order', { sort: ['name', 'UP'] }, 'outlets', 'sort'],
    ['sort that is not JSON', { sort: 'name' }, 'outlets', 'sort'],
    ['range end before start', { range: [5, 2] }, 'outlets', 'range'],
    ['range too large', { range: [0, 5000] }, 'outlets', 'range'],
    ['range not JSON', { range: '[0,' }, 'outlets', 'range'],
    ['unknown filter field', { filter: { passwordHash: 'x' } }, 'business-owners', 'filter'],
    ['filter of the wrong type', { filter: { isLive: 'yes' } }, 'outlets', 'filter'],
    ['filter value outside the choices', { filter: { status: 'archived' } }, 'business-applications', 'filter'],
    ['filter that is an array', { filter: [1] }, 'outlets', 'filter'],
  ])('refuses %s with a 400', async (_label, query, resource, field) => {
    const res = await list(resource, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Invalid ${field}`));
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('allows every declared sortable field on every resource', async () => {
    for (const d of ADMIN_RESOURCES) {
      for (const field of d.list.sortable) {
        const res = await list(d.name, { sort: [field, 'DESC'], range: [0, 4] });
        expect([d.name, field, res.status]).toEqual([d.name, field, 200]);
      }
    }
  });
});

describe('create, update and validation', () => {
  it('creates an outlet with a slug free in its city and grants its owner', async () => {
    const ownerId = await insertOwner();
    const { request } = createTestApp();
    const a = await request.post('/api/admin/outlets').set(auth).send(outletBody({ ownerId }));
    const b = await request.post('/api/admin/outlets').set(auth).send(outletBody());
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ id: 1, slug: 'meghana-foods', ownerId, isLive: false, opensAt: '11:30:00' });
    expect(b.body.slug).toBe('meghana-foods-2');
    expect(await testDb()('businessOwnerOutlets').select('businessOwnerId', 'outletId')).toEqual([{ businessOwnerId: ownerId, outletId: 1 }]);
  });

  it('answers field errors in react-admin’s shape, and writes nothing', async () => {
    const res = await createTestApp()
      .request.post('/api/admin/outlets')
      .set(auth)
      .send(outletBody({ pincode: '0123', latitude: 123, opensAt: '25:00', cityId: 999 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      pincode: 'Enter a 6-digit PIN code',
      latitude: 'Latitude is between -90 and 90',
      opensAt: 'Opens at: use 24-hour HH:MM',
      root: { serverError: expect.any(String) },
    });
    const missingCity = await createTestApp().request.post('/api/admin/outlets').set(auth).send(outletBody({ cityId: 999 }));
    expect(missingCity.status).toBe(400);
    expect(missingCity.body.errors.cityId).toBe('No such city');
    expect(await testDb()('outlets').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('updates only what was sent: a whole record drops read-only fields, a partial one keeps the rest', async () => {
    const { request } = createTestApp();
    const created = (await request.post('/api/admin/outlets').set(auth).send(outletBody({ isLive: true }))).body;
    const whole = await request
      .put(`/api/admin/outlets/${created.id}`)
      .set(auth)
      .send({ ...created, name: 'Meghana Foods Residency Road', slug: 'hacked', createdAt: '2000-01-01T00:00:00Z' });
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ name: 'Meghana Foods Residency Road', slug: 'meghana-foods-residency-road', isLive: true });
    expect(whole.body.createdAt).toBe(created.createdAt);
    const partial = await request.put(`/api/admin/outlets/${created.id}`).set(auth).send({ landmark: 'Near Brigade Road' });
    expect(partial.body).toMatchObject({ landmark: 'Near Brigade Road', isLive: true, shuffleMaxPercent: 10 });
  });

  it('business owners: hashes the password, hides it, refuses a taken username (any case) with a field error', async () => {
    const { request } = createTestApp();
    const body = { username: 'Anand.Sweets', password: 'Sweets@2026', name: 'Anand', phoneNumber: '098450 12345', isMaster: true };
    const res = await request.post('/api/admin/business-owners').set(auth).send(body);
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).toMatchObject({ username: 'Anand.Sweets', phoneNumber: '9845012345', outletIds: [] });
    const row = await testDb()('businessOwners').where({ id: res.body.id }).first('passwordHash');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await testDb()('auditLog').select('after');
    expect(JSON.stringify(audit)).not.toContain('Sweets@2026');
    expect(JSON.stringify(audit)).not.toContain('argon2');

    const taken = await request.post('/api/admin/business-owners').set(auth).send({ ...body, username: 'anand.sweets' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toMatchObject({ username: 'already exists' });
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('business owners: a sub-account gets only its master’s outlets; disabling ends its sessions', async () => {
    const masterId = await insertOwner();
    const own = await insertOutlet({ categoryId, cityId }, { ownerId: masterId });
    const foreign = await insertOutlet({ categoryId, cityId });
    const { request } = createTestApp();
    const base = { username: 'staff.one', password: 'Staff@2026', name: 'Suresh', phoneNumber: '9845067890', isMaster: false };
    const noMaster = await request.post('/api/admin/business-owners').set(auth).send(base);
    expect(noMaster.status).toBe(400);
    expect(noMaster.body.errors.masterId).toBe('Choose the master account');
    const wrong = await request.post('/api/admin/business-owners').set(auth).send({ ...base, masterId, outletIds: [foreign] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.outletIds).toMatch(/not one of the master account's outlets/);
    const ok = await request.post('/api/admin/business-owners').set(auth).send({ ...base, masterId, outletIds: [own] });
    expect(ok.status).toBe(201);
    expect(ok.body.outletIds).toEqual([own]);

    const session = await bearer('business', ok.body.id);
    const off = await request.put(`/api/admin/business-owners/${ok.body.id}`).set(auth).send({ ...ok.body, isActive: false });
    expect(off.body.isActive).toBe(false);
    expect(await testDb()('sessions').where({ businessOwnerId: ok.body.id }).whereNull('revokedAt').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await request.post('/api/onboarding/bo/logout').set(session)).status).toBe(401);
  });

  it('read-only resources and verbs answer 405 with a sentence', async () => {
    const { request } = createTestApp();
    const res = await request.post('/api/admin/audit-log').set(auth).send({});
    expect(res.status).toBe(405);
    expect(res.body.message).toBe('Audit log cannot be created in the back office.');
    expect((await request.delete('/api/admin/support-tickets/1').set(auth)).status).toBe(405);
  });

  it('an unknown id is a 404 with a message', async () => {
    const res = await createTestApp().request.get('/api/admin/outlets/999').set(auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Outlet not found' });
  });
});

describe('delete: orphan refusal', () => {
  it('refuses to delete an outlet with payments, orders or coupons (409), and changes nothing', async () => {
    const outletId = await insertOutlet({ categoryId, cityId }, { name: 'Brahmin’s Coffee Bar' });
    await insertPaidOrder(outletId);
    const consumerId = await insertConsumer();
    await testDb()('coupons').insert({
      code: 'CPN-1',
      consumerId,
      outletId,
      discountPercent: 5,
      issuedOn: '2026-11-21',
      validUntil: new Date('2026-11-21T18:00:00Z'),
    });
    const before = await testDb()('outlets').where({ id: outletId }).first();
    const res = await createTestApp().request.delete(`/api/admin/outlets/${outletId}`).set(auth).set('Content-Type', 'text/plain');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Cannot delete outlet "Brahmin’s Coffee Bar": it still has 1 payment, 1 order and 1 coupon. Nothing was deleted.',
    );
    expect(res.body.errors.root.serverError).toBe(res.body.message);
    expect(await testDb()('outlets').where({ id: outletId }).first()).toEqual(before);
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('refuses to delete a category or city that outlets use', async () => {
    await insertOutlet({ categoryId, cityId });
    const { request } = createTestApp();
    const cat = await request.delete(`/api/admin/categories/${categoryId}`).set(auth);
    expect(cat.status).toBe(409);
    expect(cat.body.message).toBe('Cannot delete category "Restaurants": it still has 1 outlet. Nothing was deleted.');
    const city = await request.delete(`/api/admin/cities/${cityId}`).set(auth);
    expect(city.status).toBe(409);
  });

  it('a foreign key no guard describes still refuses cleanly (409, not a 500), and changes nothing', async () => {
    const outletId = await insertOutlet({ categoryId, cityId });
    await testDb()('ledgerEntries').insert({ outletId, entryType: 'payout', amountPaise: 500_00, occurredAt: new Date() });
    const res = await createTestApp().request.delete(`/api/admin/outlets/${outletId}`).set(auth);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot delete this outlet: other records still refer to it. Nothing was deleted.');
    expect(await testDb()('outlets').where({ id: outletId }).first('id')).toEqual({ id: outletId });
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});

describe('audit log', () => {
  it('records who, when, what, before and after for create, update and delete, readable at /api/admin/audit-log', async () => {
    const { request } = createTestApp();
    const created = (await request.post('/api/admin/categories').set(auth).send({ name: 'Salons', slug: 'salons', icon: 'scissors' })).body;
    await request.put(`/api/admin/categories/${created.id}`).set(auth).send({ ...created, name: 'Salons & Spas' });
    await request.delete(`/api/admin/categories/${created.id}`).set(auth).set('Content-Type', 'text/plain');

    const rows = await testDb()('auditLog').orderBy('id').select('*');
    expect(rows.map((r) => [r.salesStaffId, r.action, r.resource, r.recordId])).toEqual([
      [staffId, 'create', 'categories', String(created.id)],
      [staffId, 'update', 'categories', String(created.id)],
      [staffId, 'delete', 'categories', String(created.id)],
    ]);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ name: 'Salons', slug: 'salons' });
    expect(rows[1]!.before).toMatchObject({ name: 'Salons' });
    expect(rows[1]!.after).toMatchObject({ name: 'Salons & Spas' });
    expect(rows[2]!.before).toMatchObject({ name: 'Salons & Spas' });
    expect(rows[2]!.after).toBeNull();

    const log = await list('audit-log', { filter: { resource: 'categories', action: 'update' }, range: [0, 9] });
    expect(log.body).toEqual([
      expect.objectContaining({ action: 'update', salesStaffName: 'Priya Sharma', before: expect.objectContaining({ name: 'Salons' }) }),
    ]);
  });

  it('a change that fails leaves neither the change nor an audit row (same transaction)', async () => {
    const { request } = createTestApp();
    const a = (await request.post('/api/admin/categories').set(auth).send({ name: 'Gyms', slug: 'gyms', icon: 'dumbbell' })).body;
    const res = await request.put(`/api/admin/categories/${a.id}`).set(auth).send({ name: 'Restaurants' });
    expect(res.status).toBe(409);
    expect(await testDb()('categories').where({ id: a.id }).first('name')).toEqual({ name: 'Gyms' });
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('is read-only', async () => {
    await testDb()('auditLog').insert({ salesStaffId: staffId, action: 'create', resource: 'outlets', recordId: '1' });
    const { request } = createTestApp();
    expect((await request.put('/api/admin/audit-log/1').set(auth).send({ action: 'delete' })).status).toBe(405);
    expect((await request.delete('/api/admin/audit-log/1').set(auth)).status).toBe(405);
    expect(await testDb()('auditLog').first('action')).toEqual({ action: 'create' });
  });
});

describe('the guard: only sales staff', () => {
  it('every /api/admin route is 401 without a session and 403 with a shopper’s or an owner’s', async () => {
    const consumer = await bearer('consumer', await insertConsumer());
    const owner = await bearer('business', await insertOwner());
    const { request } = createTestApp();
    const routes: [string, string][] = [];
    for (const d of ADMIN_RESOURCES) {
      routes.push(['get', `/api/admin/${d.name}`], ['get', `/api/admin/${d.name}/1`], ['post', `/api/admin/${d.name}`]);
      routes.push(['put', `/api/admin/${d.name}/1`], ['delete', `/api/admin/${d.name}/1`]);
      for (const action of Object.keys(d.actions ?? {})) routes.push(['post', `/api/admin/${d.name}/1/${action}`]);
    }
    const salesPaths: [string, string][] = [
      ['post', '/api/onboarding/bo/signup'],
      ['post', '/api/outlet/create'],
      ['get', '/api/outlet/all-outlets'],
      ['get', '/api/business-owners'],
      ['post', '/api/business-owners'],
      ['get', '/api/outlet/dayDiscounts?outletId=1'],
      ['post', '/api/outlet/dayDiscounts'],
      ['post', '/api/sales/details?outletId=1'],
    ];
    for (const [method, path] of [...routes, ...salesPaths]) {
      const call = () => (request as unknown as Record<string, (p: string) => Test>)[method]!(path);
      expect([method, path, (await call()).status]).toEqual([method, path, 401]);
      expect([method, path, (await call().set(consumer)).status]).toEqual([method, path, 403]);
      expect([method, path, (await call().set(owner)).status]).toEqual([method, path, 403]);
    }
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
