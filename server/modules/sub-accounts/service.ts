import type { Knex } from 'knex';
import { conflict, notFound, toAppError } from '../../lib/errors.ts';
import { assertMasterAccount, assertOutletAccess } from '../../lib/outlet-access.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { runtime } from '../../lib/runtime.ts';
import type { BusinessOwnerRow } from '../../db/tables.ts';
import { deleteBusinessOwner, insertBusinessOwner, updateBusinessOwner, type BusinessOwnerChanges } from '../business-owners/service.ts';
import { replaceGrants } from '../business-owners/grants.ts';
import {
  SUB_ACCOUNT_MESSAGES,
  type CreateSubAccountInput,
  type SetSubAccountOutletsInput,
  type SubAccount,
  type UpdateSubAccountInput,
} from './schema.ts';

/**
 * Sub-accounts (docs/business.md): only an active MASTER manages them, only its own, and it can grant
 * only outlets it may use itself (the shared outlet check). A disabled or deleted sub-account loses its
 * sessions at once.
 */

async function ownSubAccount(db: Knex, masterId: number, subAccountId: number, lock = false) {
  const q = db('businessOwners').where({ id: subAccountId, masterId, isMaster: false });
  if (lock) q.forUpdate();
  const row = await q.first('id');
  if (!row) throw notFound(SUB_ACCOUNT_MESSAGES.notFound);
  return row;
}

const COLUMNS = ['id', 'username', 'name', 'phoneNumber', 'email', 'designation', 'isActive', 'canRefund', 'createdAt'] as const;
type SubAccountRow = Pick<BusinessOwnerRow, (typeof COLUMNS)[number]>;

async function toSubAccounts(db: Knex, rows: SubAccountRow[]): Promise<SubAccount[]> {
  const ids = rows.map((r) => r.id);
  const grants = ids.length ? await db('businessOwnerOutlets').whereIn('businessOwnerId', ids).orderBy('outletId').select('businessOwnerId', 'outletId') : [];
  return rows.map(({ createdAt, ...r }) => ({
    ...r,
    outletIds: grants.filter((g) => g.businessOwnerId === r.id).map((g) => g.outletId),
    createdAt,
  }));
}

export async function listSubAccounts(masterId: number): Promise<SubAccount[]> {
  await assertMasterAccount(masterId);
  const { db } = runtime();
  return toSubAccounts(db, await db('businessOwners').where({ masterId, isMaster: false }).orderBy('id').select(COLUMNS));
}

async function getSubAccount(db: Knex, subAccountId: number): Promise<SubAccount> {
  const [account] = await toSubAccounts(db, await db('businessOwners').where({ id: subAccountId }).select(COLUMNS));
  return account!;
}

/** Every outlet in `outletIds` must be one the master may use (403/404 otherwise). */
async function assertGrantable(masterId: number, outletIds: number[], trx: Knex) {
  for (const outletId of new Set(outletIds)) await assertOutletAccess(masterId, outletId, trx);
}

const usernameConflict = (error: unknown) => {
  const e = toAppError(error);
  if (e?.code === 'CONFLICT' && (e.details?.username || /username/i.test(JSON.stringify(e.details ?? {})))) {
    return conflict(SUB_ACCOUNT_MESSAGES.usernameTaken, { username: SUB_ACCOUNT_MESSAGES.usernameTaken });
  }
  return error;
};

export async function createSubAccount(masterId: number, input: CreateSubAccountInput): Promise<SubAccount> {
  await assertMasterAccount(masterId);
  const { db } = runtime();
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (trx) => {
      await assertGrantable(masterId, input.outletIds, trx);
      const taken = await trx('businessOwners').whereRaw('lower(username) = lower(?)', [input.username]).first('id');
      if (taken) throw conflict(SUB_ACCOUNT_MESSAGES.usernameTaken, { username: SUB_ACCOUNT_MESSAGES.usernameTaken });
      const id = await insertBusinessOwner(trx, {
        username: input.username,
        passwordHash,
        name: input.name,
        phoneNumber: input.phoneNumber,
        email: input.email ?? null,
        designation: input.designation ?? null,
        isMaster: false,
        masterId,
        canRefund: input.canRefund ?? false,
      });
      await replaceGrants(trx, id, input.outletIds, masterId);
      return id;
    });
    return getSubAccount(db, id);
  } catch (error) {
    throw usernameConflict(error);
  }
}

export async function updateSubAccount(masterId: number, input: UpdateSubAccountInput): Promise<SubAccount> {
  await assertMasterAccount(masterId);
  const { db, now } = runtime();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (trx) => {
    await ownSubAccount(trx, masterId, input.subAccountId, true);
    const changes: BusinessOwnerChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber;
    if (input.email !== undefined) changes.email = input.email;
    if (input.designation !== undefined) changes.designation = input.designation || null;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    if (input.canRefund !== undefined) changes.canRefund = input.canRefund;
    if (passwordHash) changes.passwordHash = passwordHash;
    await updateBusinessOwner(trx, input.subAccountId, changes, now());
  });
  return getSubAccount(db, input.subAccountId);
}

export async function setSubAccountOutlets(masterId: number, input: SetSubAccountOutletsInput): Promise<SubAccount> {
  await assertMasterAccount(masterId);
  const { db } = runtime();
  await db.transaction(async (trx) => {
    await ownSubAccount(trx, masterId, input.subAccountId, true);
    await assertGrantable(masterId, input.outletIds, trx);
    await replaceGrants(trx, input.subAccountId, input.outletIds, masterId);
  });
  return getSubAccount(db, input.subAccountId);
}

export async function deleteSubAccount(masterId: number, subAccountId: number): Promise<SubAccount> {
  await assertMasterAccount(masterId);
  const { db } = runtime();
  return db.transaction(async (trx) => {
    await ownSubAccount(trx, masterId, subAccountId, true);
    const before = await getSubAccount(trx, subAccountId);
    await deleteBusinessOwner(trx, subAccountId);
    return before;
  });
}
