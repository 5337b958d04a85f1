import type { Knex } from 'knex';
import { keyedHash, randomToken } from '../../lib/crypto.ts';
import { runtime } from '../../lib/runtime.ts';
import type { SessionKind } from '../../db/tables.ts';
import { announceAccessChange } from './events.ts';

export type { SessionKind };

/**
 * Who is calling. Resolved from the bearer token once per request by the auth middleware. `writeLsn`,
 * only with a read replica and after a write: where the primary's WAL was after it (db/read-replica.ts).
 */
export type Principal = (
  | { kind: 'consumer'; sessionId: number; consumerId: number; isApp: boolean }
  | { kind: 'business'; sessionId: number; businessOwnerId: number; isApp: boolean }
  | { kind: 'sales'; sessionId: number; salesStaffId: number; isApp: boolean }
) & { writeLsn?: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Session lifetimes: one day on the web, a year in the Android app (SPEC §4, §9). */
export function sessionLifetimeMs(isApp: boolean): number {
  return (isApp ? 365 : 1) * DAY_MS;
}

const PRINCIPAL_COLUMN = {
  consumer: 'consumerId',
  business: 'businessOwnerId',
  sales: 'salesStaffId',
} as const;

export function hashToken(token: string): string {
  return keyedHash(runtime().secret, 'session', token);
}

/** Opens a session and returns the only copy of its token; the database keeps a keyed hash. */
export async function createSession(
  input: { kind: SessionKind; principalId: number; isApp?: boolean; userAgent?: string },
  trx?: Knex.Transaction,
): Promise<{ token: string; expiresAt: Date }> {
  const { db, now } = runtime();
  const token = randomToken();
  const isApp = input.isApp ?? false;
  const expiresAt = new Date(now().getTime() + sessionLifetimeMs(isApp));
  await (trx ?? db)('sessions').insert({
    tokenHash: hashToken(token),
    kind: input.kind,
    [PRINCIPAL_COLUMN[input.kind]]: input.principalId,
    isApp,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The principal behind a token, or null when the token is unknown, expired or revoked. */
export async function resolveSession(token: string): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const { db, now } = runtime();
  const row = await db('sessions')
    .where({ tokenHash: hashToken(token) })
    .whereNull('revokedAt')
    .where('expiresAt', '>', now())
    .first('id', 'kind', 'consumerId', 'businessOwnerId', 'salesStaffId', 'isApp', 'writeLsn');
  if (!row) return null;
  const wrote = row.writeLsn ? { writeLsn: row.writeLsn } : {};
  // sessions_principal_check: exactly the id column of the session's kind is set.
  switch (row.kind) {
    case 'consumer':
      return { kind: 'consumer', sessionId: row.id, consumerId: row.consumerId!, isApp: row.isApp, ...wrote };
    case 'business':
      return { kind: 'business', sessionId: row.id, businessOwnerId: row.businessOwnerId!, isApp: row.isApp, ...wrote };
    case 'sales':
      return { kind: 'sales', sessionId: row.id, salesStaffId: row.salesStaffId!, isApp: row.isApp, ...wrote };
  }
}

/**
 * Records on every open session of the principal where the primary's WAL is now: called after a
 * request of theirs wrote, with a read replica (db/read-replica.ts), so their next discovery reads, on
 * whichever instance, wait for the replica to have replayed it or go to the primary.
 */
export async function markSessionsWrote(principal: Principal): Promise<void> {
  const { db, now } = runtime();
  const principalId = principal.kind === 'consumer' ? principal.consumerId : principal.kind === 'business' ? principal.businessOwnerId : principal.salesStaffId;
  await db('sessions')
    .where({ kind: principal.kind, [PRINCIPAL_COLUMN[principal.kind]]: principalId })
    .whereNull('revokedAt')
    .where('expiresAt', '>', now())
    .update({ writeLsn: db.raw('pg_current_wal_lsn()') });
}

export async function revokeSession(sessionId: number, trx?: Knex.Transaction): Promise<void> {
  const { db, now } = runtime();
  const revoked = await (trx ?? db)('sessions').where({ id: sessionId }).whereNull('revokedAt').update({ revokedAt: now() });
  // What the session holds open (the counter's live streams) ends now, in every process.
  if (revoked) await announceAccessChange({ sessionId }, trx);
}

/** Ends every session of one principal (logout everywhere, account deletion, disabling an account). */
export async function revokeAllSessions(kind: SessionKind, principalId: number, trx?: Knex.Transaction): Promise<number> {
  const { db, now } = runtime();
  const revoked = await (trx ?? db)('sessions')
    .where({ kind, [PRINCIPAL_COLUMN[kind]]: principalId })
    .whereNull('revokedAt')
    .update({ revokedAt: now() });
  await announceAccessChange({ kind, principalId }, trx);
  return revoked;
}

/** Ends the session behind a token, if it is one of `kind` still open (a cookie the browser is told to drop). */
export async function revokeSessionToken(kind: SessionKind, token: string, trx?: Knex.Transaction): Promise<void> {
  if (!token || token.length > 200) return;
  const { db, now } = runtime();
  await (trx ?? db)('sessions').where({ tokenHash: hashToken(token), kind }).whereNull('revokedAt').update({ revokedAt: now() });
}
