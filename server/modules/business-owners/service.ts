import type { Language } from '../common/schema.ts';
import type { Knex } from 'knex';
import { badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AdminRecord, ResourceHooks } from '../../admin/engine.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { setOwnedOutlets } from '../outlets/service.ts';
import { single } from '../../db/rows.ts';
import type { BusinessOwnerInsert, BusinessOwnerRow } from '../../db/tables.ts';
import type { LoginAccounts } from '../../lib/password-login.ts';
import { replaceGrants } from './grants.ts';

/**
 * Business-owner accounts as sales staff manage them. A master account owns its outlets
 * (`outlets.owner_id`) and has a grant row for each; a sub-account is granted some of its master's
 * outlets. `outletIds` (virtual) lists the grants.
 */

async function assertMaster(trx: Knex, masterId: unknown): Promise<number> {
  if (typeof masterId !== 'number') throw badRequest('A sub-account needs its master account', { masterId: 'Choose the master account' });
  const master = await trx('businessOwners').where({ id: masterId }).first('isMaster');
  if (!master?.isMaster) throw badRequest('The master account must be a master', { masterId: 'Not a master account' });
  return masterId;
}

/** Checks master/sub-account consistency and returns the masterId to store. */
async function masterIdFor(trx: Knex, isMaster: boolean, masterId: unknown, selfId?: number): Promise<number | null> {
  if (isMaster) return null;
  const id = await assertMaster(trx, masterId);
  if (id === selfId) throw badRequest('An account cannot be its own master', { masterId: 'Choose another account' });
  return id;
}

/** Replaces the account's grants with `outletIds`; a master also becomes the owner of those outlets. */
export async function setOutletGrants(
  trx: Knex,
  owner: Pick<BusinessOwnerRow, 'id' | 'isMaster' | 'masterId'>,
  outletIds: number[],
): Promise<void> {
  const ids = [...new Set(outletIds)];
  const outlets = ids.length ? await trx('outlets').whereIn('id', ids).select('id', 'name', 'ownerId') : [];
  if (outlets.length !== ids.length) throw badRequest('Some outlets do not exist', { outletIds: 'Some outlets do not exist' });
  if (owner.isMaster) {
    const taken = outlets.find((o) => o.ownerId !== null && o.ownerId !== owner.id);
    if (taken) {
      throw conflict(`Outlet "${taken.name}" already belongs to another master account`, {
        outletIds: `"${taken.name}" belongs to another master account`,
      });
    }
    await setOwnedOutlets(trx, owner.id, ids);
  } else {
    const masterOutlets = new Set(owner.masterId === null ? [] : await trx('outlets').where({ ownerId: owner.masterId }).pluck('id'));
    const foreign = outlets.find((o) => !masterOutlets.has(o.id));
    if (foreign) {
      throw badRequest(`Outlet "${foreign.name}" does not belong to the master account`, {
        outletIds: `"${foreign.name}" is not one of the master account's outlets`,
      });
    }
  }
  await replaceGrants(trx, owner.id, ids, owner.isMaster ? null : owner.masterId);
}

/** The account a back-office record describes (the engine's records are untyped). */
const accountOf = (r: AdminRecord): Pick<BusinessOwnerRow, 'id' | 'isMaster' | 'masterId'> => ({
  id: Number(r.id),
  isMaster: r.isMaster === true,
  masterId: typeof r.masterId === 'number' ? r.masterId : null,
});

const outletIdsOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((id): id is number => typeof id === 'number') : []);

