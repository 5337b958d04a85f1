import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPhone, keyedHash } from '../../lib/crypto.ts';
import { acquireCooldown, hitLimits, purgeExpiredCounters, releaseCooldown, type Limit } from '../../lib/rate-limit.ts';
import { runtime } from '../../lib/runtime.ts';
import { createSession, revokeSession } from '../sessions/service.ts';
import { findReferrerByCode } from '../referrals/service.ts';
import { createAccount, getCurrentUser, reviveAccount } from '../users/service.ts';
import {
  AUTH_MESSAGES,
  OTP_RULES,
  resendWaitMessage,
  type AuthSession,
  type LoginInput,
  type OtpSent,
  type SendOtpInput,
  type SignupInput,
  type VerifyOtpInput,
} from './schema.ts';
import { rawRows, single } from '../../db/rows.ts';
import type { OtpChallengeRow, OtpPurpose, SignupPayload } from '../../db/tables.ts';
import type { Language } from '../common/schema.ts';

/**
 * Shopper sign-up and login by phone + OTP (docs/auth.md). Every count that guards the flow (wrong
 * tries, resend wait, sends per phone and per IP) is kept in PostgreSQL and changed by single atomic
 * statements, so the rules hold under concurrency, across processes and inside one tRPC batch.
 */

export interface RequestMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** The language the request asked for (`Accept-Language`); null or absent: it named none we speak. */
  language?: Language | null;
}

type Purpose = OtpPurpose;

/** A six-digit code from the CSPRNG (leading zeros kept). */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_RULES.length)
    .toString()
    .padStart(OTP_RULES.length, '0');
}

/** Only this keyed hash of a code is stored; the phone is mixed in so equal codes never look alike. */
function hashOtp(phoneNumber: string, code: string): string {
  return keyedHash(runtime().secret, 'otp', `${phoneNumber}:${code}`);
}

const cooldownKey = (phoneHash: string) => `otp:resend:${phoneHash}`;

/** The send limits of one request: per phone per hour and per day, and per client IP across numbers. */
function sendLimits(phoneHash: string, ip: string | null | undefined): Limit[] {
  const { env, secret } = runtime();
  const limits: Limit[] = [
    { key: `otp:phone:hour:${phoneHash}`, max: OTP_RULES.perPhonePerHour, windowSeconds: 3600, message: AUTH_MESSAGES.tooManySends },
    { key: `otp:phone:day:${phoneHash}`, max: OTP_RULES.perPhonePerDay, windowSeconds: 86_400, message: AUTH_MESSAGES.tooManySends },
  ];
  if (ip) {
    limits.push({
      key: `otp:ip:hour:${keyedHash(secret, 'ip', ip)}`,
      max: env.OTP_SENDS_PER_IP_PER_HOUR,
      windowSeconds: 3600,
      message: AUTH_MESSAGES.tooManySends,
    });
  }
  return limits;
}

/**
 * The OTP SMS in the shopper's language (docs/i18n.md). The code comes first, so phones that offer to
 * fill it in find it; "Bachat" stays the brand in both.
 */
export function otpText(code: string, language: Language): string {
  const minutes = OTP_RULES.ttlSeconds / 60;
  return language === 'hi'
    ? `${code} आपका Bachat OTP है। यह ${minutes} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`
    : `${code} is your Bachat OTP. It is valid for ${minutes} minutes. Do not share it with anyone.`;
}

function sentAnswer(userId: number): OtpSent {
  return { userId, resendAfterSeconds: OTP_RULES.resendSeconds, expiresInSeconds: OTP_RULES.ttlSeconds };
}

/**
 * What a sign-up or login says about its phone before a code goes out: an AppError is the answer
 * (no account, already registered, a bad referral code), else the account the flow is for (or null).
 */
type LookUp = (trx: Knex.Transaction) => Promise<AppError | { consumerId: number | null; language?: Language }>;

/**
 * Takes the resend cooldown and the send limits, then lets `write` store the new code's hash, all in one
 * transaction; the SMS goes out only after it committed. If the SMS fails, the code is burned.
 *
 * With `lookUp` (sign-up and login), the send limits are taken first, before anything about the phone
 * is known, and an answer that reveals whether the phone has an account ("We couldn't find your
 * account.", "already exists") is committed with them: looking a number up costs what sending it a code
 * costs, whatever the answer, so nobody can enumerate registered numbers faster than they could text
 * them. A refusal (the 60 s wait, a limit reached) still counts against nothing.
 */
