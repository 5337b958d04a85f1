import { t } from '@lingui/core/macro';
import { appFetch } from '@client/lib/session-cookies';
import { REQUEST_TIMEOUT_MS } from '@client/lib/trpc';

/**
 * Multipart uploads go to the documented REST paths (`/api/business/photos`, `/api/business/menu/photo`,
 * `/api/business/gstin`) with the business session's cookie; the server checks the file by content and answers
 * `{ message, errors }` on a 400.
 */
export async function uploadForm(path: string, form: FormData, fallback: string): Promise<unknown> {
  let response: Response;
  try {
    response = await appFetch(`/api${path}`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    throw new Error(t`${fallback}: check your connection and try again.`);
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(body?.message || fallback);
  return body;
}
