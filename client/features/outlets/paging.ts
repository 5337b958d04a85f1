import type { NearbyOutletsResult, OutletCard } from '@server/modules/outlets/schema';

/**
 * The outlet list's paging state (SPEC §3 "Outlets list state", §4 "Outlet list paging", §9).
 * Pure and small so the rules are testable on their own; the home page's infinite query folds the
 * pages it has loaded through `outletListReducer` and asks `nextOffSet` for the next page.
 *
 * - a new query replaces the cards and sets offSet to 1; a further page appends and adds 1;
 * - changing the city clears the cards; a category change resets; a search replaces the cards and
 *   resets the counts;
 * - page size 16, default total 100 (until the server has said how many there are).
 */
export const OUTLET_PAGE_SIZE = 16;
export const DEFAULT_TOTAL_COUNT = 100;

export type OutletListState = {
  cardsData: OutletCard[];
  searchString: string;
  limit: number;
  /** The last page loaded (1-based); 0 before the first. */
  offSet: number;
  totalCount: number;
  currentCount: number;
  /** The server said there is nothing after the last page. */
  exhausted: boolean;
};

export type OutletPage = Pick<NearbyOutletsResult, 'items' | 'totalCount' | 'hasMore'>;

export type OutletListEvent =
  | { type: 'queryLoaded'; page: OutletPage }
  | { type: 'pageLoaded'; page: OutletPage }
  | { type: 'cityChanged' }
  | { type: 'categoryChanged' }
  | { type: 'searchLoaded'; searchString: string; items: OutletCard[] };

export const initialOutletListState: OutletListState = {
  cardsData: [],
  searchString: '',
  limit: OUTLET_PAGE_SIZE,
  offSet: 0,
  totalCount: DEFAULT_TOTAL_COUNT,
  currentCount: 0,
  exhausted: false,
};

export function outletListReducer(state: OutletListState, event: OutletListEvent): OutletListState {
  switch (event.type) {
    case 'queryLoaded':
      return {
        ...state,
        cardsData: event.page.items,
        offSet: 1,
        totalCount: event.page.totalCount,
        currentCount: event.page.items.length,
        exhausted: !event.page.hasMore,
      };
    case 'pageLoaded': {
      // A card already shown (the list shifted between requests) is not shown twice.
      const seen = new Set(state.cardsData.map((card) => card.id));
      const fresh = event.page.items.filter((card) => !seen.has(card.id));
      return {
        ...state,
        cardsData: [...state.cardsData, ...fresh],
        offSet: state.offSet + 1,
        totalCount: event.page.totalCount,
        currentCount: state.currentCount + fresh.length,
        exhausted: !event.page.hasMore,
      };
    }
    case 'cityChanged':
      return { ...state, cardsData: [], offSet: 0, currentCount: 0, totalCount: DEFAULT_TOTAL_COUNT, exhausted: false };
    case 'categoryChanged':
      return { ...initialOutletListState, searchString: state.searchString };
    case 'searchLoaded':
      return {
        ...state,
        searchString: event.searchString,
        cardsData: event.items,
        offSet: event.items.length > 0 ? 1 : 0,
        totalCount: event.items.length,
        currentCount: event.items.length,
        exhausted: true,
      };
  }
}

/** Folds the pages of one query (first page = a new query, the rest = further pages). */
export function foldPages(pages: readonly OutletPage[], base: OutletListState = initialOutletListState): OutletListState {
  return pages.reduce<OutletListState>(
    (state, page, index) => outletListReducer(state, { type: index === 0 ? 'queryLoaded' : 'pageLoaded', page }),
    base,
  );
}

export function hasMorePages(state: OutletListState): boolean {
  return !state.exhausted && state.currentCount < state.totalCount;
}

/** The offSet to request next, or undefined when the list is complete. */
export function nextOffSet(state: OutletListState): number | undefined {
  return hasMorePages(state) ? state.offSet + 1 : undefined;
}

export type NextPageRequest =
  | { ok: true; offSet: number }
  | { ok: false; reason: 'Already fetching' | 'No more outlets' };

/** SPEC §8: asking for a page while one is on its way is refused with "Already fetching". */
export function requestNextPage(state: OutletListState, isFetching: boolean): NextPageRequest {
  if (isFetching) return { ok: false, reason: 'Already fetching' };
  const offSet = nextOffSet(state);
  return offSet === undefined ? { ok: false, reason: 'No more outlets' } : { ok: true, offSet };
}
