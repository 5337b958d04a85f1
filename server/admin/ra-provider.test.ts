import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import { insertCategory, insertCity, insertConsumer, insertOutlet, insertOwner, insertPaidOrder, insertSalesStaff } from '../test/factories.ts';

/**
 * Drives our `/api/admin` through the real ra-data-simple-rest provider (the code react-admin runs),
 * over HTTP on an ephemeral port, for every verb on every resource. Verbs a resource does not offer
 * must be refused by the server (405), not silently accepted.
 */

useTestDatabase();

let server: http.Server;
let provider: DataProvider;
let token = '';

beforeAll(async () => {
  const { app } = createTestApp();
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const httpClient = (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } });
  provider = simpleRestProvider(`http://127.0.0.1:${port}/api/admin`, httpClient);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Fixture {
  categoryId: number;
  cityId: number;
  outletIds: number[];
  masterId: number;
}
let fx: Fixture;

beforeEach(async () => {
  const staff = await insertSalesStaff();
  token = staff.auth.Authorization.slice('Bearer '.length);
  const categoryId = await insertCategory();
  const cityId = await insertCity();
  const outletIds = [
    await insertOutlet({ categoryId, cityId }),
    await insertOutlet({ categoryId, cityId }),
    await insertOutlet({ categoryId, cityId }),
  ];
  fx = { categoryId, cityId, outletIds, masterId: await insertOwner() };
});

interface Case {
  /** Three distinct create bodies (or rows inserted directly for resources sales cannot create). */
  create: (i: number) => Record<string, unknown>;
  insert?: (i: number) => Promise<void>;
  /** A change for update (applied on the whole record) and updateMany (sent alone). */
  change: Record<string, unknown>;
  /** A filter field for getManyReference and the id it targets. */
  reference: () => { target: string; id: unknown };
}