async function issueCode(
  phoneNumber: string,
  meta: RequestMeta,
  write: (trx: Knex.Transaction, codeHash: string, expiresAt: Date, consumerId: number | null, language: Language) => Promise<number>,
  lookUp?: LookUp,
  /** The language when neither the request nor the account names one (a resend: the flow's). */
  fallbackLanguage: Language = 'en',
): Promise<OtpSent> {
  const { db, now, secret, sms, logger } = runtime();
  const phoneHash = hashPhone(secret, phoneNumber);
  const code = generateOtp();
  // The SMS is in the language the shopper is using as they ask (the request's), else their account's.
  let language: Language = meta.language ?? fallbackLanguage;
  const outcome = await db.transaction(async (trx): Promise<AppError | number> => {
    let consumerId: number | null = null;
    if (lookUp) {
      await hitLimits(sendLimits(phoneHash, meta.ip), trx);
      const found = await lookUp(trx);
      if (found instanceof AppError) return found;
      consumerId = found.consumerId;
      if (!meta.language && found.language) language = found.language;
      await acquireCooldown(cooldownKey(phoneHash), OTP_RULES.resendSeconds, resendWaitMessage, trx);
    } else {
      await acquireCooldown(cooldownKey(phoneHash), OTP_RULES.resendSeconds, resendWaitMessage, trx);
      await hitLimits(sendLimits(phoneHash, meta.ip), trx);
    }
    return write(trx, hashOtp(phoneNumber, code), new Date(now().getTime() + OTP_RULES.ttlSeconds * 1000), consumerId, language);
  });
  if (outcome instanceof AppError) throw outcome;
  const challengeId = outcome;
  try {
    await sms.send({ to: phoneNumber, text: otpText(code, language) });
  } catch (error) {
    logger.error({ err: error, challengeId, provider: sms.name }, 'otp sms failed');
    await db('otpChallenges').where({ id: challengeId }).update({ burnedAt: now() });
    throw new AppError('INTERNAL_SERVER_ERROR', 'We could not send the OTP. Please try again.', { cause: error });
  }
  if (randomInt(HOUSEKEEPING_EVERY) === 0) {
    await purgeStaleAuthData().catch((err: unknown) => logger.warn({ err }, 'auth housekeeping failed'));
  }
  return sentAnswer(challengeId);
}

/** About one send in this many also clears out stale rows, so no scheduler is needed. */
const HOUSEKEEPING_EVERY = 100;
/** OTP flows (which hold a phone number) are kept this long after their code expired, then deleted. */
export const OTP_RETENTION_HOURS = 24;

/** Deletes OTP flows older than the retention and rate-limit counters whose window has ended. */
export async function purgeStaleAuthData(): Promise<{ challenges: number; counters: number }> {
  const { db, now } = runtime();
  const cutoff = new Date(now().getTime() - OTP_RETENTION_HOURS * 3600_000);
  const challenges = (await db('otpChallenges').where('expiresAt', '<', cutoff).delete().returning('id')).length;
  return { challenges, counters: await purgeExpiredCounters(now()) };
}

/**
 * Flow ids (the `userId` the client sends back) are random 47-bit numbers rather than the next value of
 * a sequence, so nobody can guess someone else's pending flow and burn its code with wrong tries.
 */
function newFlowId(): number {
  return randomInt(1, 2 ** 47);
}

/** Starts a new flow for a phone once `lookUp` allowed it; any code still open for that phone stops working. */
function startFlow(
  purpose: Purpose,
  phoneNumber: string,
  meta: RequestMeta & { isApp: boolean; payload: SignupPayload | null },
  lookUp: LookUp,
): Promise<OtpSent> {
  const { now } = runtime();
  return issueCode(
    phoneNumber,
    meta,
    async (trx, codeHash, expiresAt, consumerId, language) => {
      await trx('otpChallenges')
        .where({ phoneNumber })
        .whereNull('consumedAt')
        .whereNull('burnedAt')
        .update({ burnedAt: now() });
      const row = single(
        await trx('otpChallenges')
          .insert({
          id: newFlowId(),
          purpose,
          phoneNumber,
          consumerId,
          codeHash,
          maxAttempts: OTP_RULES.maxAttempts,
          expiresAt,
          clientIp: meta.ip ?? null,
          signupPayload: meta.payload ? JSON.stringify(meta.payload) : null,
          isApp: meta.isApp,
          language,
          createdAt: now(),
        })
          .returning('id'),
      );
      return row.id;
    },
    lookUp,
  );
}

