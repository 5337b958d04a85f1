import type { Knex } from 'knex';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { deleteImageVariants, processImage, storeImage, type ProcessedImage } from '../../lib/images.ts';
import { runtime } from '../../lib/runtime.ts';
import type { ConsumerSettingsRow } from '../../db/tables.ts';
import type { Language } from '../common/schema.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { creditReferral, goldenKeyBalance, newReferralCode, zeroGoldenKeys } from '../referrals/service.ts';
import { clearSearchHistory } from '../search-history/service.ts';
import { forgetOtpChallenges } from '../auth/challenges.ts';
import { forgetConsumer } from '../notifications/forget.ts';
import { single } from '../../db/rows.ts';
import { deleteFavouritesOf } from '../favourites/service.ts';
import {
  NOTIFICATION_FLAGS,
  PROFILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  type CurrentUser,
  type NotificationFlag,
  type Settings,
  type UpdateProfileInput,
  type UpdateSettingsInput,
} from './schema.ts';

/** The signed-in shopper's own account: profile, picture, settings, deletion. */

/** Widths the profile picture is stored at (square, WebP); the first is the one `profilePicUrl` names. */
export const PROFILE_PICTURE_WIDTHS = [512, 128] as const;

async function activeConsumer(consumerId: number, trx?: Knex.Transaction, forUpdate = false) {
  const q = (trx ?? runtime().db)('consumers').where({ id: consumerId }).whereNull('deletedAt');
  if (forUpdate) q.forUpdate();
  const row = await q.first('id', 'name', 'email', 'phoneNumber', 'profilePicKey', 'referralCode', 'language');
  // A token can outlive nothing: deletion revokes sessions, but refuse a deleted account regardless.
  if (!row) throw unauthorized();
  return row;
}

export async function getCurrentUser(consumerId: number, trx?: Knex.Transaction): Promise<CurrentUser> {
  const row = await activeConsumer(consumerId, trx);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    profilePicUrl: row.profilePicKey ? runtime().storage.url(row.profilePicKey) : null,
    goldKeys: await goldenKeyBalance(consumerId, trx),
    referralCode: row.referralCode,
    language: row.language,
  };
}

/** The shopper's language (`users.setLanguage`, `PUT /user/language`; docs/i18n.md). */
export async function setLanguage(consumerId: number, language: Language): Promise<CurrentUser> {
  const { db, now } = runtime();
  await activeConsumer(consumerId);
  await db('consumers').where({ id: consumerId }).update({ language, updatedAt: now() });
  return getCurrentUser(consumerId);
}

/** Name and email (tRPC `users.updateProfile`). */
export async function updateProfile(consumerId: number, input: UpdateProfileInput): Promise<CurrentUser> {
  const { db, now } = runtime();
  await activeConsumer(consumerId);
  await db('consumers').where({ id: consumerId }).update({ name: input.name, email: input.email, updatedAt: now() });
  return getCurrentUser(consumerId);
}

/**
 * Name, email and optionally a new picture (REST multipart `POST /user/edit-profile`). The picture is
 * checked and re-encoded before anything is written; the new files are stored, the row updated in a
 * transaction, and only then the old files deleted. A bad picture changes nothing.
 */
