import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { assertMasterAccount } from '../../lib/outlet-access.ts';
import { businessOf, checkedInputOf } from '../../rest/guards.ts';
import { bool } from '../../rest/legacy.ts';
import { createSubAccountSchema, setSubAccountOutletsSchema, subAccountIdSchema, updateSubAccountSchema, type SubAccount } from './schema.ts';
import { createSubAccount, deleteSubAccount, listSubAccounts, setSubAccountOutlets, updateSubAccount } from './service.ts';

/** The legacy account shape (businessOwnerDetails-like) plus the granted outlets. */
const subAccountWire = (s: SubAccount) => ({
  BO_ID: s.id,
  USERNAME: s.username,
  NAME: s.name,
  PHONE_NUMBER: s.phoneNumber,
  EMAIL: s.email,
  DESIGNATION: s.designation,
  IS_MASTER: 'false',
  IS_ACTIVE: bool(s.isActive),
  CAN_REFUND: bool(s.canRefund),
  OUTLET_IDS: s.outletIds,
});

/** The master's id and the raw input, with the master rule and the outlets it grants checked first. */
async function masterInputOf(ctx: Parameters<typeof businessOf>[0]) {
  await assertMasterAccount(businessOf(ctx).businessOwnerId);
  return checkedInputOf(ctx);
}

/** `/api/business/sub-accounts`: a master account's user management (docs/business.md). */
export function subAccountsRest({ api }: { api: Router; admin: Router }): void {
  api.get('/business/sub-accounts', async (ctx) => {
    ctx.body = { users: (await listSubAccounts(businessOf(ctx).businessOwnerId)).map(subAccountWire) };
  });
  api.post('/business/sub-accounts', async (ctx) => {
    const { ownerId, raw } = await masterInputOf(ctx);
    const account = await createSubAccount(ownerId, parseWith(createSubAccountSchema, raw));
    ctx.status = 201;
    ctx.body = { success: true, user: subAccountWire(account) };
  });
  api.put('/business/sub-accounts', async (ctx) => {
    const { ownerId, raw } = await masterInputOf(ctx);
    ctx.body = { success: true, user: subAccountWire(await updateSubAccount(ownerId, parseWith(updateSubAccountSchema, raw))) };
  });
  api.put('/business/sub-accounts/outlets', async (ctx) => {
    const { ownerId, raw } = await masterInputOf(ctx);
    const account = await setSubAccountOutlets(ownerId, parseWith(setSubAccountOutletsSchema, raw));
    ctx.body = { success: true, user: subAccountWire(account) };
  });
  api.delete('/business/sub-accounts', async (ctx) => {
    const { ownerId, raw } = await masterInputOf(ctx);
    const input = parseWith(subAccountIdSchema, raw);
    ctx.body = { success: true, user: subAccountWire(await deleteSubAccount(ownerId, input.subAccountId)) };
  });
}