async function consumerByPhone(phoneNumber: string, trx?: Knex.Transaction) {
  const { db, secret } = runtime();
  return (trx ?? db)('consumers')
    .where({ phoneHash: hashPhone(secret, phoneNumber) })
    .first('id', 'deletedAt', 'language');
}

/**
 * `POST /onboarding/signup`: checks the phone is free and the referral code real, then sends a code.
 * Every answer counts against the phone's and the client's send limits (see issueCode).
 */
export async function signup(input: SignupInput, meta: RequestMeta = {}): Promise<OtpSent> {
  return startFlow(
    'signup',
    input.phoneNumber,
    {
      ...meta,
      isApp: input.isApk,
      payload: { name: input.name, email: input.email, ...(input.referral ? { referral: input.referral } : {}) },
    },
    async (trx) => {
      const existing = await consumerByPhone(input.phoneNumber, trx);
      if (existing && !existing.deletedAt) return conflict(AUTH_MESSAGES.exists, { phoneNumber: AUTH_MESSAGES.exists });
      if (input.referral && !(await findReferrerByCode(input.referral, trx))) {
        return badRequest('Invalid referral code', { referral: 'Invalid referral code' });
      }
      return { consumerId: null };
    },
  );
}

/**
 * `POST /onboarding/login`: an existing (not deleted) account gets a code; else the spec's NotFound.
 * Either answer counts against the phone's and the client's send limits (see issueCode).
 */
export async function login(input: LoginInput, meta: RequestMeta = {}): Promise<OtpSent> {
  return startFlow('login', input.phoneNumber, { ...meta, isApp: input.isApk, payload: null }, async (trx) => {
    const existing = await consumerByPhone(input.phoneNumber, trx);
    if (!existing || existing.deletedAt) return notFound(AUTH_MESSAGES.notFound);
    return { consumerId: existing.id, language: existing.language };
  });
}

/** `POST /onboarding/send-otp`: a new code for the same flow, no sooner than 60 s after the last one. */
export async function resendOtp(input: SendOtpInput, meta: RequestMeta = {}): Promise<OtpSent> {
  const { db, now } = runtime();
  const flow = await db('otpChallenges')
    .where({ id: input.userId, phoneNumber: input.phoneNumber })
    .whereNull('consumedAt')
    .first('id', 'language');
  if (!flow) throw notFound(AUTH_MESSAGES.noFlow);
  return issueCode(input.phoneNumber, meta, async (trx, codeHash, expiresAt, _consumerId, language) => {
    await trx('otpChallenges')
      .where({ phoneNumber: input.phoneNumber })
      .whereNot({ id: input.userId })
      .whereNull('consumedAt')
      .whereNull('burnedAt')
      .update({ burnedAt: now() });
    // The new code replaces the old one: a fresh hash, attempts and expiry on the same flow.
    const rows = await trx('otpChallenges')
      .where({ id: input.userId })
      .whereNull('consumedAt')
      .update({ codeHash, attempts: 0, burnedAt: null, expiresAt, clientIp: meta.ip ?? null, language })
      .returning('id');
    if (!rows.length) throw notFound(AUTH_MESSAGES.noFlow);
    return input.userId;
  }, undefined, flow.language);
}

type ConsumedChallenge = Pick<OtpChallengeRow, 'id' | 'purpose' | 'phoneNumber' | 'consumerId' | 'signupPayload' | 'isApp' | 'language'> & {
  /** The code was right (the attempt consumed the challenge). */
  matched: boolean;
};

/** Why a code could not be tried (read after the atomic attempt found nothing to try). */
async function refusal(challengeId: number, trx: Knex.Transaction): Promise<AppError> {
  const row = await trx('otpChallenges')
    .where({ id: challengeId })
    .first('consumedAt', 'burnedAt', 'attempts', 'maxAttempts', 'expiresAt');
  const message = !row
    ? AUTH_MESSAGES.noFlow
    : row.consumedAt
      ? AUTH_MESSAGES.used
      : row.burnedAt || row.attempts >= row.maxAttempts
        ? AUTH_MESSAGES.burned
        : AUTH_MESSAGES.expired;
  return badRequest(message, { otp: message });
}

/**
 * `POST /onboarding/verifyOtp`. One UPDATE counts the try and, if the code matches, consumes it; only
 * the caller whose UPDATE consumed the code goes on, in the same transaction, to create (or revive) the
 * account, credit a referral and open the session. A wrong try is committed before the error is thrown.
 */
