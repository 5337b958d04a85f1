import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { newShopper, payableOutlet } from '../../test/factories.ts';
import { HI } from '../../lib/i18n-hi.ts';
import { GROUP_BILL_MESSAGES } from './schema.ts';

/** `/api/group-bills` for partners and the app wrapper (docs/payments.md "Group pay"). */

useTestDatabase();

let app: ReturnType<typeof createTestApp>;
let outlet: number;
let host: Record<string, string>;
let friend: Record<string, string>;

beforeEach(async () => {
  app = createTestApp();
  outlet = await payableOutlet({ basePercent: 10 });
  host = await bearer('consumer', await newShopper('Asha Rao'));
  friend = await bearer('consumer', await newShopper('Ravi Kumar'));
});

describe('/api/group-bills', () => {
  it('the host starts one (201), anyone with the code reads it (names only when signed in), a friend orders a share', async () => {
    const created = await app.request.post('/api/group-bills').set(host).send({ outletId: outlet, amount: '2400', people: 4 });
    expect(created.status).toBe(201);
    const code = created.body.groupBill.code as string;
    expect(created.body.groupBill).toMatchObject({ totalPaise: 216_000, shareCount: 4, path: `/group/${code}`, isHost: true });

    const anonymous = await app.request.get(`/api/group-bills/${code.toLowerCase()}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.groupBill).toMatchObject({ code, hostName: null, isHost: false });
    const shareId = anonymous.body.groupBill.shares[1].id as number;

    const order = await app.request.post(`/api/group-bills/${code}/shares/${shareId}/order`).set(friend).set('Idempotency-Key', 'grp-rest-0001').send({ couponId: null });
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({ STATUS: 'created', BILL_PAISE: 60_000, INSTANT_DISCOUNT_PAISE: 6_000, OUTLET_ID: outlet });
    const again = await app.request.post(`/api/group-bills/${code}/shares/${shareId}/order`).set(friend).send({ couponId: null, idempotencyKey: 'grp-rest-0001' });
    expect(again.body.order.ORDER_ID).toBe(order.body.order.ORDER_ID);

    const seen = await app.request.get(`/api/group-bills/${code}`).set(host);
    expect(seen.body.groupBill).toMatchObject({ hostName: 'Asha', isHost: true });
    expect(seen.body.groupBill.shares[1]).toMatchObject({ state: 'paying', payerName: 'Ravi' });
  });

  it('signed out: 401 to start or pay; a bad split is a 400 in the reader’s language with nothing written; unknown code 404', async () => {
    expect((await app.request.post('/api/group-bills').send({ outletId: outlet, amount: '2400', people: 4 })).status).toBe(401);
    const tooSmall = await app.request.post('/api/group-bills').set(host).set('Accept-Language', 'hi').send({ outletId: outlet, amount: '90', people: 2 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.message).toBe(HI[GROUP_BILL_MESSAGES.shareBelowMinimum]);
    const neither = await app.request.post('/api/group-bills').set(host).send({ outletId: outlet, amount: '2400' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(GROUP_BILL_MESSAGES.peopleOrShares);
    expect((await app.request.post('/api/group-bills').set(host).send({ outletId: outlet, amount: '2400', shares: ['1000', '1000'] })).status).toBe(400);
    expect(await testDb()('groupBills').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await app.request.get('/api/group-bills/ZZZZZZ')).status).toBe(404);
    expect((await app.request.get('/api/group-bills/%3Cscript%3E')).status).toBe(400);
  });

  it('only the host changes the split or pays the rest (403), and not after a share was paid', async () => {
    const { body } = await app.request.post('/api/group-bills').set(host).send({ outletId: outlet, amount: '1000', shares: ['600', '400'] });
    const code = body.groupBill.code as string;
    expect((await app.request.patch(`/api/group-bills/${code}`).set(friend).send({ amount: '1200', people: 2 })).status).toBe(403);
    const changed = await app.request.patch(`/api/group-bills/${code}`).set(host).send({ amount: '1200', people: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body.groupBill).toMatchObject({ billPaise: 120_000, shareCount: 3, version: 2 });
    expect((await app.request.post(`/api/group-bills/${code}/rest/order`).set(friend).send({ idempotencyKey: 'grp-rest-0002' })).status).toBe(403);
    const rest = await app.request.post(`/api/group-bills/${code}/rest/order`).set(host).send({ idempotencyKey: 'grp-rest-0003', couponId: null });
    expect(rest.status).toBe(200);
    expect(rest.body.order).toMatchObject({ BILL_PAISE: 120_000, INSTANT_DISCOUNT_PAISE: 12_000 });
  });
});
