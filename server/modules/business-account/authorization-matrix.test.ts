import Router from '@koa/router';
import { TRPCError } from '@trpc/server';
import type { ZodType } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { appRouter } from '../../trpc/app-router.ts';
import { guardOf } from '../../trpc/trpc.ts';
import { MODULES } from '../index.ts';
import type { ModuleManifest } from '../manifest.ts';
import {
  businessCaller,
  type BusinessWorld,
  businessWorld,
  callerFor,
  fillOutlet,
  FUTURE_DATE,
  insertPaidOrder,
  type OutletContent,
  snapshotOutlet as snapshotContent,
} from '../../test/factories.ts';
import { testDb } from '../../test/database.ts';

/**
 * The authorization matrix (docs/business.md): the owner of outlet A calls EVERY business procedure and
 * EVERY business REST route with outlet B's ids → 403 or 404, and nothing of B changes. Both lists are
 * enumerated (the tRPC routers' procedures, the REST modules' routes), so a new endpoint is covered
 * without editing this file.
 */

useTestDatabase();

/**
 * Every procedure behind the business guard (businessProcedure, outletProcedure, masterProcedure), read
 * from the routers, except the session's own (businessAuth: log out, the console's language) and the
 * account's own devices (payment alerts on this browser: notifications' owner push), which touch no outlet.
 */
const OWN_SESSION = 'businessAuth';
const OWN_DEVICES = ['notifications.ownerPushDevice', 'notifications.subscribeOwnerPush', 'notifications.unsubscribeOwnerPush'];
/** The REST modules of the business side; every route they register is enumerated below. */
const BUSINESS_REST = ['business-account', 'promotions', 'dashboards', 'sub-accounts', 'counter'].map((name) => {
  const rest = (MODULES as readonly ModuleManifest[]).find((m) => m.name === name)?.rest;
  if (!rest) throw new Error(`The ${name} module mounts no REST adapters`);
  return rest;
});

interface ProcedureLike {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: ZodType[] };
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureLike>).filter(
  ([path, procedure]) => guardOf(procedure) === 'business' && !path.startsWith(`${OWN_SESSION}.`) && !OWN_DEVICES.includes(path),
);

function restRoutes(): { method: string; path: string }[] {
  const router = new Router();
  for (const mount of BUSINESS_REST) mount({ api: router, admin: new Router(), adminAuth: new Router() }, { adminResources: [] });
  const out: { method: string; path: string }[] = [];
  for (const layer of router.stack) {
    for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path: String(layer.path) });
  }
  return out;
}

let w: BusinessWorld;
let b: OutletContent;
/** A review of B's outlet by a shopper who paid there (owners answer reviews: reviews.reply). */
let reviewB: number;

/** Everything of B's an owner's call could change: its content and its reviews. */
async function snapshotOutlet(outletId: number, ownerIds: number[]): Promise<string> {
  const reviews = await testDb()('reviews').where({ outletId }).orderBy('id');
  return `${await snapshotContent(outletId, ownerIds)}${JSON.stringify(reviews)}`;
}

/** Every id of B's a request could carry, at the top level and in the nested legacy shapes. */
function foreignIds(outletId: number) {
  return {
    outletId,
    advId: b.adR,
    eventId: b.eventId,
    slotId: b.slotR,
    menuId: b.menuId,
    subAccountId: w.subB,
    reviewId: reviewB,
    outletIds: [w.outletB],
    index: 0,
    from: 0,
    to: 0,
    subCategory: 'food',
    advObj: { advId: b.highlight, title: 'Taken over' },
    eventBody: { EVENT_ID: b.eventId, EVENT_NAME: 'Taken over', DATE: FUTURE_DATE },
  };
}

/**
 * Plausible values by FIELD NAME (not by endpoint), so that with outlet A's id the same request is
 * valid and reaches the service, which must then refuse B's resource ids. A new field name may need a
 * sample here; a new endpoint does not.
 */
function validSample(outletId: number) {
  return {
    ...foreignIds(outletId),
    adType: 'R',
    title: 'Taken over',
    name: 'Taken over',
    about: 'Taken over',
    discount: 50,
    discountPercent: 50,
    liveStatus: true,
    day: 'monday',
    date: FUTURE_DATE,
    month: '2026-11',
    startTime: '08:00',
    endTime: '09:00',
    colorHash: '#000000',
    isEnabled: false,
    isActive: false,
    username: 'taken.over',
    password: 'Taken@over1',
    phoneNumber: '9845000000',
    gstin: '27AAPFU0939F1ZV',
    ackNumber: 'AA2711230012345',
    timeSlots: [{ startTime: '08:00', endTime: '09:00', advId: b.adR, discountPercent: 50 }],
    code: '123456',
    receiptId: 'BCH-AAAAAAAA',
    reason: 'Taken over',
    idempotencyKey: 'taken-over-0001',
    reply: 'Taken over',
  };
}

beforeEach(async () => {
  createTestApp({ now: () => new Date('2026-11-23T06:30:00Z') }); // Monday 12:00 IST
  w = await businessWorld();
  b = await fillOutlet(w.outletB);
  const paid = await insertPaidOrder(w.outletB);
  reviewB = (await (await callerFor(paid.consumerId)).reviews.create({ orderId: paid.publicId, rating: 4, body: 'Crisp dosa, quick service' })).id;
});

