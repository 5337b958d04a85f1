import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { callerFor, shopperAndOutlet } from '../../test/factories.ts';

useTestDatabase();

let shopper: number;
let outlet: number;

beforeEach(async () => {
  ({ shopper, outlet } = await shopperAndOutlet({ shuffleMin: 4, shuffleMax: 4 }));
});

describe('shuffles (tRPC)', () => {
  it('deal then save; the value comes from the range, not from the request', async () => {
    const caller = await callerFor(shopper);
    expect(await caller.shuffles.deal({ outletId: outlet })).toMatchObject({ minPercent: 4, maxPercent: 4, freeAvailable: true });
    const saved = await caller.shuffles.save({ outletId: outlet, card: 2, discount: 100 });
    expect(saved.coupon.discountPercent).toBe(4);
    expect(saved.card).toBe(2);
    await expect(caller.shuffles.save({ outletId: outlet, card: 0 })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses anonymous callers and a card that is not dealt', async () => {
    await expect((await callerFor()).shuffles.deal({ outletId: outlet })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const caller = await callerFor(shopper);
    await expect(caller.shuffles.save({ outletId: outlet, card: 7 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
