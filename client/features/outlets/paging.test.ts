import { describe, expect, it } from 'vitest';
import type { OutletCard } from '@server/modules/outlets/schema';
import {
  DEFAULT_TOTAL_COUNT,
  OUTLET_PAGE_SIZE,
  foldPages,
  hasMorePages,
  initialOutletListState,
  nextOffSet,
  outletListReducer,
  requestNextPage,
  type OutletPage,
} from './paging';

function card(id: number): OutletCard {
  return {
    id,
    masterOutletId: null,
    name: `Outlet ${id}`,
    slug: `outlet-${id}`,
    locality: 'Indiranagar',
    category: { id: 1, name: 'Cafés', nameHi: null, slug: 'cafes' },
    city: { id: 1, name: 'Bengaluru', nameHi: null, slug: 'bengaluru' },
    latitude: 12.97,
    longitude: 77.64,
    distanceKm: id / 10,
    liveOffer: null,
    photoUrl: null,
    isVeg: false,
    cuisines: [],
    costForTwoPaise: null,
  };
}

const page = (from: number, count: number, totalCount: number): OutletPage => ({
  items: Array.from({ length: count }, (_, i) => card(from + i)),
  totalCount,
  hasMore: from + count - 1 < totalCount,
});

describe('outlet list paging (SPEC §4)', () => {
  it('starts empty with page size 16 and the default total of 100', () => {
    expect(initialOutletListState).toMatchObject({
      cardsData: [],
      offSet: 0,
      limit: OUTLET_PAGE_SIZE,
      totalCount: DEFAULT_TOTAL_COUNT,
      currentCount: 0,
    });
    expect(OUTLET_PAGE_SIZE).toBe(16);
    expect(DEFAULT_TOTAL_COUNT).toBe(100);
    expect(nextOffSet(initialOutletListState)).toBe(1);
  });

  it('a new query replaces the cards and sets offSet to 1', () => {
    const before = foldPages([page(1, 16, 40), page(17, 16, 40)]);
    expect(before.offSet).toBe(2);

    const state = outletListReducer(before, { type: 'queryLoaded', page: page(100, 16, 20) });
    expect(state.offSet).toBe(1);
    expect(state.cardsData.map((c) => c.id)).toEqual(page(100, 16, 20).items.map((c) => c.id));
    expect(state.currentCount).toBe(16);
    expect(state.totalCount).toBe(20);
  });

  it('a further page appends and adds 1 to offSet', () => {
    let state = outletListReducer(initialOutletListState, { type: 'queryLoaded', page: page(1, 16, 40) });
    state = outletListReducer(state, { type: 'pageLoaded', page: page(17, 16, 40) });
    expect(state.offSet).toBe(2);
    expect(state.cardsData).toHaveLength(32);
    expect(state.cardsData[16]!.id).toBe(17);
    expect(nextOffSet(state)).toBe(3);

    state = outletListReducer(state, { type: 'pageLoaded', page: page(33, 8, 40) });
    expect(state.offSet).toBe(3);
    expect(state.currentCount).toBe(40);
    expect(hasMorePages(state)).toBe(false);
    expect(nextOffSet(state)).toBeUndefined();
  });

  it('does not show a card twice when the next page overlaps', () => {
    let state = foldPages([page(1, 16, 40)]);
    state = outletListReducer(state, { type: 'pageLoaded', page: page(15, 16, 40) });
    expect(state.cardsData.map((c) => c.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(state.currentCount).toBe(30);
  });

  it('stops when the server says there is no more, even under the total', () => {
    const state = foldPages([{ items: page(1, 10, 40).items, totalCount: 40, hasMore: false }]);
    expect(hasMorePages(state)).toBe(false);
  });

  it('changing the city clears the cards', () => {
    const state = outletListReducer(foldPages([page(1, 16, 40)]), { type: 'cityChanged' });
    expect(state.cardsData).toEqual([]);
    expect(state.offSet).toBe(0);
    expect(state.currentCount).toBe(0);
    expect(nextOffSet(state)).toBe(1);
  });

  it('a category change resets the list', () => {
    const state = outletListReducer(foldPages([page(1, 16, 40), page(17, 16, 40)]), { type: 'categoryChanged' });
    expect(state).toEqual(initialOutletListState);
  });

  it('a search replaces the cards and resets the counts', () => {
    const state = outletListReducer(foldPages([page(1, 16, 40), page(17, 16, 40)]), {
      type: 'searchLoaded',
      searchString: 'kaapi',
      items: [card(7), card(9)],
    });
    expect(state.searchString).toBe('kaapi');
    expect(state.cardsData.map((c) => c.id)).toEqual([7, 9]);
    expect(state.currentCount).toBe(2);
    expect(state.totalCount).toBe(2);
    expect(hasMorePages(state)).toBe(false);
  });

  it('refuses a page request while one is on its way with "Already fetching"', () => {
    const state = foldPages([page(1, 16, 40)]);
    expect(requestNextPage(state, true)).toEqual({ ok: false, reason: 'Already fetching' });
    expect(requestNextPage(state, false)).toEqual({ ok: true, offSet: 2 });
    expect(requestNextPage(foldPages([page(1, 16, 16)]), false)).toEqual({ ok: false, reason: 'No more outlets' });
  });
});
