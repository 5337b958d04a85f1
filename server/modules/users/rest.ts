import type Router from '@koa/router';
import type { Context } from 'koa';
import { unauthorized } from '../../lib/errors.ts';
import { firstFile, multipart } from '../../lib/multipart.ts';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import {
  PROFILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  SETTINGS_REST_KEYS,
  updateProfileSchema,
  updateSettingsSchema,
  type CurrentUser,
  type Settings,
} from './schema.ts';
import { deleteAccount, getCurrentUser, getSettings, updateProfileWithPicture, updateSettings } from './service.ts';

/** The signed-in shopper of a REST request, or 401. */
export function consumerOf(ctx: Context): Extract<Principal, { kind: 'consumer' }> {
  const principal = ctx.state.principal as Principal | null | undefined;
  if (principal?.kind !== 'consumer') throw unauthorized();
  return principal;
}

/** The documented wire shape of a shopper (`userDetails`, SPEC §3). */
export function toUserDetails(user: CurrentUser) {
  return {
    USER_ID: user.id,
    NAME: user.name,
    EMAIL: user.email,
    PHONE_NUMBER: user.phoneNumber,
    PROFILE_PIC_URL: user.profilePicUrl,
    GOLD_KEYS: user.goldKeys,
    REFERRAL_CODE: user.referralCode,
  };
}

/** Settings as REST sends them: upper-case keys with "true"/"false" strings. */
export function toRestSettings(settings: Settings): Record<string, 'true' | 'false'> {
  const out: Record<string, 'true' | 'false'> = {};
  for (const [field, key] of Object.entries(SETTINGS_REST_KEYS)) {
    out[key] = settings[field as keyof Settings] ? 'true' : 'false';
  }
  return out;
}

/** `/api/user/*` (SPEC §7 Regular user): current user, profile, settings, deletion. */
export function usersRest({ api }: { api: Router }): void {
  api.get('/user/getCurrentUser', async (ctx) => {
    ctx.body = { userDetails: toUserDetails(await getCurrentUser(consumerOf(ctx).consumerId)) };
  });

  api.post(
    '/user/edit-profile',
    async (ctx, next) => {
      consumerOf(ctx); // refuse before reading any upload
      await next();
    },
    multipart({
      files: [{ name: 'profilePic' }, { name: 'picture' }],
      maxFileBytes: PROFILE_PICTURE_MAX_BYTES,
      messagePrefix: PROFILE_MESSAGES.failed,
    }),
    async (ctx) => {
      const { consumerId } = consumerOf(ctx);
      const input = parseWith(updateProfileSchema, ctx.request.body ?? {});
      const picture = firstFile(ctx.state.files, 'profilePic', 'picture');
      const user = await updateProfileWithPicture(consumerId, input, picture?.buffer ?? null);
      ctx.body = { success: true, message: 'Profile updated', userDetails: toUserDetails(user) };
    },
  );

  api.get('/user/settings', async (ctx) => {
    ctx.body = toRestSettings(await getSettings(consumerOf(ctx).consumerId));
  });
  api.put('/user/settings', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const input = parseWith(updateSettingsSchema, ctx.request.body ?? {});
    ctx.body = toRestSettings(await updateSettings(consumerId, input));
  });

  api.delete('/user/delete', async (ctx) => {
    ctx.body = await deleteAccount(consumerOf(ctx).consumerId);
  });
}
