import type Router from '@koa/router';
import { firstFile, multipart } from '../../lib/multipart.ts';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { clearBrowserSession } from '../../http/session-cookies.ts';
import {
  PROFILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  SETTINGS_REST_KEYS,
  updateProfileSchema,
  updateSettingsSchema,
  toUserDetails,
  type Settings,
} from './schema.ts';
import { setLanguageSchema } from '../common/schema.ts';
import { deleteAccount, getCurrentUser, getSettings, setLanguage, updateProfileWithPicture, updateSettings } from './service.ts';

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

  /** `{ language: 'en' | 'hi' }` → the user, as getCurrentUser (docs/i18n.md). */
  api.put('/user/language', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { language } = parseWith(setLanguageSchema, ctx.request.body ?? {});
    ctx.body = { userDetails: toUserDetails(await setLanguage(consumerId, language)) };
  });

  api.delete('/user/delete', async (ctx) => {
    ctx.body = await deleteAccount(consumerOf(ctx).consumerId);
    clearBrowserSession(ctx, 'consumer');
  });
}
