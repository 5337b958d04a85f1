import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { ADMIN_HEADERS } from './auth-provider';

/**
 * fetchJson on the same origin: the browser sends the HttpOnly session cookie by itself; every call
 * carries the back-office header the server wants on changes (CSRF, docs/back-office.md).
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) headers.set(name, value);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

export const dataProvider = simpleRestProvider('/api/admin', httpClient);
