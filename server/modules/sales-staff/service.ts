import { unauthorized } from '../../lib/errors.ts';
import { verifyPasswordLogin, type LoginAccounts } from '../../lib/password-login.ts';
import type { SalesStaffRow } from '../../db/tables.ts';
import { runtime } from '../../lib/runtime.ts';
import { createSession, revokeSession } from '../sessions/service.ts';
import type { SalesLoginInput, SalesStaffIdentity } from './schema.ts';

export { INVALID_LOGIN, LOCK_MINUTES, LOCKED_OUT, MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_IP } from '../../lib/password-login.ts';

/** Sales staff accounts for the shared password login (`server/lib/password-login.ts`). */
export const salesStaffLogins: LoginAccounts<Pick<SalesStaffRow, 'id' | 'username' | 'passwordHash' | 'isActive' | 'name'>> = {
  kind: 'salesStaff',
  find: (db, username) => db('salesStaff').whereRaw('lower(username) = lower(?)', [username]).first('id', 'username', 'passwordHash', 'isActive', 'name'),
  async failed(db, id) {
    await db('salesStaff').where({ id }).update({ failedLoginCount: db.raw('failed_login_count + 1') });
  },
  async succeeded(db, id) {
    await db('salesStaff').where({ id }).update({ failedLoginCount: 0 });
  },
};

export async function loginSalesStaff(
  input: SalesLoginInput,
  meta: { userAgent?: string; ip?: string | null } = {},
): Promise<{ token: string; expiresAt: Date; staff: SalesStaffIdentity }> {
  const staff = await verifyPasswordLogin(salesStaffLogins, input, { ip: meta.ip });
  const { token, expiresAt } = await createSession({ kind: 'sales', principalId: staff.id, userAgent: meta.userAgent });
  return { token, expiresAt, staff: { id: staff.id, username: staff.username, name: staff.name } };
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