export async function verifyOtp(input: VerifyOtpInput, meta: RequestMeta = {}): Promise<AuthSession> {
  const { db, now } = runtime();
  const challenge = await db('otpChallenges').where({ id: input.userId }).first('phoneNumber');
  if (!challenge) throw badRequest(AUTH_MESSAGES.noFlow, { otp: AUTH_MESSAGES.noFlow });
  const codeHash = hashOtp(challenge.phoneNumber, input.otp);

  const outcome = await db.transaction(async (trx): Promise<AppError | AuthSession> => {
    const at = now();
    const [row] = await rawRows<ConsumedChallenge & Pick<OtpChallengeRow, 'attempts' | 'maxAttempts'>>(
      trx,
      `UPDATE otp_challenges
          SET attempts = attempts + 1,
              consumed_at = CASE WHEN code_hash = ? THEN CAST(? AS timestamptz) ELSE NULL END,
              burned_at = CASE WHEN code_hash <> ? AND attempts + 1 >= max_attempts
                               THEN CAST(? AS timestamptz) ELSE NULL END
        WHERE id = ? AND consumed_at IS NULL AND burned_at IS NULL
          AND attempts < max_attempts AND expires_at > CAST(? AS timestamptz)
      RETURNING id, purpose, phone_number AS "phoneNumber", consumer_id AS "consumerId",
                signup_payload AS "signupPayload", is_app AS "isApp", language,
                (consumed_at IS NOT NULL) AS matched, attempts, max_attempts AS "maxAttempts"`,
      [codeHash, at, codeHash, at, input.userId, at],
    );
    if (!row) return refusal(input.userId, trx);
    if (!row.matched) {
      const message = row.attempts >= row.maxAttempts ? AUTH_MESSAGES.burned : AUTH_MESSAGES.wrongOtp;
      return badRequest(message, { otp: message });
    }
    return completeVerifiedFlow(trx, row, input.isApk ?? row.isApp, meta);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

async function completeVerifiedFlow(
  trx: Knex.Transaction,
  challenge: ConsumedChallenge,
  isApp: boolean,
  meta: RequestMeta,
): Promise<AuthSession> {
  const { secret } = runtime();
  const phoneHash = hashPhone(secret, challenge.phoneNumber);
  let consumerId: number;
  let isNewUser = false;
  if (challenge.purpose === 'login') {
    const consumer = await trx('consumers').where('id', challenge.consumerId).whereNull('deletedAt').first('id');
    if (!consumer) throw notFound(AUTH_MESSAGES.notFound);
    consumerId = consumer.id;
  } else {
    // A signup challenge always carries its payload (issueCode).
    consumerId = await completeSignup(trx, challenge.phoneNumber, phoneHash, challenge.signupPayload!, isApp, challenge.language);
    isNewUser = true;
  }
  await releaseCooldown(cooldownKey(phoneHash), trx);
  const session = await createSession(
    { kind: 'consumer', principalId: consumerId, isApp, userAgent: meta.userAgent ?? undefined },
    trx,
  );
  return {
    accessToken: session.token,
    expiresAt: session.expiresAt,
    isNewUser,
    user: await getCurrentUser(consumerId, trx),
  };
}

/**
 * Creates the account, or revives a deleted one (its `phone_hash` row stays, SPEC: a referral applies only
 * to a phone that never had an account). A referral is credited only when the row is brand new.
 */
async function completeSignup(
  trx: Knex.Transaction,
  phoneNumber: string,
  phoneHash: string,
  payload: SignupPayload,
  isApp: boolean,
  /** The language the shopper signed up in: their account's from now on. */
  language: Language,
): Promise<number> {
  const existing = await trx('consumers').where({ phoneHash }).forUpdate().first('id', 'deletedAt');
  if (existing && !existing.deletedAt) throw conflict(AUTH_MESSAGES.exists, { phoneNumber: AUTH_MESSAGES.exists });
  const account = { phoneNumber, name: payload.name, email: payload.email, isApp, language };
  if (!existing) return createAccount(trx, { ...account, phoneHash, referral: payload.referral });
  await reviveAccount(trx, existing.id, account);
  return existing.id;
}

/** Logout: this session's token stops working at once, on both transports. */
export async function logout(sessionId: number): Promise<{ success: true }> {
  await revokeSession(sessionId);
  return { success: true };
}
