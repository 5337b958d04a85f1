import { t } from '@lingui/core/macro';
import { appFetch } from '@client/lib/session-cookies';
import { REQUEST_TIMEOUT_MS } from '@client/lib/trpc';

/** SPEC §8: what the profile form shows when saving fails for any reason but a field's own. */
export const profileUpdateFailed = () => t`Failed to update profile.`;

export type EditProfileResult = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The documented multipart `POST /api/user/edit-profile` (name, email, picture), with the shopper's
 * session cookie; used when a new picture is chosen (tRPC carries JSON only).
 */
export async function uploadProfile(input: { name: string; email: string; picture: File }): Promise<EditProfileResult> {
  const body = new FormData();
  body.set('name', input.name);
  body.set('email', input.email);
  body.set('picture', input.picture);
  try {
    const response = await appFetch('/api/user/edit-profile', {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.ok) return { ok: true };
    const data = (await response.json().catch(() => ({}))) as { errors?: Record<string, unknown> };
    const fieldErrors: Record<string, string> = {};
    for (const [field, value] of Object.entries(data.errors ?? {})) {
      if (typeof value === 'string' && field !== 'root') fieldErrors[field] = value;
    }
    return { ok: false, message: profileUpdateFailed(), fieldErrors };
  } catch {
    return { ok: false, message: profileUpdateFailed(), fieldErrors: {} };
  }
}
