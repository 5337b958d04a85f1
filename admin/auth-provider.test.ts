import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_REQUEST_HEADER } from '@server/modules/sales-staff/schema';
import { authProvider } from './auth-provider';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Nothing of the session may be kept where page scripts can read it. */
function expectNothingStored() {
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
}

describe('authProvider', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('login posts the credentials to /api/admin/auth/login as JSON with the app header and stores nothing', async () => {
    fetchMock.mockResolvedValue(json(200, { staff: { id: 1, username: 'asha', name: 'Asha Rao' } }));

    await authProvider.login({ username: 'asha', password: 's3cret!' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get(ADMIN_REQUEST_HEADER)).toBe('1');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'asha', password: 's3cret!' });
    expectNothingStored();
  });

  it('login rejects with the server message on 401', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid username or password' }));

    await expect(authProvider.login({ username: 'asha', password: 'nope' })).rejects.toThrow(
      'Invalid username or password',
    );
    expectNothingStored();
  });

  it('checkAuth asks /api/admin/auth/me: signed in on 200, not on 401', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 7, username: 'asha', name: 'Asha Rao' }));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/me');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();

    fetchMock.mockResolvedValueOnce(json(401, { message: 'Please sign in to the sales back office.' }));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 401 });
  });

  it('checkError logs out (rejects) on 401 and 403', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    await expect(authProvider.checkError({ status: 403 })).rejects.toThrow();
  });

  it('checkError keeps the session on 500 and other errors', async () => {
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 404 })).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('network down'))).resolves.toBeUndefined();
  });

  it('logout tells the server (which ends the session and clears the cookie) with the app header', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await authProvider.logout({});

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get(ADMIN_REQUEST_HEADER)).toBe('1');
  });

  it('logout still resolves when the server is unreachable', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authProvider.logout({})).resolves.toBeUndefined();
  });

  it('getIdentity reads /api/admin/auth/me with the session cookie, no bearer token', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 7, username: 'asha', name: 'Asha Rao' }));

    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Asha Rao' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/me');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });
});
