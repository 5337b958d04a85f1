import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { newShopper, payableOutlet } from '../../test/factories.ts';

useTestDatabase();

let request: ReturnType<typeof createTestApp>['request'];
let auth: { Authorization: string };
let outlet: number;

beforeEach(async () => {
  ({ request } = createTestApp());
  auth = await bearer('consumer', await newShopper());
  outlet = await payableOutlet({ basePercent: 10 });
});

describe('GET|POST /api/outlet/v1/getBill', () => {
  it('returns the breakdown with upper-case keys, by GET and by POST', async () => {
    const get = await request.get(`/api/outlet/v1/getBill?outletId=${outlet}&amount=1000`).set(auth).expect(200);
    expect(get.body.bill).toMatchObject({
      OUTLET_ID: outlet,
      BILL_PAISE: 100_000,
      BELOW_MINIMUM: 'false',
      INSTANT_DISCOUNT_PAISE: 10_000,
      CONVENIENCE_FEE_PAISE: 900,
      GST_PAISE: 162,
      AMOUNT_PAISE: 91_062,
      OFFER: { SOURCE: 'base', DISCOUNT_PERCENT: 10 },
    });
    const post = await request.post('/api/outlet/v1/getBill').set(auth).send({ outletId: outlet, amount: '30' }).expect(200);
    expect(post.body.bill).toMatchObject({ BELOW_MINIMUM: 'true', MESSAGE: 'Minimum bill of ₹50 to apply any offer', OFFER: null });
  });

  it('401 without a session, 400 with field errors for a bad amount, 404 for an unknown outlet', async () => {
    await request.get(`/api/outlet/v1/getBill?outletId=${outlet}&amount=1000`).expect(401);
    const bad = await request.post('/api/outlet/v1/getBill').set(auth).send({ outletId: outlet, amount: '12.345' }).expect(400);
    expect(bad.body).toMatchObject({ message: 'Enter the amount in rupees, with at most two decimals', errors: { amount: expect.any(String) } });
    await request.post('/api/outlet/v1/getBill').set(auth).send({ outletId: 424242, amount: 100 }).expect(404);
  });
});