const cases: Record<string, Case> = {
  outlets: {
    create: (i) => ({
      name: `Chai Point ${i}`,
      categoryId: fx.categoryId,
      cityId: fx.cityId,
      addressLineOne: `${i + 1}, MG Road`,
      addressLineTwo: 'Indiranagar',
      state: 'Karnataka',
      pincode: '560038',
      latitude: 12.97,
      longitude: 77.64,
      opensAt: '08:00',
      closesAt: '23:00',
    }),
    change: { isLive: true },
    reference: () => ({ target: 'cityId', id: fx.cityId }),
  },
  'business-owners': {
    create: (i) => ({
      username: `new.owner${i}`,
      password: 'Strong@123',
      name: `Owner ${i}`,
      phoneNumber: '9845000000',
      isMaster: true,
    }),
    change: { isActive: false },
    reference: () => ({ target: 'isMaster', id: true }),
  },
  'business-applications': {
    create: (i) => ({
      businessName: `Dosa Corner ${i}`,
      address: '4th Block, Jayanagar, Bengaluru',
      contactName: 'Lakshmi Rao',
      phoneNumber: '9900112233',
      pan: 'ABCPR1234K',
      gstAckNumber: `ACK${i}0001`,
      cityId: fx.cityId,
      categoryId: fx.categoryId,
    }),
    change: { contactName: 'Lakshmi R.' },
    reference: () => ({ target: 'cityId', id: fx.cityId }),
  },
  discounts: {
    create: (i) => ({ outletId: fx.outletIds[i], discountPercent: 10 + i, isLive: false }),
    change: { isLive: true },
    reference: () => ({ target: 'outletId', id: fx.outletIds[0]! }),
  },
  'day-discounts': {
    create: (i) => ({ outletId: fx.outletIds[0], dayOfWeek: i + 1, discountPercent: 5 + i }),
    change: { discountPercent: 25 },
    reference: () => ({ target: 'outletId', id: fx.outletIds[0]! }),
  },
  categories: {
    create: (i) => ({ name: `Spa ${i}`, slug: `spa-${i}`, icon: 'sparkles', sortOrder: 10 + i }),
    change: { isActive: false },
    reference: () => ({ target: 'id', id: fx.categoryId }),
  },
  cities: {
    create: (i) => ({ name: `Mysuru ${i}`, slug: `mysuru-${i}`, state: 'Karnataka', latitude: 12.3, longitude: 76.64 }),
    change: { isActive: false },
    reference: () => ({ target: 'id', id: fx.cityId }),
  },
  'support-tickets': {
    create: () => ({ status: 'open' }),
    insert: async (i) => {
      await testDb()('supportTickets').insert({
        name: 'Aarav',
        email: 'aarav@example.com',
        subject: `Refund ${i}`,
        message: 'My payment failed but money was debited.',
        businessOwnerId: fx.masterId,
      });
    },
    change: { status: 'closed' },
    reference: () => ({ target: 'status', id: 'open' }),
  },
  reviews: {
    create: () => ({ status: 'hidden' }),
    insert: async (i) => {
      await insertReview(fx.outletIds[0]!, i);
    },
    change: { status: 'hidden', moderationNote: 'Names a staff member' },
    reference: () => ({ target: 'outletId', id: fx.outletIds[0]! }),
  },
  'review-reports': {
    create: () => ({}),
    insert: async (i) => {
      const reviewId = await insertReview(fx.outletIds[1]!, i);
      await testDb()('reviewReports').insert({ reviewId, consumerId: await insertConsumer(), reason: 'spam' });
    },
    change: {},
    reference: () => ({ target: 'reason', id: 'spam' }),
  },
  settlements: {
    create: () => ({ payoutUtr: 'SBIN0000123456' }),
    // A statement of a past day at an outlet without a linked account: the platform owes its payout.
    insert: async (i) => {
      const paidAt = new Date(Date.now() - (3 + i) * 86_400_000);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(paidAt);
      const [consumer] = await testDb()('consumers').insert({ phoneHash: `hash-${i}`, referralCode: `MESTL00${i}` }).returning('id');
      await testDb()('orders').insert({
        consumerId: consumer!.id,
        outletId: fx.outletIds[0]!,
        idempotencyKey: `ra-settlement-${i}`,
        status: 'paid',
        provider: 'sandbox',
        billPaise: 100_000,
        instantDiscountPercent: 0,
        instantDiscountPaise: 0,
        convenienceFeePaise: 1_000,
        gstPaise: 180,
        amountPaise: 101_180,
        paidAt,
        expiresAt: paidAt,
      });
      await testDb()('settlements').insert({
        outletId: fx.outletIds[0]!,
        periodStart: day,
        periodEnd: day,
        grossPaise: 100_000,
        discountPaise: 0,
        feePaise: 1_500,
        netPaise: 98_500,
        payoutPaise: 98_230,
        status: 'pending',
      });
    },
    change: { payoutUtr: 'SBIN0000123456' },
    reference: () => ({ target: 'outletId', id: fx.outletIds[0] }),
  },
  'audit-log': {
    create: () => ({}),
    insert: async (i) => {
      await testDb()('auditLog').insert({ action: 'create', resource: 'outlets', recordId: String(i + 1), after: JSON.stringify({ i }) });
    },
    change: {},
    reference: () => ({ target: 'recordId', id: '1' }),
  },
};

/** A published review of the outlet by the shopper of a paid order there. */
async function insertReview(outletId: number, i: number): Promise<number> {
  const { orderId } = await insertPaidOrder(outletId);
  const order = await testDb()('orders').where({ id: orderId }).first<{ consumerId: number }>('consumerId');
  const [row] = await testDb()('reviews')
    .insert({ outletId, consumerId: order!.consumerId, orderId, rating: 1 + (i % 5), body: `Visit ${i}: good dosa` })
    .returning('id');
  return row!.id;
}

async function rejectsWithStatus(promise: Promise<unknown>, status: number): Promise<void> {
  await expect(promise).rejects.toMatchObject({ status });
}

