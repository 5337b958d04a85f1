import { unauthorized } from './errors.ts';
import { keyedHash } from './crypto.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { reserveAttempts, settleAttempts, type Limit } from './rate-limit.ts';
import { runtime } from './runtime.ts';

/**
 * Username + password login, shared by the sales staff and business owners (both tables have
 * `username`, `password_hash`, `is_active` and `failed_login_count`).
 * - usernames match case-insensitively; unknown ones are checked against a decoy hash (same timing);
 * - a wrong password or a disabled account gets the same message as an unknown username;
 * - failures slow down the *client*, never the account: MAX_FAILED_LOGINS attempts in a row from one
 *   client IP for one username, or MAX_FAILED_LOGINS_PER_IP from one IP across usernames, make that IP
 *   wait LOCK_MINUTES (429 + Retry-After). The right password from another IP still works, so nobody
 *   can lock an owner out from elsewhere. The counters live in PostgreSQL (`rate_limit_counters`, keyed
 *   by keyed hashes, never the raw IP or username) and every attempt is counted before the password is
 *   checked, so they hold across processes and under concurrency; a success hands its attempt back.
 * - `failed_login_count` (and `last_failed_login_at` for owners) only records failures since the last
 *   success, for sales staff to see; it locks nothing.
 */
export const INVALID_LOGIN = 'Invalid username or password';
export const LOCKED_OUT = 'Too many failed attempts. Please try again later.';
/** Attempts in a row one client IP may make for one username before it waits LOCK_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
/** Failed attempts one client IP may make across usernames before it waits LOCK_MINUTES. */
export const MAX_FAILED_LOGINS_PER_IP = 20;
/** How long a throttled client waits, and how long after its last failure a streak is forgotten. */
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

type LoginTable = 'salesStaff' | 'businessOwners';

/** The two throttle keys of one attempt: (table, IP, username) and (table, IP). */
export function loginThrottleKeys(table: LoginTable, username: string, ip: string | null | undefined) {
  const { secret } = runtime();
  const client = ip || 'unknown';
  return {
    pair: `login:${table}:ip-user:${keyedHash(secret, 'login-throttle', `${client}\n${username.toLowerCase()}`)}`,
    ip: `login:${table}:ip:${keyedHash(secret, 'ip', client)}`,
  };
}

function throttleLimits(keys: { pair: string; ip: string }): Limit[] {
  const windowSeconds = LOCK_MINUTES * 60;
  return [
    { key: keys.pair, max: MAX_FAILED_LOGINS, windowSeconds, message: LOCKED_OUT },
    { key: keys.ip, max: MAX_FAILED_LOGINS_PER_IP, windowSeconds, message: LOCKED_OUT },
  ];
}

/**
 * Checks the credentials against `table` (camelCase name as Knex sees it) and returns the account's
 * row with `columns`; throws 401 (wrong) or 429 (this client is throttled, with Retry-After).
 */
export async function verifyPasswordLogin<T extends PasswordAccount>(
  table: LoginTable,
  input: { username: string; password: string },
  columns: readonly string[],
  meta: { ip?: string | null } = {},
): Promise<T> {
  const { db, now } = runtime();
  // Counted first, for known and unknown usernames alike, so the throttle says nothing about which exist.
  const keys = loginThrottleKeys(table, input.username, meta.ip);
  await reserveAttempts(throttleLimits(keys));
  const account = await db(table)
    .whereRaw('lower(username) = lower(?)', [input.username])
    .first('id', 'username', 'passwordHash', 'isActive', ...columns);
  if (!account) {
    await verifyPassword(await timingDecoy(), input.password);
    throw unauthorized(INVALID_LOGIN);
  }
  const ok = await verifyPassword(account.passwordHash, input.password);
  if (!ok || !account.isActive) {
    await db(table)
      .where({ id: account.id })
      .update({
        failedLoginCount: db.raw('failed_login_count + 1'),
        ...(table === 'businessOwners' ? { lastFailedLoginAt: now() } : {}),
      });
    throw unauthorized(INVALID_LOGIN);
  }
  await settleAttempts({ reset: [keys.pair], refund: [keys.ip] });
  await db(table).where({ id: account.id }).update({ failedLoginCount: 0 });
  const { passwordHash: _hash, ...rest } = account;
  return rest as T;
}
