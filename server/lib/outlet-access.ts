import type { Knex } from 'knex';
import { AppError, forbidden, notFound } from './errors.ts';
import { requestContext } from './logger.ts';
import { runtime } from './runtime.ts';
import type { BusinessOwnerRow } from '../db/tables.ts';
import { rawRows } from '../db/rows.ts';

/**
 * THE ownership rule for every business call (docs/business.md): "may this business account use
 * outlet X?". A master account may use the outlets it owns (`outlets.owner_id`) and any granted to it;
 * a sub-account may use only the outlets its master granted it (`business_owner_outlets`), and only
 * while its master still owns them. A disabled account may use nothing.
 *
 * Every business service calls `assertOutletAccess` with the outlet id of the request before it reads
 * or writes anything of that outlet; the tRPC procedures and REST guards also call it on the raw input
 * before validation, so a foreign outlet id is refused the same way whatever else the request holds.
 */

export const OUTLET_ACCESS_DENIED = 'You do not have access to this outlet.';
export const OUTLET_NOT_FOUND = 'Outlet not found';
export const ACCOUNT_DISABLED = 'This business account is disabled.';
export const MASTER_ONLY = 'Only the master account can manage user accounts.';

export interface BusinessAccount {
  id: number;
  isMaster: boolean;
  masterId: number | null;
  isActive: boolean;
}

export interface OutletAccess {
  account: BusinessAccount;
  outletId: number;
}

/** The calling account (active), or FORBIDDEN. */
export async function activeBusinessAccount(businessOwnerId: number, trx?: Knex): Promise<BusinessAccount> {
  const db = trx ?? runtime().db;
  const row = await db('businessOwners').where({ id: businessOwnerId }).first('id', 'isMaster', 'masterId', 'isActive');
  if (!row || !row.isActive) throw forbidden(ACCOUNT_DISABLED);
  return { id: row.id, isMaster: row.isMaster, masterId: row.masterId, isActive: true };
}

/** A query of the ids of every outlet `account` may use (for `whereIn`). */
export function accessibleOutletIdsQuery(db: Knex, account: BusinessAccount) {
  const granted = db('businessOwnerOutlets').select('outletId').where({ businessOwnerId: account.id });
  if (account.isMaster) {
    return db('outlets').select('id').where('ownerId', account.id).orWhereIn('id', granted);
  }
  // A sub-account's grant counts only while its master owns the outlet.
  return db('outlets').select('id').whereIn('id', granted).andWhere('ownerId', account.masterId ?? -1);
}

/** The ids of every outlet the account may use, ascending. */
export async function accessibleOutletIds(businessOwnerId: number, trx?: Knex): Promise<number[]> {
  const db = trx ?? runtime().db;
  const account = await activeBusinessAccount(businessOwnerId, db);
  return accessibleOutletIdsQuery(db, account).orderBy('id').pluck('id');
}

/**
 * Refuses unless the account may use the outlet: NOT_FOUND when no such outlet exists, FORBIDDEN when
 * it exists but is not the caller's. Returns the account so services need not read it again.
 */
export async function assertOutletAccess(businessOwnerId: number, outletId: number, trx?: Knex): Promise<OutletAccess> {
  // Within one request, an access already granted is not read again (the guard checks the outlet
  // before validation, then the service checks it before it reads: one round trip, not two). Only
  // grants are remembered, and only outside transactions: a write checks against what it locks.
  const scope = trx ? undefined : requestContext.getStore();
  const key = `outlet-access:${businessOwnerId}:${outletId}`;
  const known = scope?.settled?.get(key) as OutletAccess | undefined;
  if (known) return known;
  const access = await checkOutletAccess(businessOwnerId, outletId, trx);
  if (scope) (scope.settled ??= new Map()).set(key, access);
  return access;
}

async function checkOutletAccess(businessOwnerId: number, outletId: number, trx?: Knex): Promise<OutletAccess> {
  const db = trx ?? runtime().db;
  if (!Number.isSafeInteger(outletId) || outletId <= 0) {
    await activeBusinessAccount(businessOwnerId, db);
    throw notFound(OUTLET_NOT_FOUND);
  }
  // One round trip: the account, the outlet and the grant.
  const row = await db('businessOwners as bo')
    .leftJoin('outlets as o', 'o.id', db.raw('?', [outletId]))
    .where('bo.id', businessOwnerId)
    .first<AccessRow | undefined>(
      'bo.id',
      'bo.isMaster',
      'bo.masterId',
      'bo.isActive',
      'o.id as outletId',
      'o.ownerId',
      db.raw('EXISTS (SELECT 1 FROM business_owner_outlets g WHERE g.business_owner_id = bo.id AND g.outlet_id = o.id) AS granted'),
    );
  const decided = accessOf(row, outletId);
  if (decided instanceof AppError) throw decided;
  return decided;
}

