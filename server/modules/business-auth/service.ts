import { accessibleOutletIdsQuery, activeBusinessAccount } from '../../lib/outlet-access.ts';
import { verifyPasswordLogin } from '../../lib/password-login.ts';
import { runtime } from '../../lib/runtime.ts';
import type { Language } from '../common/schema.ts';
import { createSession, revokeSession } from '../sessions/service.ts';
import { businessOwnerLogins, writeBusinessOwnerLanguage } from '../business-owners/service.ts';
import type { BusinessLoginInput, BusinessLoginResult, BusinessOutletSummary } from './schema.ts';

export { INVALID_LOGIN, LOCK_MINUTES, LOCKED_OUT, MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_IP } from '../../lib/password-login.ts';

/**
 * The outlets an account may use, by the one ownership rule (`server/lib/outlet-access.ts`): a master's
 * own and granted outlets, a sub-account's grants while its master still owns them. Ordered by id, so
 * the first one, which the client makes current, is stable.
 */
export async function outletsForBusinessOwner(ownerId: number): Promise<BusinessOutletSummary[]> {
  const { db } = runtime();
  const account = await activeBusinessAccount(ownerId, db);
  return db('outlets')
    .whereIn('id', accessibleOutletIdsQuery(db, account))
    .orderBy('id')
    .select('id', 'name', 'addressLineTwo');
}

/**
 * Username + password (Argon2id); failures throttle the client IP, per username and overall, counted
 * in the database (shared with sales, `server/lib/password-login.ts`).
 */
export async function loginBusinessOwner(
  input: BusinessLoginInput,
  meta: { userAgent?: string; ip?: string | null } = {},
): Promise<BusinessLoginResult> {
  const owner = await verifyPasswordLogin(businessOwnerLogins, input, { ip: meta.ip });
  const { token, expiresAt } = await createSession({
    kind: 'business',
    principalId: owner.id,
    isApp: input.isApk ?? false,
    userAgent: meta.userAgent,
  });
  const { isActive: _a, ...identity } = owner;
  return { accessToken: token, expiresAt, businessOwner: identity, outlets: await outletsForBusinessOwner(owner.id) };
}

/** The signed-in account's console language (`businessAuth.setLanguage`, `PUT /business/language`). */
export async function setBusinessOwnerLanguage(ownerId: number, language: Language): Promise<{ language: Language }> {
  const { db, now } = runtime();
  await activeBusinessAccount(ownerId, db);
  await writeBusinessOwnerLanguage(db, ownerId, language, now());
  return { language };
}

export function logoutBusinessOwner(sessionId: number): Promise<void> {
  return revokeSession(sessionId);
}
