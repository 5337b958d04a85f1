import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { MASTER_ONLY, accessibleOutletIds } from '../../lib/outlet-access.ts';
import { loginBusinessOwner } from '../business-auth/service.ts';
import { resolveSession } from '../sessions/service.ts';
import { type BusinessWorld, businessWorld } from '../../test/factories.ts';
import { SUB_ACCOUNT_MESSAGES } from './schema.ts';
import { createSubAccount, deleteSubAccount, listSubAccounts, setSubAccountOutlets, updateSubAccount } from './service.ts';

useTestDatabase();

let w: BusinessWorld;
beforeEach(async () => {
  createTestApp();
  w = await businessWorld();
});

const input = (over: Record<string, unknown> = {}) => ({
  username: 'cashier.one',
  password: 'Cashier@2026',
  name: 'Kavya',
  phoneNumber: '9876501234',
  outletIds: [] as number[],
  ...over,
});

describe('sub-accounts', () => {
  it('a master creates a sub-account that logs in and sees only its granted outlets', async () => {
    const sub = await createSubAccount(w.ownerA, input({ outletIds: [w.outletA2] }));
    expect(sub).toMatchObject({ username: 'cashier.one', isActive: true, outletIds: [w.outletA2] });
    const login = await loginBusinessOwner({ username: 'cashier.one', password: 'Cashier@2026' });
    expect(login.businessOwner).toMatchObject({ isMaster: false, masterId: w.ownerA });
    expect(login.outlets.map((o) => o.id)).toEqual([w.outletA2]);
    expect(await accessibleOutletIds(sub.id)).toEqual([w.outletA2]);
    expect((await listSubAccounts(w.ownerA)).map((s) => s.username)).toEqual(['sub.a', 'cashier.one']);
  });

  it('a master cannot grant an outlet it does not own, nor manage another master’s sub-account', async () => {
    await expect(createSubAccount(w.ownerA, input({ outletIds: [w.outletB] }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await testDb()('businessOwners').where({ username: 'cashier.one' })).toHaveLength(0);
    await expect(setSubAccountOutlets(w.ownerA, { subAccountId: w.subB, outletIds: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(updateSubAccount(w.ownerA, { subAccountId: w.subB, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deleteSubAccount(w.ownerA, w.subB)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(updateSubAccount(w.ownerA, { subAccountId: w.ownerB, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a sub-account never manages accounts', async () => {
    await expect(listSubAccounts(w.subA)).rejects.toMatchObject({ code: 'FORBIDDEN', message: MASTER_ONLY });
    await expect(createSubAccount(w.subA, input())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(setSubAccountOutlets(w.subA, { subAccountId: w.subA, outletIds: [w.outletA, w.outletA2] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('usernames are unique regardless of case', async () => {
    await expect(createSubAccount(w.ownerA, input({ username: 'OWNER.B' }))).rejects.toMatchObject({ code: 'CONFLICT', message: SUB_ACCOUNT_MESSAGES.usernameTaken });
  });

  it('disabling or deleting a sub-account ends its sessions; a grant lapses when the master gives the outlet up', async () => {
    const login = await loginBusinessOwner({ username: 'sub.a', password: 'Owner@123' });
    expect(await resolveSession(login.accessToken)).not.toBeNull();
    await updateSubAccount(w.ownerA, { subAccountId: w.subA, isActive: false });
    expect(await resolveSession(login.accessToken)).toBeNull();
    await expect(accessibleOutletIds(w.subA)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await updateSubAccount(w.ownerA, { subAccountId: w.subA, isActive: true });
    expect(await accessibleOutletIds(w.subA)).toEqual([w.outletA]);
    await testDb()('outlets').where({ id: w.outletA }).update({ ownerId: w.ownerB });
    expect(await accessibleOutletIds(w.subA)).toEqual([]);
    await deleteSubAccount(w.ownerA, w.subA);
    expect(await testDb()('businessOwners').where({ id: w.subA })).toHaveLength(0);
  });
});
