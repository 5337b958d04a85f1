import type { AuthProvider, UserIdentity } from 'react-admin';

/** localStorage key of the sales staff bearer token. */
export const TOKEN_KEY = 'bachat_sales_token';
const AUTH_URL = '/api/admin/auth';

export type SalesStaff = { id: number | string; username: string; name: string };

export function getSalesToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function messageFrom(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/** react-admin auth against the server's `/api/admin/auth/*` (login, me, logout). */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch(`${AUTH_URL}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
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
    const { token } = (await response.json()) as { token: string; staff: SalesStaff };
    localStorage.setItem(TOKEN_KEY, token);
  },

  async logout() {
    const token = getSalesToken();
    localStorage.removeItem(TOKEN_KEY);
    if (!token) return;
    // Best effort: the local session is gone whatever the server answers.
    await fetch(`${AUTH_URL}/logout`, { method: 'POST', headers: bearer(token) }).catch(
      () => undefined,
    );
  },

  async checkAuth() {
    if (!getSalesToken()) throw new Error('Not signed in');
  },

  /** Only 401/403 end the session; other failures (e.g. 500) are shown, not logged out. */
  async checkError(error: { status?: number } | undefined) {
    const status = error?.status;
    if (status === 401 || status === 403) {
      throw new Error('Your session has ended, please sign in again');
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const token = getSalesToken();
    if (!token) throw new Error('Not signed in');
    const response = await fetch(`${AUTH_URL}/me`, {
      headers: { ...bearer(token), Accept: 'application/json' },
    });
    if (!response.ok) {
      const error = new Error(await messageFrom(response, 'Could not load your profile'));
      throw Object.assign(error, { status: response.status });
    }
    const staff = (await response.json()) as SalesStaff;
    return { id: staff.id, fullName: staff.name };
  },
};