export async function updateProfileWithPicture(
  consumerId: number,
  input: UpdateProfileInput,
  picture: Buffer | null,
): Promise<CurrentUser> {
  const { db, now, logger } = runtime();
  await activeConsumer(consumerId);
  let processed: ProcessedImage | null = null;
  if (picture) {
    try {
      processed = await processImage(picture, {
        maxBytes: PROFILE_PICTURE_MAX_BYTES,
        widths: [...PROFILE_PICTURE_WIDTHS],
        square: true,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'the picture could not be read';
      throw badRequest(`${PROFILE_MESSAGES.failed}: ${reason}`, { picture: reason });
    }
  }
  const stored = processed ? await storeImage(processed, `consumers/${consumerId}/avatar`) : null;
  let oldKey: string | null = null;
  try {
    await db.transaction(async (trx) => {
      const current = await activeConsumer(consumerId, trx, true);
      oldKey = current.profilePicKey;
      await trx('consumers')
        .where({ id: consumerId })
        .update({
          name: input.name,
          email: input.email,
          ...(stored ? { profilePicKey: stored.key } : {}),
          updatedAt: now(),
        });
    });
  } catch (error) {
    if (stored) await deleteImageVariants(stored.key, PROFILE_PICTURE_WIDTHS).catch(() => undefined);
    throw error;
  }
  if (stored && oldKey && oldKey !== stored.key) {
    await deleteImageVariants(oldKey, PROFILE_PICTURE_WIDTHS).catch((err: unknown) => logger.warn({ err }, 'old profile picture not deleted'));
  }
  return getCurrentUser(consumerId);
}

const FLAG_COLUMNS = NOTIFICATION_FLAGS;

/** A shopper without a settings row has every flag on. */
const ALL_ON: Record<NotificationFlag, boolean> = {
  emailNewCouponAlerts: true,
  emailExpiringCoupons: true,
  emailWeeklyDealsDigest: true,
  pushDailyDealNotifications: true,
  pushNearbyOffers: true,
  pushLastMinuteFlashSales: true,
  smsAlerts: true,
};

function settingsOf(row: Pick<ConsumerSettingsRow, NotificationFlag> | undefined): Settings {
  const flags = { ...ALL_ON, ...row };
  return { enableAll: FLAG_COLUMNS.every((f) => flags[f]), ...flags };
}

export async function getSettings(consumerId: number): Promise<Settings> {
  await activeConsumer(consumerId);
  const row = await runtime().db('consumerSettings').where({ consumerId }).first(...FLAG_COLUMNS);
  return settingsOf(row);
}

/**
 * Applies a settings change (SPEC §4): `enableAll`, when it differs from the current derived value, sets
 * all seven flags to it; otherwise each given flag is set alone. A client that sends its whole settings
 * object with one flag flipped therefore gets exactly that flag changed.
 */
export async function updateSettings(consumerId: number, input: UpdateSettingsInput): Promise<Settings> {
  const { db, now } = runtime();
  return db.transaction(async (trx) => {
    await activeConsumer(consumerId, trx);
    await trx('consumerSettings').insert({ consumerId }).onConflict('consumerId').ignore();
    const current = settingsOf(await trx('consumerSettings').where({ consumerId }).forUpdate().first(...FLAG_COLUMNS));
    const next: Partial<Record<NotificationFlag, boolean>> = {};
    if (input.enableAll !== undefined && input.enableAll !== current.enableAll) {
      for (const f of FLAG_COLUMNS) next[f] = input.enableAll;
    } else {
      for (const f of FLAG_COLUMNS) if (input[f] !== undefined) next[f] = input[f];
    }
    if (Object.keys(next).length) {
      await trx('consumerSettings').where({ consumerId }).update({ ...next, updatedAt: now() });
    }
    return settingsOf(await trx('consumerSettings').where({ consumerId }).first(...FLAG_COLUMNS));
  });
}

/** What sign-up (auth) knows of a new or returning shopper. */
export interface NewAccount {
  phoneNumber: string;
  name: string;
  email: string;
  isApp: boolean;
  /** The language the shopper signed up in. */
  language: Language;
}

/**
 * Sign-up (auth, inside its transaction, after its checks): a brand-new account with a fresh referral
 * code and its settings row; a referral code it came with is credited (referrals) and its referrer kept
 * in `referred_by_id`. Returns the account's id.
 */
export async function createAccount(trx: Knex.Transaction, input: NewAccount & { phoneHash: string; referral?: string }): Promise<number> {
  const { referral, ...account } = input;
  const { id } = single(await trx('consumers').insert({ ...account, referralCode: newReferralCode() }).returning('id'));
  await trx('consumerSettings').insert({ consumerId: id }).onConflict('consumerId').ignore();
  if (referral) {
    const referrerId = await creditReferral(trx, referral, id);
    if (referrerId !== null) await trx('consumers').where({ id }).update({ referredById: referrerId });
  }
  return id;
}

/** Sign-up again with the phone of a deleted account (auth): the account comes back, with default settings; no referral. */
export async function reviveAccount(trx: Knex.Transaction, consumerId: number, input: NewAccount): Promise<void> {
  const { phoneNumber, name, email, isApp, language } = input;
  await trx('consumers').where({ id: consumerId }).update({ phoneNumber, name, email, isApp, language, deletedAt: null, updatedAt: runtime().now() });
  await trx('consumerSettings').insert({ consumerId }).onConflict('consumerId').ignore();
}

/**
 * Deletes the account (SPEC §7 `DELETE /user/delete`): ends every session, clears personal data (name,
 * email, phone, address, picture, settings, search history, pending OTPs) and zeroes the Golden Key
 * balance with an `adjustment` row. The row itself stays, anonymised, with its `phone_hash`, so orders and
 * payments keep their shopper and the phone never earns a referral again; signing up again revives it.
 */
export async function deleteAccount(consumerId: number): Promise<{ success: true; message: string }> {
  const { db, now, logger } = runtime();
  let pictureKey: string | null = null;
  await db.transaction(async (trx) => {
    const consumer = await activeConsumer(consumerId, trx, true);
    pictureKey = consumer.profilePicKey;
    await revokeAllSessions('consumer', consumerId, trx);
    await trx('consumerSettings').where({ consumerId }).delete();
    await clearSearchHistory(trx, consumerId);
    await deleteFavouritesOf(consumerId, trx);
    await forgetConsumer(consumerId, trx); // devices, last location, inbox
    await forgetOtpChallenges(trx, consumer);
    await zeroGoldenKeys(trx, consumerId, 'account deleted');
    await trx('consumers').where({ id: consumerId }).update({
      phoneNumber: null,
      name: null,
      email: null,
      address: null,
      profilePicKey: null,
      isApp: false,
      deletedAt: now(),
      updatedAt: now(),
    });
  });
  if (pictureKey) {
    await deleteImageVariants(pictureKey, PROFILE_PICTURE_WIDTHS).catch((err: unknown) => logger.warn({ err }, 'profile picture not deleted'));
  }
  return { success: true, message: PROFILE_MESSAGES.deleted };
}
