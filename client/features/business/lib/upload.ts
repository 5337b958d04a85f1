import { t } from '@lingui/core/macro';
import { BUSINESS_TOKEN_COOKIE } from '@client/lib/auth-token';
import { readCookie } from '@client/lib/cookies';
import { acceptLanguageHeader } from '@client/lib/i18n';
import { REQUEST_TIMEOUT_MS } from '@client/lib/trpc';

/**
 * Multipart uploads go to the documented REST paths (`/api/business/photos`, `/api/business/menu/photo`,
 * `/api/business/gstin`) with the business token; the server checks the file by content and answers
 * `{ message, errors }` on a 400.
 */
export async function uploadForm(path: string, form: FormData, fallback: string): Promise<unknown> {
  const token = readCookie(BUSINESS_TOKEN_COOKIE);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      body: form,
      headers: token ? { ...acceptLanguageHeader(), Authorization: `Bearer ${token}` } : acceptLanguageHeader(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    throw new Error(t`${fallback}: check your connection and try again.`);
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(body?.message || fallback);
  return body;
}
