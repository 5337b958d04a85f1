import type { AuthProvider, UserIdentity } from 'react-admin';
import { ADMIN_REQUEST_HEADER } from '@server/modules/sales-staff/schema';

const AUTH_URL = '/api/admin/auth';

export type SalesStaff = { id: number | string; username: string; name: string };

/**
 * Sent on every call to `/api/admin`: the server refuses a state-changing call that its session cookie
 * authenticates without it (CSRF), and answers the login without the token in the body.
 */
export const ADMIN_HEADERS: Record<string, string> = { [ADMIN_REQUEST_HEADER]: '1' };

async function messageFrom(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/** The signed-in staff member, from the session cookie (which page scripts cannot read). */
async function fetchMe(): Promise<SalesStaff> {
  const response = await fetch(`${AUTH_URL}/me`, {
    headers: { ...ADMIN_HEADERS, Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const error = new Error(await messageFrom(response, 'Not signed in'));
    throw Object.assign(error, { status: response.status });
  }
  return (await response.json()) as SalesStaff;
}

/**
 * react-admin auth against the server's `/api/admin/auth/*`. The session lives in an HttpOnly cookie
 * the server sets at login and clears at logout; nothing is kept in the browser's storage.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch(`${AUTH_URL}/login`, {
      method: 'POST',
      headers: { ...ADMIN_HEADERS, 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) {
      throw new Error(
        await messageFrom(
          response,
          response.status === 401 ? 'Invalid username or password' : 'Sign-in failed, try again',
        ),
      );
    }
  },

  async logout() {
    // Best effort: the server ends the session and clears the cookie; a failure leaves nothing here.
    await fetch(`${AUTH_URL}/logout`, {
      method: 'POST',
      headers: ADMIN_HEADERS,
      credentials: 'same-origin',
    }).catch(() => undefined);
  },

  /** Asks the server: only it can see the session cookie. */
  async checkAuth() {
    await fetchMe();
  },

  /** Only 401/403 end the session; other failures (e.g. 500) are shown, not logged out. */
  async checkError(error: { status?: number } | undefined) {
    const status = error?.status;
    if (status === 401 || status === 403) {
      throw new Error('Your session has ended, please sign in again');
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const staff = await fetchMe();
    return { id: staff.id, fullName: staff.name };
  },
};
