import { t } from '@lingui/core/macro';
import { appFetch } from '@client/lib/session-cookies';
import { REQUEST_TIMEOUT_MS } from '@client/lib/trpc';

/**
 * Uploads one document picture (`POST /api/for-business-form/documents`, multipart `file`) and returns
 * the token the application then names. The server checks the picture by its content.
 */
export async function uploadDocument(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  let response: Response;
  try {
    response = await appFetch('/api/for-business-form/documents', {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    throw new Error(t`Failed to upload the document: check your connection and try again.`);
  }
  const body = (await response.json().catch(() => null)) as { token?: string; message?: string } | null;
  if (!response.ok || !body?.token) throw new Error(body?.message || t`Failed to upload the document`);
  return body.token;
}
