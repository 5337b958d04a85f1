import { atom } from 'jotai';
import { RESET, atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * Browse filters the shopper picks on the home page (SPEC §3/§4: selected category and city
 * persist in session storage). Only the slug is stored; the full record stays server state in
 * react-query (`categories.list` / `cities.list`), per CONVENTIONS §H.
 */
const sessionJson = createJSONStorage<string | null>(() => sessionStorage);

export const selectedCategoryAtom = atomWithStorage<string | null>(
  'selectedCategory',
  null,
  sessionJson,
  { getOnInit: true },
);

export const selectedCityAtom = atomWithStorage<string | null>('selectedCity', null, sessionJson, {
  getOnInit: true,
});

/** SPEC §2: the Home tab clears category and city (and search text, once search exists). */
export const resetBrowseFiltersAtom = atom(null, (_get, set) => {
  set(selectedCategoryAtom, RESET);
  set(selectedCityAtom, RESET);
});
