import { AppError, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { runtime } from '../../lib/runtime.ts';
import { createSession, revokeSession } from '../sessions/service.ts';
import type { SalesLoginInput, SalesStaffIdentity } from './schema.ts';

export const INVALID_LOGIN = 'Invalid username or password';
/** After this many wrong passwords in a row, the account waits LOCK_MINUTES before trying again. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

let dummyHash: Promise<string> | null = null;
/** Verifying against a throwaway hash when the user is unknown keeps response times alike. */
function timingDecoy(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  return dummyHash;
}

export async function loginSalesStaff(
  input: SalesLoginInput,
  meta: { userAgent?: string } = {},
): Promise<{ token: string; staff: SalesStaffIdentity }> {
  const { db, now } = runtime();
  const staff = await db('salesStaff')
    .whereRaw('lower(username) = lower(?)', [input.username])
    .first('id', 'username', 'name', 'passwordHash', 'isActive', 'lockedUntil');
  if (!staff) {
    await verifyPassword(await timingDecoy(), input.password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (staff.lockedUntil && new Date(staff.lockedUntil) > now()) {
    const retryAfter = Math.ceil((new Date(staff.lockedUntil).getTime() - now().getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', 'Too many failed attempts. Please try again later.', { retryAfter });
  }
  const ok = await verifyPassword(staff.passwordHash, input.password);
  if (!ok || !staff.isActive) {
    // Counted in the database, atomically, so it holds across processes.
    await db('salesStaff')
      .where({ id: staff.id })
      .update({
        failedLoginCount: db.raw('failed_login_count + 1'),
        lockedUntil: db.raw(
          `CASE WHEN failed_login_count + 1 >= ? THEN ?::timestamptz ELSE locked_until END`,
          [MAX_FAILED_LOGINS, new Date(now().getTime() + LOCK_MINUTES * 60_000)],
        ),
      });
    throw unauthorized(INVALID_LOGIN);
  }
  await db('salesStaff').where({ id: staff.id }).update({ failedLoginCount: 0, lockedUntil: null });
  const { token } = await createSession({ kind: 'sales', principalId: staff.id, userAgent: meta.userAgent });
  return { token, staff: { id: staff.id, username: staff.username, name: staff.name } };
}

export async function getSalesStaffIdentity(salesStaffId: number): Promise<SalesStaffIdentity> {
  const staff = await runtime()
    .db('salesStaff')
    .where({ id: salesStaffId, isActive: true })
    .first('id', 'username', 'name');
  if (!staff) throw unauthorized();
  return staff;
}

export function logoutSalesStaff(sessionId: number): Promise<void> {
  return revokeSession(sessionId);
}
