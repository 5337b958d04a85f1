import type { Knex } from 'knex';
import { unauthorized } from './errors.ts';
import { keyedHash } from './crypto.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { reserveAttempts, settleAttempts, touchAttempts, type Limit } from './rate-limit.ts';
import { runtime } from './runtime.ts';

/**
 * Username + password login, shared by the sales staff and business owners (both tables have
 * `username`, `password_hash`, `is_active` and `failed_login_count`). The accounts' tables are read and
 * written by their owners' services (`LoginAccounts`: sales-staff, business-owners); this file holds
 * the procedure and the throttle.
 * - usernames match case-insensitively; an unknown one does the work a wrong password does: a verify
 *   against a decoy hash made with the same Argon2 parameters, and one row written and committed (a
 *   wrong password records its failure on the account; an unknown name rewrites its throttle row), so
 *   the two answers take as long (password-login.test.ts measures both);
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

/** What the login needs of an account (its owner's service may return more: the caller's identity). */
export interface PasswordAccount {
  id: number;
  username: string;
  /** Argon2id. */
  passwordHash: string;
  isActive: boolean;
}

/** One kind of account that signs in with a password, as the module owning its table reads and writes it. */
export interface LoginAccounts<A extends PasswordAccount> {
  /** Names the kind in the throttle keys (the table's name). */
  kind: 'salesStaff' | 'businessOwners';
  /** The account with this username, compared case-insensitively. */
  find(db: Knex, username: string): Promise<A | undefined>;
  /** A wrong password, or a disabled account: one more failure since the last success. */
  failed(db: Knex, id: number, at: Date): Promise<void>;
  /** The right password: the failures are forgotten. */
  succeeded(db: Knex, id: number): Promise<void>;
}

/** The two throttle keys of one attempt: (kind, IP, username) and (kind, IP). */
export function loginThrottleKeys(kind: LoginAccounts<PasswordAccount>['kind'], username: string, ip: string | null | undefined) {
  const { secret } = runtime();
  const client = ip || 'unknown';
  return {
    pair: `login:${kind}:ip-user:${keyedHash(secret, 'login-throttle', `${client}\n${username.toLowerCase()}`)}`,
    ip: `login:${kind}:ip:${keyedHash(secret, 'ip', client)}`,
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
 * Checks the credentials against the `accounts` and returns the account (without its password hash);
 * throws 401 (wrong) or 429 (this client is throttled, with Retry-After).
 */
export async function verifyPasswordLogin<A extends PasswordAccount>(
  accounts: LoginAccounts<A>,
  input: { username: string; password: string },
  meta: { ip?: string | null } = {},
): Promise<Omit<A, 'passwordHash'>> {
  const { db, now } = runtime();
  // Counted first, for known and unknown usernames alike, so the throttle says nothing about which exist.
  const keys = loginThrottleKeys(accounts.kind, input.username, meta.ip);
  await reserveAttempts(throttleLimits(keys));
  // Both kinds wait for the decoy (made once, on the first login of either kind).
  const decoy = await timingDecoy();
  const account = await accounts.find(db, input.username);
  if (!account) {
    // The same work as a wrong password below: one Argon2 verify, one row written.
    await verifyPassword(decoy, input.password);
    await touchAttempts(keys.pair);
    throw unauthorized(INVALID_LOGIN);
  }
  const ok = await verifyPassword(account.passwordHash, input.password);
  if (!ok || !account.isActive) {
    await accounts.failed(db, account.id, now());
    throw unauthorized(INVALID_LOGIN);
  }
  await settleAttempts({ reset: [keys.pair], refund: [keys.ip] });
  await accounts.succeeded(db, account.id);
  const { passwordHash: _hash, ...rest } = account;
  return rest;
}
