import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseDiscoveryParams, serializeDiscoveryParams, type DiscoveryParams } from '../lib/discovery-params';

/**
 * The home page's search text, filters, sort and view, read from and written to the URL query. Every
 * change is a new history entry (the back button undoes it) unless `replace` says otherwise.
 */
export function useDiscoveryParams(): [DiscoveryParams, (patch: Partial<DiscoveryParams>, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => parseDiscoveryParams(search), [search]);
  const update = useCallback(
    (patch: Partial<DiscoveryParams>, options: { replace?: boolean } = {}) => {
      const next = serializeDiscoveryParams({ ...parseDiscoveryParams(search), ...patch });
      if (next === search) return;
      navigate(next ? `${location}?${next}` : location, { replace: options.replace });
    },
    [location, navigate, search],
  );
  return [params, update];
}
