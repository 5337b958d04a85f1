import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, authProvider } from './auth-provider';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('authProvider', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('login posts the credentials to /api/admin/auth/login and stores the token', async () => {
    fetchMock.mockResolvedValue(
      json(200, { token: 'tok-123', staff: { id: 1, username: 'asha', name: 'Asha Rao' } }),
    );

    await authProvider.login({ username: 'asha', password: 's3cret!' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/login');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'asha', password: 's3cret!' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-123');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('login rejects with the server message on 401 and stores nothing', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid username or password' }));

    await expect(authProvider.login({ username: 'asha', password: 'nope' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toThrow();
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

  it('logout clears the token and tells the server with the bearer token', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await authProvider.logout({});

    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('logout still clears the token when the server is unreachable', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('getIdentity reads /api/admin/auth/me with the bearer token', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    fetchMock.mockResolvedValue(json(200, { id: 7, username: 'asha', name: 'Asha Rao' }));

    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Asha Rao' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/auth/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-123');
  });
});
