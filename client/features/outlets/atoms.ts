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

/**
 * SPEC §3 Location, §4: the shopper's location, kept in session storage under `location`.
 * `isSelectedLocation` marks a place chosen by hand (kept even without the permission);
 * `fetchedLocation` marks one read from the device (dropped when the permission is not granted).
 */
export type StoredLocation = {
  latitude: number;
  longitude: number;
  landmark: string | null;
  state: string | null;
  locality: string | null;
  /** The city (its name) the place is in. */
  division: string | null;
  /** The city's slug, to keep the city picker in step with a chosen place. */
  citySlug?: string | null;
  isSelectedLocation: boolean;
  fetchedLocation: boolean;
};

export const LOCATION_STORAGE_KEY = 'location';

/**
 * True when the home page's first list came rendered in the HTML (client/app/server-render.tsx, and
 * boot.tsx hydrating it): the page shows it from its first render, while the location permission is
 * still being checked, as the server did. The server renders it only for a browser with no place and
 * no granted permission (the cookies of lib/browse-cookie.ts).
 */
export const serverRenderedListAtom = atom(false);

export const locationAtom = atomWithStorage<StoredLocation | null>(
  LOCATION_STORAGE_KEY,
  null,
  createJSONStorage<StoredLocation | null>(() => sessionStorage),
  { getOnInit: true },
);

/**
 * SPEC §2: the Home tab clears category, city and search text. The search text and the filters live
 * in the URL query (lib/discovery-params.ts), which the Home link's `/` leaves behind.
 */
export const resetBrowseFiltersAtom = atom(null, (_get, set) => {
  set(selectedCategoryAtom, RESET);
  set(selectedCityAtom, RESET);
});

/** SPEC §4: choosing a place by hand stores it; its city becomes the selected city. */
export const chooseLocationAtom = atom(null, (_get, set, place: Omit<StoredLocation, 'isSelectedLocation' | 'fetchedLocation'>) => {
  set(locationAtom, { ...place, isSelectedLocation: true, fetchedLocation: false });
  if (place.citySlug) set(selectedCityAtom, place.citySlug);
});

/**
 * The city picker: a place chosen by hand in another city stops applying (SPEC §4: changing city
 * clears the cards; the new city's list starts over). The picker also drops a search from the URL.
 */
export const selectCityAtom = atom(null, (get, set, citySlug: string | null) => {
  const place = get(locationAtom);
  if (place?.isSelectedLocation && place.citySlug !== citySlug) set(locationAtom, RESET);
  set(selectedCityAtom, citySlug);
});

/** SPEC §4: a category change resets the list (the chips also drop a search from the URL). */
export const selectCategoryAtom = atom(null, (_get, set, categorySlug: string | null) => {
  set(selectedCategoryAtom, categorySlug);
});

/** SPEC §4: choosing the default location removes the stored one. */
export const clearChosenLocationAtom = atom(null, (_get, set) => {
  set(locationAtom, RESET);
});