describe('ra-data-simple-rest against /api/admin', () => {
  it('covers every declared resource', () => {
    expect(Object.keys(cases).sort()).toEqual(ADMIN_RESOURCES.map((r) => r.name).sort());
  });

  it.each(ADMIN_RESOURCES.map((r) => [r.name, r] as const))('%s: every verb', async (name, d) => {
    const c = cases[name]!;

    // create (or arrange rows for resources that sales staff cannot create)
    const ids: (number | string)[] = [];
    if (d.operations.create) {
      for (let i = 0; i < 3; i++) {
        const { data } = await provider.create(name, { data: c.create(i) });
        expect(data.id).toBeDefined();
        ids.push(data.id);
      }
    } else {
      await rejectsWithStatus(provider.create(name, { data: c.create(0) }), 405);
      for (let i = 0; i < 3; i++) await c.insert!(i);
      const { data } = await provider.getList(name, {
        pagination: { page: 1, perPage: 3 },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      });
      ids.push(...data.map((r) => r.id).reverse());
    }
    expect(ids).toHaveLength(3);

    // getList: sorted, paged, with the total from Content-Range
    const page = await provider.getList(name, {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const second = await provider.getList(name, {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(second.data.map((r) => r.id)).not.toContain(page.data[0]!.id);

    // getOne
    const one = await provider.getOne(name, { id: ids[0]! });
    expect(one.data.id).toEqual(ids[0]);
    for (const hidden of d.hidden ?? []) expect(one.data).not.toHaveProperty(hidden);

    // getMany: filter={"id":[…]}
    const many = await provider.getMany(name, { ids: [ids[0]!, ids[1]!] });
    expect(many.data.map((r) => r.id).sort()).toEqual([ids[0], ids[1]].sort());

    // getManyReference: filter on the target + sort + range
    const ref = c.reference();
    const refs = await provider.getManyReference(name, {
      target: ref.target,
      id: ref.id as number,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(refs.total).toBeGreaterThanOrEqual(1);

    if (d.operations.update) {
      // update: react-admin sends the whole record back, read-only fields and all
      const updated = await provider.update(name, { id: ids[0]!, data: { ...one.data, ...c.change }, previousData: one.data });
      for (const [k, v] of Object.entries(c.change)) expect(updated.data[k]).toEqual(v);
      // updateMany: only the changed fields; others keep their values
      const result = await provider.updateMany(name, { ids: [ids[1]!, ids[2]!], data: c.change });
      expect(result.data).toEqual([ids[1], ids[2]]);
      const after = await provider.getOne(name, { id: ids[1]! });
      for (const [k, v] of Object.entries(c.change)) expect(after.data[k]).toEqual(v);
    } else {
      await rejectsWithStatus(provider.update(name, { id: ids[0]!, data: one.data, previousData: one.data }), 405);
      await rejectsWithStatus(provider.updateMany(name, { ids: [ids[0]!], data: {} }), 405);
    }

    if (d.operations.delete) {
      // delete returns the deleted record; deleteMany reads .id from each response
      const deleted = await provider.delete(name, { id: ids[2]!, previousData: { id: ids[2]! } });
      expect(deleted.data.id).toEqual(ids[2]);
      await rejectsWithStatus(provider.getOne(name, { id: ids[2]! }), 404);
      const gone = await provider.deleteMany(name, { ids: [ids[0]!, ids[1]!] });
      expect(gone.data).toEqual([ids[0], ids[1]]);
      const left = await provider.getMany(name, { ids });
      expect(left.data).toEqual([]);
    } else {
      await rejectsWithStatus(provider.delete(name, { id: ids[0]!, previousData: { id: ids[0]! } }), 405);
      await rejectsWithStatus(provider.deleteMany(name, { ids: [ids[0]!] }), 405);
    }
  });

  it('shows server validation errors in the shape react-admin forms read', async () => {
    const error = await provider.create('outlets', { data: { name: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    const body = (error as { body: { errors: Record<string, unknown> } }).body;
    expect(body.errors).toMatchObject({ name: 'Name is required', root: { serverError: expect.any(String) } });
  });
});