export const businessOwnerHooks: ResourceHooks = {
  async beforeCreate(input, { trx }) {
    const { password, outletIds: _outletIds, ...rest } = input;
    const isMaster = rest.isMaster !== false;
    return {
      ...rest,
      isMaster,
      masterId: await masterIdFor(trx, isMaster, rest.masterId),
      passwordHash: await hashPassword(String(password)),
    };
  },
  async afterCreate(record, input, { trx }) {
    await setOutletGrants(trx, accountOf(record), outletIdsOf(input.outletIds));
  },
  async beforeUpdate(patch, before, { trx }) {
    const { newPassword, outletIds: _outletIds, ...row } = patch;
    if ('isMaster' in row || 'masterId' in row) {
      const isMaster = (row.isMaster ?? before.isMaster) === true;
      row.isMaster = isMaster;
      row.masterId = await masterIdFor(trx, isMaster, 'masterId' in row ? row.masterId : before.masterId, Number(before.id));
      if (isMaster !== before.isMaster) {
        const subs = await trx('businessOwners').where({ masterId: Number(before.id) }).count({ n: '*' }).first();
        if (!isMaster && Number(subs?.n ?? 0) > 0) {
          throw conflict('This master account has sub-accounts; move them first', { isMaster: 'Has sub-accounts' });
        }
      }
    }
    if (typeof newPassword === 'string' && newPassword) {
      row.passwordHash = await hashPassword(newPassword);
      row.failedLoginCount = 0;
      row.lockedUntil = null;
    }
    return row;
  },
  async afterUpdate(record, patch, before, { trx }) {
    if (Array.isArray(patch.outletIds)) await setOutletGrants(trx, accountOf(record), outletIdsOf(patch.outletIds));
    else if (record.isMaster !== before.isMaster) await setOutletGrants(trx, accountOf(record), []);
    // Disabling an account or changing its password ends its open sessions.
    if (patch.isActive === false || (typeof patch.newPassword === 'string' && patch.newPassword)) {
      await revokeAllSessions('business', Number(record.id), trx);
    }
  },
  async decorate(records: AdminRecord[], db: Knex) {
    const ids = records.map((r) => Number(r.id));
    const grants = ids.length
      ? await db('businessOwnerOutlets').whereIn('businessOwnerId', ids).orderBy('outletId').select('businessOwnerId', 'outletId')
      : [];
    for (const r of records) {
      r.outletIds = grants.filter((g) => g.businessOwnerId === r.id).map((g) => g.outletId);
    }
  },
};

// ---------------------------------------------------------------- what other modules ask for

/** An account created outside the back office (a master's sub-account, sub-accounts). Returns its id. */
export async function insertBusinessOwner(trx: Knex.Transaction, row: BusinessOwnerInsert): Promise<number> {
  return single(await trx('businessOwners').insert(row).returning('id')).id;
}

/** What an account's owner or its master may change outside the back office. */
export type BusinessOwnerChanges = Partial<Pick<BusinessOwnerRow, 'name' | 'phoneNumber' | 'email' | 'designation' | 'isActive' | 'canRefund' | 'passwordHash'>>;

/**
 * Changes an account outside the back office (the owner's profile, a master's sub-account), as the
 * back office's hooks do: a new password clears the failure count, and a new password or disabling the
 * account ends its open sessions.
 */
export async function updateBusinessOwner(trx: Knex.Transaction, id: number, changes: BusinessOwnerChanges, at: Date): Promise<void> {
  const resets = changes.passwordHash ? { failedLoginCount: 0, lockedUntil: null } : {};
  await trx('businessOwners').where({ id }).update({ ...changes, ...resets, updatedAt: at });
  if (changes.isActive === false || changes.passwordHash) await revokeAllSessions('business', id, trx);
}

/** The console language an account chose (business-auth's `setLanguage`). */
export async function writeBusinessOwnerLanguage(db: Knex, id: number, language: Language, at: Date): Promise<void> {
  await db('businessOwners').where({ id }).update({ language, updatedAt: at });
}

/** Deletes an account (a master's sub-account): its sessions end with it. */
export async function deleteBusinessOwner(trx: Knex.Transaction, id: number): Promise<void> {
  await revokeAllSessions('business', id, trx);
  await trx('businessOwners').where({ id }).delete();
}

/** The business accounts for the shared password login (business-auth, `server/lib/password-login.ts`). */
export const businessOwnerLogins: LoginAccounts<
  Pick<BusinessOwnerRow, 'id' | 'username' | 'passwordHash' | 'isActive' | 'name' | 'phoneNumber' | 'pan' | 'designation' | 'isMaster' | 'masterId' | 'language'>
> = {
  kind: 'businessOwners',
  find: (db, username) =>
    db('businessOwners')
      .whereRaw('lower(username) = lower(?)', [username])
      .first('id', 'username', 'passwordHash', 'isActive', 'name', 'phoneNumber', 'pan', 'designation', 'isMaster', 'masterId', 'language'),
  async failed(db, id, at) {
    await db('businessOwners')
      .where({ id })
      .update({ failedLoginCount: db.raw('failed_login_count + 1'), lastFailedLoginAt: at });
  },
  async succeeded(db, id) {
    await db('businessOwners').where({ id }).update({ failedLoginCount: 0 });
  },
};

/** The legacy shape of an account (`businessOwnerDetails` in SPEC §3). */
export function businessOwnerDetails(owner: {
  id: number;
  phoneNumber: string;
  username: string;
  pan: string | null;
  designation: string | null;
  isMaster: boolean;
  masterId: number | null;
  language?: string;
}) {
  return {
    BO_ID: owner.id,
    PHONE_NUMBER: owner.phoneNumber,
    USERNAME: owner.username,
    PAN: owner.pan,
    DESIGNATION: owner.designation,
    IS_MASTER: String(owner.isMaster),
    MASTER_ID: owner.masterId,
    ...(owner.language ? { LANGUAGE: owner.language } : {}),
  };
}
