import { unauthorized } from '../../lib/errors.ts';
import { verifyPasswordLogin } from '../../lib/password-login.ts';
import { runtime } from '../../lib/runtime.ts';
import { createSession, revokeSession } from '../sessions/service.ts';
import type { SalesLoginInput, SalesStaffIdentity } from './schema.ts';

export { INVALID_LOGIN, LOCK_MINUTES, LOCKED_OUT, MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_IP } from '../../lib/password-login.ts';

export async function loginSalesStaff(
  input: SalesLoginInput,
  meta: { userAgent?: string; ip?: string | null } = {},
): Promise<{ token: string; expiresAt: Date; staff: SalesStaffIdentity }> {
  const staff = await verifyPasswordLogin<{ id: number; username: string; name: string }>('salesStaff', input, ['name'], { ip: meta.ip });
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
