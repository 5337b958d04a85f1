import type { Knex } from 'knex';
import { badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AdminRecord, ResourceHooks } from '../../admin/engine.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { setOwnedOutlets } from '../outlets/service.ts';
import type { BusinessOwnerRow } from '../../db/tables.ts';

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
  await trx('businessOwnerOutlets').where({ businessOwnerId: owner.id }).whereNotIn('outletId', ids).delete();
  if (ids.length) {
    await trx('businessOwnerOutlets')
      .insert(ids.map((outletId) => ({ businessOwnerId: owner.id, outletId, grantedById: owner.isMaster ? null : owner.masterId })))
      .onConflict(['businessOwnerId', 'outletId'])
      .ignore();
  }
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