const REFUSED = ['FORBIDDEN', 'NOT_FOUND'];

describe('authorization matrix over tRPC (enumerated)', () => {
  it('finds the business procedures', () => {
    const names = procedures.map(([p]) => p);
    expect(names.length).toBeGreaterThan(30);
    for (const r of ['businessAccount', 'promotions', 'dashboards', 'subAccounts', 'counter', 'reviews', 'payments']) {
      expect(names.some((n) => n.startsWith(`${r}.`)), r).toBe(true);
    }
  });

  it("owner A calling every procedure with outlet B's ids is refused, and B is unchanged", async () => {
    const before = await snapshotOutlet(w.outletB, [w.ownerB, w.subB]);
    const caller = await businessCaller(w.ownerA);
    const outcomes: string[] = [];
    for (const [path] of procedures) {
      const fn = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>;
      let code = 'OK';
      try {
        await fn(foreignIds(w.outletB));
      } catch (e) {
        code = e instanceof TRPCError ? e.code : String(e);
      }
      // subAccounts.list takes no outlet: it answers with A's own accounts only.
      if (path === 'subAccounts.list') {
        const list = (await caller.subAccounts.list()).map((s) => s.id);
        expect(list).not.toContain(w.subB);
        continue;
      }
      outcomes.push(`${path}: ${code}`);
      expect(REFUSED, `${path} answered ${code}`).toContain(code);
    }
    expect(outcomes.length).toBe(procedures.length - 1);
    expect(await snapshotOutlet(w.outletB, [w.ownerB, w.subB])).toBe(before);
  });

  it("with A's own outlet id, B's resource ids (ads, events, slots, menus, sub-accounts) are not found", async () => {
    const before = await snapshotOutlet(w.outletB, [w.ownerB, w.subB]);
    const caller = await businessCaller(w.ownerA);
    const base = validSample(w.outletA);
    // Fields with several legal values (ad types) are tried in turn.
    const variants = [base, { ...base, adType: 'Highlight' }, { ...base, adType: 'E', advId: b.adE }, { ...base, from: '2026-11-01', to: FUTURE_DATE }];
    const foreignKeys = ['advId', 'eventId', 'slotId', 'menuId', 'subAccountId', 'reviewId', 'outletIds', 'advObj', 'eventBody', 'timeSlots'];
    let checked = 0;
    for (const [path, proc] of procedures) {
      const schema = proc._def.inputs[0];
      if (!schema) continue;
      const sample = variants.find((v) => schema.safeParse(v).success);
      if (!sample) {
        const issue = schema.safeParse(base).error?.issues[0];
        throw new Error(`${path}: the sample input does not validate (${issue?.path.join('.')}: ${issue?.message}): add a sample for that field name`);
      }
      const parsed = schema.safeParse(sample);
      const data = parsed.data as Record<string, unknown>;
      if (!foreignKeys.some((k) => k in data && data[k] !== undefined)) continue;
      const fn = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>;
      let code = 'OK';
      try {
        await fn(sample);
      } catch (e) {
        code = e instanceof TRPCError ? e.code : String(e);
      }
      // Creating on A's own outlet is allowed; it must just not touch B (checked by the snapshot).
      if (['promotions.createAd', 'promotions.createHighlight', 'promotions.createEvent', 'subAccounts.create', 'businessAccount.saveMenu'].includes(path)) continue;
      expect(REFUSED, `${path} answered ${code}`).toContain(code);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    expect(await snapshotOutlet(w.outletB, [w.ownerB, w.subB])).toBe(before);
  });
});

describe('authorization matrix over REST (enumerated)', () => {
  it("owner A calling every business route with outlet B's ids gets 403 or 404, and B is unchanged", async () => {
    const routes = restRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const before = await snapshotOutlet(w.outletB, [w.ownerB, w.subB]);
    const { request } = createTestApp({ now: () => new Date('2026-11-23T06:30:00Z') });
    const ids = foreignIds(w.outletB);
    const query = { outletId: w.outletB, advId: b.adR, eventId: b.eventId, menuId: b.menuId, subAccountId: w.subB, index: 0, subCategory: 'food' };
    for (const { method, path } of routes) {
      const url = `/api${path.replace(':id', String(w.outletB)).replace(':outletId', String(w.outletB))}`;
      const req = request[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set(w.authA).query(query);
      const res = method === 'GET' ? await req : await req.send(ids);
      if (method === 'GET' && path === '/business/sub-accounts') {
        expect(res.status).toBe(200);
        expect(res.body.users.map((u: { BO_ID: number }) => u.BO_ID)).not.toContain(w.subB);
        continue;
      }
      expect([403, 404], `${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    }
    expect(await snapshotOutlet(w.outletB, [w.ownerB, w.subB])).toBe(before);
  });

  it('every business route refuses a request without a business session (401)', async () => {
    const { request } = createTestApp();
    for (const { method, path } of restRoutes()) {
      const res = await request[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](`/api${path.replace(':id', String(w.outletA)).replace(':outletId', String(w.outletA))}`).query({ outletId: w.outletA });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
