import { afterEach, describe, expect, it, vi } from 'vitest';
import { authModeFromPath, isLoginRequiredPath, isNativeApp, pathUnderAuthPanel } from './auth';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Android wrapper', () => {
  it('is recognised by its isApk user agent marker or window.Android', () => {
    expect(isNativeApp()).toBe(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) isApk/1.4');
    expect(isNativeApp()).toBe(true);
  });
});

describe('auth paths', () => {
  it('opens on /login, /signup and outlet overlay paths ending with them', () => {
    expect(authModeFromPath('/login')).toBe('login');
    expect(authModeFromPath('/signup')).toBe('signup');
    expect(authModeFromPath('/delhi/cafe-x/login')).toBe('login');
    expect(authModeFromPath('/food/cafe-x/instore-offers/12/signup')).toBe('signup');
    expect(authModeFromPath('/loginhelp')).toBeNull();
    expect(authModeFromPath('/profile')).toBeNull();
  });

  it('knows the page under the panel and the pages that need a login', () => {
    expect(pathUnderAuthPanel('/login')).toBe('/');
    expect(pathUnderAuthPanel('/food/cafe-x/instore-offers/12/login')).toBe('/food/cafe-x/instore-offers/12');
    expect(isLoginRequiredPath('/profile')).toBe(true);
    expect(isLoginRequiredPath('/redeemed-history/4')).toBe(true);
    expect(isLoginRequiredPath('/events')).toBe(false);
  });
});