/** The rule itself, over one (account, outlet, grant) row: the access, or the error that refuses it. */
function accessOf(row: AccessRow | undefined, outletId: number): OutletAccess | AppError {
  if (!row || !row.isActive) return forbidden(ACCOUNT_DISABLED);
  const account: BusinessAccount = { id: row.id, isMaster: row.isMaster, masterId: row.masterId, isActive: true };
  if (row.outletId === null) return notFound(OUTLET_NOT_FOUND);
  const ownerId = row.ownerId;
  if (account.isMaster && ownerId === account.id) return { account, outletId };
  if (row.granted && (account.isMaster || ownerId === account.masterId)) return { account, outletId };
  return forbidden(OUTLET_ACCESS_DENIED);
}

/**
 * Which of these (account, outlet) pairs the accounts may still use, by the same rule, in ONE query
 * whatever their number (the live streams' periodic re-check, counter/live-streams.ts). Returns the
 * keys `"<account>:<outlet>"` of the pairs still allowed.
 */
export async function outletAccessStillHeld(pairs: readonly { businessOwnerId: number; outletId: number }[], db: Knex = runtime().db): Promise<Set<string>> {
  const held = new Set<string>();
  if (!pairs.length) return held;
  const ids = (values: number[]) => `{${values.join(',')}}`;
  const rows = await rawRows<AccessRow & { wantedOwner: number; wantedOutlet: number }>(
    db,
    `SELECT p.b AS wanted_owner, p.o AS wanted_outlet, bo.id, bo.is_master, bo.master_id, bo.is_active, o.id AS outlet_id, o.owner_id,
            EXISTS (SELECT 1 FROM business_owner_outlets g WHERE g.business_owner_id = bo.id AND g.outlet_id = o.id) AS granted
       FROM unnest(?::bigint[], ?::bigint[]) AS p(b, o)
       JOIN business_owners bo ON bo.id = p.b
       LEFT JOIN outlets o ON o.id = p.o`,
    [ids(pairs.map((p) => p.businessOwnerId)), ids(pairs.map((p) => p.outletId))],
  );
  for (const row of rows) {
    if (!(accessOf(row, Number(row.wantedOutlet)) instanceof AppError)) held.add(`${Number(row.wantedOwner)}:${Number(row.wantedOutlet)}`);
  }
  return held;
}

/** The account, the outlet (null when there is none) and whether the account was granted it. */
type AccessRow = Pick<BusinessOwnerRow, 'id' | 'isMaster' | 'masterId' | 'isActive'> & {
  outletId: number | null;
  ownerId: number | null;
  granted: boolean;
};

/** Refuses unless the account is an active master (sub-accounts never manage accounts). */
export async function assertMasterAccount(businessOwnerId: number, trx?: Knex): Promise<BusinessAccount> {
  const account = await activeBusinessAccount(businessOwnerId, trx);
  if (!account.isMaster) throw forbidden(MASTER_ONLY);
  return account;
}

/**
 * The outlet id a raw (not yet validated) request names, if any: `outletId` / `OUTLET_ID` at the top
 * level. Used to refuse a foreign outlet before validation; a missing or malformed id is left to the
 * schema (400).
 */
export function rawOutletIdOf(raw: unknown): number | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const value = r.outletId ?? r.OUTLET_ID ?? r.outlet_id;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Every outlet id a raw request names: `outletId` and the entries of an `outletIds` list (grants). */
export function rawOutletIdsOf(raw: unknown): number[] {
  const ids: number[] = [];
  const single = rawOutletIdOf(raw);
  if (single !== null) ids.push(single);
  const list = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).outletIds : undefined;
  if (Array.isArray(list)) {
    for (const v of list.slice(0, 200)) {
      const n = rawOutletIdOf({ outletId: v });
      if (n !== null) ids.push(n);
    }
  }
  return [...new Set(ids)];
}

/** Refuses unless the account may use every outlet the raw request names (the pre-validation check). */
export async function assertRawOutletAccess(businessOwnerId: number, raw: unknown): Promise<void> {
  for (const outletId of rawOutletIdsOf(raw)) await assertOutletAccess(businessOwnerId, outletId);
}

export const REFUNDS_NOT_ALLOWED = 'Your account is not allowed to refund payments. Ask your master account to allow it in User management.';

/**
 * May the account refund payments (the counter, docs/business.md "Refunds")? A master always may; a
 * sub-account when its master allowed it (`business_owners.can_refund`, set in user management).
 */
export async function mayRefund(account: BusinessAccount, trx?: Knex): Promise<boolean> {
  if (account.isMaster) return true;
  const row = await (trx ?? runtime().db)('businessOwners').where({ id: account.id }).first('canRefund');
  return row?.canRefund === true;
}

/** Refuses unless the account may use the outlet AND refund payments there (403 otherwise). */
export async function assertRefundAccess(businessOwnerId: number, outletId: number, trx?: Knex): Promise<OutletAccess> {
  const access = await assertOutletAccess(businessOwnerId, outletId, trx);
  if (!(await mayRefund(access.account, trx))) throw forbidden(REFUNDS_NOT_ALLOWED);
  return access;
}
