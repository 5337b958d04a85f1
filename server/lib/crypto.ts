import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * The application secret keys every stored hash (session tokens, OTP codes, phone numbers).
 * Production must set APP_SECRET; development and tests get a random one kept in DATA_DIR so that
 * sessions survive restarts (the file is created with mode 600).
 */
export function resolveAppSecret(env: Pick<Env, 'APP_SECRET' | 'DATA_DIR'>): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  if (env.DATA_DIR === 'memory') return randomBytes(32).toString('hex');
  const file = path.join(env.DATA_DIR, 'app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}

export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(purpose).update('\0').update(value).digest('hex');
}

/** A random, URL-safe token with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * `consumers.phone_hash`: a keyed hash of the ten-digit number, kept after an account is deleted so a
 * phone that ever had an account is recognised (referrals apply only to phones never seen before).
 */
export function hashPhone(secret: string, phone: string): string {
  return keyedHash(secret, 'phone', phone.replace(/\D/g, '').slice(-10));
}
