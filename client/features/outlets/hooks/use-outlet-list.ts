import { msg, t } from '@lingui/core/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NearbyOutletsInput } from '@server/modules/outlets/schema';
import { trpc } from '@client/lib/trpc';
import { OUTLET_PAGE_SIZE, foldPages, nextOffSet, requestNextPage } from '../paging';

export type OutletListFilters = {
  latitude?: number;
  longitude?: number;
  category?: string;
  city?: string;
  noLocation: boolean;
};

/** SPEC §8: the list's error text (a time-out or a cancelled request included); `i18n._` it. */
export const OUTLETS_ERROR = msg`Unable to fetch outlets.`;

/**
 * The home page's outlet list: an infinite query over `outlets.nearby` whose pages are folded by
 * the paging state module (§4 rules). A new filter set is a new query, so the cards are replaced.
 */
export function useOutletList(filters: OutletListFilters, enabled = true) {
  const utils = trpc.useUtils();
  const query = useInfiniteQuery({
    queryKey: ['outlets.nearby', filters],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      utils.client.outlets.nearby.query(
        { ...filters, offSet: pageParam, limit: OUTLET_PAGE_SIZE } as NearbyOutletsInput,
        { signal },
      ),
    getNextPageParam: (_last, pages) => nextOffSet(foldPages(pages)),
  });

  const state = useMemo(() => foldPages(query.data?.pages ?? []), [query.data]);

  /** Loads the next page unless one is on its way (then says "Already fetching", SPEC §8). */
  const loadMore = async (): Promise<string | null> => {
    const request = requestNextPage(state, query.isFetchingNextPage);
    if (!request.ok) return request.reason === 'Already fetching' ? t`Already fetching` : t`No more outlets`;
    await query.fetchNextPage({ cancelRefetch: false });
    return null;
  };

  return { query, state, loadMore };
}
