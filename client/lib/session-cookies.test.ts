import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_REQUEST_HEADER } from '@server/modules/sessions/schema';
import { appFetch, appRequestHeaders, hasShopperSession, useShopperSignedIn } from './session-cookies';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('the page and the session cookies', () => {
  it('reads only the signed-in flag; the token is not the page’s to see', () => {
    expect(hasShopperSession()).toBe(false);
    document.cookie = 'signedIn=1; Path=/';
    expect(hasShopperSession()).toBe(true);
  });

  it('every call to the server carries the app’s marker (CSRF) and the language', () => {
    expect(appRequestHeaders()).toMatchObject({ [APP_REQUEST_HEADER]: '1', 'Accept-Language': expect.any(String) });
  });

  it('appFetch sends cookies, never an Authorization header, and re-reads the flag after the answer', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
      // The server's answer sets the session's cookies.
      document.cookie = 'signedIn=1; Path=/';
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useShopperSignedIn());
    expect(result.current).toBe(false);
    await act(() => appFetch('/api/user/edit-profile', { method: 'POST', body: 'x' }));
    const init = fetch.mock.calls[0]![1]!;
    expect(init.credentials).toBe('same-origin');
    const headers = new Headers(init.headers);
    expect(headers.get(APP_REQUEST_HEADER)).toBe('1');
    expect(headers.has('Authorization')).toBe(false);
    expect(result.current).toBe(true);
  });
});
