import { AppError, unauthorized } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { runtime } from './runtime.ts';

/**
 * Username + password login, shared by the sales staff and business owners (both tables have
 * `username`, `password_hash`, `is_active`, `failed_login_count` and `locked_until`).
 * - usernames match case-insensitively; unknown ones are checked against a decoy hash (same timing);
 * - a wrong password or a disabled account gets the same message as an unknown username;
 * - MAX_FAILED_LOGINS wrong passwords in a row lock the account for LOCK_MINUTES. The counter lives in the
 *   database and is bumped with one atomic UPDATE, so it holds across processes; once a lock has run
 *   out, counting starts again from one.
 */
export const INVALID_LOGIN = 'Invalid username or password';
export const LOCKED_OUT = 'Too many failed attempts. Please try again later.';
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

let dummyHash: Promise<string> | null = null;
function timingDecoy(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  return dummyHash;
}

export interface PasswordAccount {
  id: number;
  username: string;
  [column: string]: unknown;
}

/**
 * Checks the credentials against `table` (camelCase name as Knex sees it) and returns the account's
 * row with `columns`; throws 401 (wrong) or 429 (locked, with Retry-After).
 */
export async function verifyPasswordLogin<T extends PasswordAccount>(
  table: 'salesStaff' | 'businessOwners',
  input: { username: string; password: string },
  columns: readonly string[],
): Promise<T> {
  const { db, now } = runtime();
  const account = await db(table)
    .whereRaw('lower(username) = lower(?)', [input.username])
    .first('id', 'username', 'passwordHash', 'isActive', 'lockedUntil', ...columns);
  if (!account) {
    await verifyPassword(await timingDecoy(), input.password);
    throw unauthorized(INVALID_LOGIN);
  }
  const at = now();
  if (account.lockedUntil && new Date(account.lockedUntil) > at) {
    const retryAfter = Math.ceil((new Date(account.lockedUntil).getTime() - at.getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', LOCKED_OUT, { retryAfter });
  }
  const ok = await verifyPassword(account.passwordHash, input.password);
  if (!ok || !account.isActive) {
    const lockUntil = new Date(at.getTime() + LOCK_MINUTES * 60_000);
    const lockExpired = 'locked_until IS NOT NULL AND locked_until <= ?::timestamptz';
    await db(table)
      .where({ id: account.id })
      .update({
        failedLoginCount: db.raw(`CASE WHEN ${lockExpired} THEN 1 ELSE failed_login_count + 1 END`, [at]),
        lockedUntil: db.raw(
          `CASE WHEN ${lockExpired} THEN NULL WHEN failed_login_count + 1 >= ? THEN ?::timestamptz ELSE locked_until END`,
          [at, MAX_FAILED_LOGINS, lockUntil],
        ),
        ...(table === 'businessOwners' ? { lastFailedLoginAt: at } : {}),
      });
    throw unauthorized(INVALID_LOGIN);
  }
  await db(table).where({ id: account.id }).update({ failedLoginCount: 0, lockedUntil: null });
  const { passwordHash: _hash, ...rest } = account;
  return rest as T;
}
