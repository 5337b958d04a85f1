import { msg, t } from '@lingui/core/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NearbyOutletsInput } from '@server/modules/outlets/schema';
import { trpc, type TrpcClient } from '@client/lib/trpc';
import { OUTLET_PAGE_SIZE, foldPages, nextOffSet, requestNextPage } from '../paging';

export type OutletListFilters = {
  latitude?: number;
  longitude?: number;
  category?: string;
  city?: string;
  noLocation: boolean;
  /** Filters and sort (issue 16; lib/discovery-params.ts `discoveryInput`). */
  openNow?: boolean;
  veg?: boolean;
  costForTwoMinPaise?: number;
  costForTwoMaxPaise?: number;
  minDiscountPercent?: number;
  sort?: NearbyOutletsInput['sort'];
};

/** SPEC §8: the list's error text (a time-out or a cancelled request included); `i18n._` it. */
export const OUTLETS_ERROR = msg`Unable to fetch outlets.`;

/**
 * The home page's outlet list: an infinite query over `outlets.nearby` whose pages are folded by
 * the paging state module (§4 rules). A new filter set is a new query, so the cards are replaced.
 */
/**
 * The list's query (key, pages, next page): the hook below uses it, and so does the first screen's
 * prefetch (client/app/prefetch.ts), so both ask for, and cache, the very same pages.
 */
export function outletListQuery(client: TrpcClient, filters: OutletListFilters) {
  return {
    queryKey: ['outlets.nearby', filters] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }: { pageParam: number; signal?: AbortSignal }) =>
      client.outlets.nearby.query({ ...filters, offSet: pageParam, limit: OUTLET_PAGE_SIZE } as NearbyOutletsInput, { signal }),
  };
}

export function useOutletList(filters: OutletListFilters, enabled = true) {
  const utils = trpc.useUtils();
  const query = useInfiniteQuery({
    ...outletListQuery(utils.client, filters),
    enabled,
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
