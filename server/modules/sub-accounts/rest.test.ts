import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { businessCaller, type BusinessWorld, businessWorld } from '../../test/factories.ts';

useTestDatabase();

let w: BusinessWorld;
let app: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  app = createTestApp();
  w = await businessWorld();
});

describe('sub-accounts over REST and tRPC', () => {
  it('REST: create (201, no password in the answer), list, grant, disable, delete', async () => {
    const created = await app.request
      .post('/api/business/sub-accounts')
      .set(w.authA)
      .send({ username: 'cashier.two', password: 'Cashier@2026', name: 'Ramesh', phoneNumber: '98765 01235', outletIds: [w.outletA] });
    expect(created.status).toBe(201);
    expect(created.body.user).toEqual({
      BO_ID: expect.any(Number),
      USERNAME: 'cashier.two',
      NAME: 'Ramesh',
      PHONE_NUMBER: '9876501235',
      EMAIL: null,
      DESIGNATION: null,
      IS_MASTER: 'false',
      IS_ACTIVE: 'true',
      CAN_REFUND: 'false',
      OUTLET_IDS: [w.outletA],
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password/i);
    const id = created.body.user.BO_ID;
    const granted = await app.request.put('/api/business/sub-accounts/outlets').set(w.authA).send({ subAccountId: id, outletIds: [w.outletA, w.outletA2] });
    expect(granted.body.user.OUTLET_IDS).toEqual([w.outletA, w.outletA2]);
    const off = await app.request.put('/api/business/sub-accounts').set(w.authA).send({ subAccountId: id, isActive: 'false' });
    expect(off.body.user.IS_ACTIVE).toBe('false');
    // The master lets it refund payments at its outlets (the counter).
    const refunds = await app.request.put('/api/business/sub-accounts').set(w.authA).send({ subAccountId: id, canRefund: 'true' });
    expect(refunds.body.user.CAN_REFUND).toBe('true');
    expect(await testDb()('businessOwners').where({ id }).first('canRefund')).toEqual({ canRefund: true });
    const list = await app.request.get('/api/business/sub-accounts').set(w.authA);
    expect(list.body.users.map((u: { USERNAME: string }) => u.USERNAME)).toEqual(['sub.a', 'cashier.two']);
    const del = await app.request.delete('/api/business/sub-accounts').set(w.authA).send({ subAccountId: id });
    expect(del.status).toBe(200);
  });

  it('REST: bad input is 400 with field errors; a sub-account is 403', async () => {
    const bad = await app.request.post('/api/business/sub-accounts').set(w.authA).send({ username: 'x', password: 'short', name: '', phoneNumber: '123' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['username', 'password', 'name', 'phoneNumber']));
    const sub = await app.request.get('/api/business/sub-accounts').set(w.authSubA);
    expect(sub.status).toBe(403);
  });

  it('tRPC: subAccounts.create / setOutlets / list; a sub-account gets FORBIDDEN', async () => {
    const master = await businessCaller(w.ownerA);
    const s = await master.subAccounts.create({ username: 'cashier.three', password: 'Cashier@2026', name: 'Latha', phoneNumber: '9876501236', outletIds: [w.outletA2] });
    expect(s).toMatchObject({ username: 'cashier.three', outletIds: [w.outletA2] });
    expect((await master.subAccounts.setOutlets({ subAccountId: s.id, outletIds: [] })).outletIds).toEqual([]);
    const sub = await businessCaller(w.subA);
    await expect(sub.subAccounts.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
