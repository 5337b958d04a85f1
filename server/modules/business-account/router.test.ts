import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { failure } from '../../test/trpc.ts';
import { OUTLET_ACCESS_DENIED } from '../../lib/outlet-access.ts';
import { businessCaller, type BusinessWorld, businessApp } from '../../test/factories.ts';

useTestDatabase();

let w: BusinessWorld;
beforeEach(async () => {
  ({ w } = await businessApp()); // Monday 12:30 IST
});

describe('businessAccount over tRPC', () => {
  it('needs a business session (a shopper or nobody is UNAUTHORIZED)', async () => {
    expect((await failure(createCaller(createContextInner()).businessAccount.profile({ outletId: w.outletA }))).code).toBe('UNAUTHORIZED');
    const shopper = createCaller(createContextInner({ principal: { kind: 'consumer', sessionId: 1, consumerId: 1, isApp: false } }));
    expect((await failure(shopper.businessAccount.discount({ outletId: w.outletA }))).code).toBe('UNAUTHORIZED');
  });

  it('a foreign outlet is FORBIDDEN before validation, an unknown one NOT_FOUND', async () => {
    const caller = await businessCaller(w.ownerA);
    const e = await failure(caller.businessAccount.setDiscount({ outletId: w.outletB, discount: 500 as number, liveStatus: true }));
    expect(e).toMatchObject({ code: 'FORBIDDEN', message: OUTLET_ACCESS_DENIED });
    expect((await failure(caller.businessAccount.overview({ outletId: 987_654 }))).code).toBe('NOT_FOUND');
  });

  it('a sub-account uses only its granted outlets', async () => {
    const sub = await businessCaller(w.subA);
    expect(await sub.businessAccount.setDiscount({ outletId: w.outletA, discount: 10, liveStatus: true })).toMatchObject({ discountPercent: 10, isLive: true });
    expect((await failure(sub.businessAccount.discount({ outletId: w.outletA2 }))).code).toBe('FORBIDDEN');
  });

  it('updateOverview with only about keeps cost for two and highlights; null or [] clears them', async () => {
    const caller = await businessCaller(w.ownerA);
    await caller.businessAccount.updateOverview({ outletId: w.outletA, about: 'Since 1965', costForTwoPaise: 40000, highlights: ['Pure veg'] });
    expect(await caller.businessAccount.updateOverview({ outletId: w.outletA, about: 'Filter coffee since 1965' })).toMatchObject({
      about: 'Filter coffee since 1965',
      costForTwoPaise: 40000,
      highlights: ['Pure veg'],
    });
    expect(await caller.businessAccount.updateOverview({ outletId: w.outletA, costForTwoPaise: null, highlights: [] })).toMatchObject({
      about: 'Filter coffee since 1965',
      costForTwoPaise: null,
      highlights: [],
    });
    expect(await caller.businessAccount.overview({ outletId: w.outletA })).toMatchObject({
      about: 'Filter coffee since 1965',
      costForTwoPaise: null,
      highlights: [],
    });
  });

  it('returns camelCase shapes', async () => {
    const caller = await businessCaller(w.ownerA);
    expect(await caller.businessAccount.updateOverview({ outletId: w.outletA, about: 'Hello', highlights: ['Wi-Fi'] })).toMatchObject({
      outletId: w.outletA,
      about: 'Hello',
      highlights: ['Wi-Fi'],
    });
    expect(await caller.businessAccount.photos({ outletId: w.outletA })).toEqual([]);
    expect(await caller.businessAccount.gstin({ outletId: w.outletA })).toEqual({ outletId: w.outletA, gstin: null, status: 'missing', certificateUrl: null, ackNumber: null });
    expect((await failure(caller.businessAccount.updateGstin({ outletId: w.outletA, gstin: '27AAPFU0939F1ZV' }))).code).toBe('BAD_REQUEST');
  });
});
