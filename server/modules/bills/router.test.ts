import type { inferProcedureInput } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import type { AppRouter } from '../../trpc/app-router.ts';
import { callerFor, shopperAndOutlet } from '../../test/factories.ts';

useTestDatabase();

let shopper: number;
let outlet: number;

beforeEach(async () => {
  ({ shopper, outlet } = await shopperAndOutlet({ basePercent: 20 }));
});

describe('bills (tRPC)', () => {
  it('get returns the clean camelCase breakdown', async () => {
    const caller = await callerFor(shopper);
    const input: inferProcedureInput<AppRouter['bills']['get']> = { outletId: outlet, amount: '500' };
    const b = await caller.bills.get(input);
    expect(b).toMatchObject({ billPaise: 50_000, instantDiscountPercent: 20, instantDiscountPaise: 10_000, offer: { source: 'base' } });
    expect(b.amountPaise).toBe(b.billPaise - b.discountPaise + b.convenienceFeePaise + b.gstPaise);
    expect(b.offer?.validUntil).toBeInstanceOf(Date);
  });

  it('refuses anonymous callers and bad amounts', async () => {
    await expect((await callerFor()).bills.get({ outletId: outlet, amount: 500 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const caller = await callerFor(shopper);
    await expect(caller.bills.get({ outletId: outlet, amount: 'lots' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
