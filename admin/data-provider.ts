import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getSalesToken } from './auth-provider';

/** fetchJson plus the sales bearer token on every call. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = getSalesToken();
  return fetchUtils.fetchJson(url, {
    ...options,
    user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
  });
}

export const dataProvider = simpleRestProvider('/api/admin', httpClient);
