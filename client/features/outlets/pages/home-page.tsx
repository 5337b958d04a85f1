import { Select, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { City } from '@server/modules/cities/schema';
import { Button } from '@client/components/ui/button';
import { PinIcon } from '@client/components/ui/icons';
import { Spinner } from '@client/components/ui/spinner';
import { formatCount, pluralForm } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { selectedCategoryAtom, selectedCityAtom, serverRenderedListAtom, type StoredLocation } from '../atoms';
import { CategoryChips } from '../components/category-chips';
import { CityPicker } from '../components/city-picker';
import { DiscoveryFilters, ViewToggle } from '../components/discovery-filters';
import { OutletList } from '../components/outlet-list';
import { SearchBox } from '../components/search-box';
import { useDiscoveryParams } from '../hooks/use-discovery-params';
import { OUTLETS_ERROR, useOutletList, type OutletListFilters } from '../hooks/use-outlet-list';
import { useShopperLocation } from '../hooks/use-shopper-location';
import { activeFilterCount, discoveryInput } from '../lib/discovery-params';
import { localName } from '@client/lib/i18n';
import { hasMorePages, initialOutletListState, outletListReducer } from '../paging';
import '@client/styles/home.css';
import '@client/styles/outlets.css';

// Opened on demand: its code is not part of the first screen's (issue 18).
const LocationPicker = lazy(() => import('../components/location-picker').then((m) => ({ default: m.LocationPicker })));
/** The map is its own chunk, loaded the first time the map view is shown (the home route's budget). */
const OutletMap = lazy(() => import('../components/outlet-map').then((m) => ({ default: m.OutletMap })));

/** A device position this far from the chosen city's centre is "not in that city". */
const SAME_CITY_KM = 60;

function kmBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/**
 * What the list shows (SPEC §4/§7): a place chosen by hand; else the device position (unless the
 * shopper picked a city elsewhere); else the selected city's outlets in a stable order (noLocation).
 */
export function listFilters(
  location: StoredLocation | null,
  city: City | null,
  category: string | null,
): OutletListFilters {
  const base = { category: category ?? undefined };
  if (location?.isSelectedLocation) {
    return { ...base, latitude: location.latitude, longitude: location.longitude, noLocation: false };
  }
  if (location && (!city || kmBetween(location, city) <= SAME_CITY_KM)) {
    return { ...base, latitude: location.latitude, longitude: location.longitude, noLocation: false };
  }
  return { ...base, noLocation: true, city: city?.slug };
}

/** The place a hand-chosen location names ("Indiranagar, Bengaluru"), or null. */
function chosenPlace(location: StoredLocation | null): string | null {
  if (!location?.isSelectedLocation) return null;
  return [location.locality, location.division].filter(Boolean).join(', ') || null;
}

export function HomePage() {
  const { t, i18n } = useLingui();
  const shopper = useShopperLocation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const citySlug = useAtomValue(selectedCityAtom);
  const category = useAtomValue(selectedCategoryAtom);
  const [discovery, updateDiscovery] = useDiscoveryParams();
  const searchString = discovery.q;
  const cities = trpc.cities.list.useQuery();
  // With no city chosen the server lists the default (first) city's outlets; name it.
  const city = cities.data?.find((c) => c.slug === citySlug) ?? (shopper.location ? null : (cities.data?.[0] ?? null));

  // The list asks for a chosen city by name; with none chosen it leaves the city to the server (the
  // default, first city, the one named above), so the first page is asked for together with the
  // cities rather than after them (issue 18: one round trip less before the first cards).
  const chosenCity = citySlug === null ? null : city;
  const base = listFilters(shopper.location, chosenCity, category);
  const narrowing = discoveryInput(discovery);
  const filters: OutletListFilters = { ...base, ...narrowing };
  const citiesKnown = citySlug === null || !cities.isPending;
  const showMap = discovery.view === 'map';
  const nearby = useOutletList(filters, shopper.ready && citiesKnown && !searchString && !showMap);
  // A list already in the cache (the first screen's, client/app/prefetch.ts) is shown only once the
  // shopper's location is settled: a granted permission turns it into the nearest outlets instead.
  // Unless the server rendered it into the page (its first render must be the server's): it did so
  // only for a browser that has no place and has not granted the permission.
  const serverList = useAtomValue(serverRenderedListAtom) && shopper.location === null;
  const nearbyPending = (!shopper.ready && !serverList) || nearby.query.isPending;

  const searching = searchString !== '';
  const search = trpc.outlets.search.useQuery(
    {
      searchString,
      latitude: base.latitude,
      longitude: base.longitude,
      city: base.noLocation ? city?.slug : undefined,
      limit: 48,
      ...narrowing,
    },
    { enabled: searching && shopper.ready && citiesKnown },
  );
  const searchState = useMemo(
    () =>
      search.data
        ? outletListReducer(initialOutletListState, { type: 'searchLoaded', searchString, items: search.data.outletResult })
        : initialOutletListState,
    [search.data, searchString],
  );

  const state = searching ? searchState : nearby.state;
  const suggestion = search.data?.didYouMean ?? null;
  const place = chosenPlace(shopper.location);
  const cityName = city ? localName(city) : null;
  // Issue 17: an area chosen by hand is named ("Outlets near Indiranagar"), never "near you"; and a
  // count is shown only where it counts what the heading says (a city's outlets): a list by distance
  // runs on into other cities.
  const heading = searching
    ? t`Results for "${searchString}"`
    : filters.noLocation
      ? cityName
        ? t`Outlets in ${cityName}`
        : t`Outlets in your city`
      : place
        ? t`Outlets near ${place}`
        : t`Outlets near you`;
  const outletCount = nearby.state.totalCount;
  const outletCountText = formatCount(outletCount);
  const outletCountForm = pluralForm(outletCount);
  const filtered = activeFilterCount(discovery) > 0;
  const clearFilters = () => updateDiscovery({ openNow: false, veg: false, cost: null, minDiscount: null });
  const emptyText = searching
    ? search.data?.hiddenByFilters
      ? t`Outlets match "${searchString}", but none with these filters.`
      : t`No outlets match "${searchString}". Try another name, dish or area.`
    : filtered
      ? t`No outlets here match these filters.`
      : t`No outlets here yet. Try another category or city.`;

  // A search brings its results into view: on a phone the header, the search box and the chips fill the
  // first screen, and the results were below the fold (issue 28).
  useEffect(() => {
    if (!searchString) return;
    const title = document.getElementById('outlets-title');
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    title?.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [searchString]);

  // Shown from the first frame unless a location is known, so it never pushes the list down when the
  // permission check settles (home CLS was 0.114, issue 18).
  const showLocationBanner = !shopper.location;

  return (
    <div className="page home">
      <title>{t`Bachat · Pay at the outlet, save instantly`}</title>
      <meta
        name="description"
        content={t`Find instant discounts at restaurants, cafés, shops and salons near you. Pay your bill at the outlet with Bachat and save on the spot.`}
      />

      <section className="home__intro" aria-labelledby="home-title">
        <div className="home__intro-text">
          <h1 id="home-title" className="home__title">
            <Trans>Find savings near you</Trans>
          </h1>
          {shopper.location ? (
            <button
              type="button"
              className="location-button"
              onClick={() => setPickerOpen(true)}
              aria-haspopup="dialog"
            >
              <PinIcon width={18} height={18} />
              <span className="location-button__label">
                {shopper.location.isSelectedLocation ? (place ?? t`Chosen location`) : t`Near you`}
              </span>
              <span className="location-button__change">
                <Trans>Change</Trans>
              </span>
            </button>
          ) : null}
        </div>
        <CityPicker />
      </section>

      <SearchBox latitude={base.latitude} longitude={base.longitude} />

      {showLocationBanner ? (
        <section className="location-banner" aria-label={t`Location`}>
          <span className="location-banner__icon" aria-hidden="true">
            <PinIcon width={22} height={22} />
          </span>
          <div className="location-banner__text">
            <strong>
              <Trans>See the nearest offers first</Trans>
            </strong>
            <span>
              <Trans>Allow location, or choose an area by hand.</Trans>
            </span>
          </div>
          <div className="location-banner__actions">
            {shopper.permission !== 'unsupported' ? (
              <Button size="sm" onClick={() => void shopper.requestDeviceLocation()} disabled={shopper.locating}>
                {shopper.locating ? <Trans>Locating…</Trans> : <Trans>Use my location</Trans>}
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => setPickerOpen(true)}>
              <Trans>Choose location</Trans>
            </Button>
          </div>
        </section>
      ) : null}
      {shopper.message ? (
        <div className="location-message" role="alert">
          <p className="location-message__text">{shopper.message}</p>
          {shopper.denied ? (
            <>
              {/* SPEC §8's text stays as it is; what to do next goes beside it (issue 28). */}
              <p className="location-message__help">
                <Trans>
                  To use your location, allow it for this site in your browser's settings (the icon beside the address) and
                  try again. Or choose an area by hand.
                </Trans>
              </p>
              <Button size="sm" variant="secondary" onClick={() => setPickerOpen(true)}>
                <Trans>Choose an area</Trans>
              </Button>
            </>
          ) : null}
        </div>
      ) : null}

      <section className="home__section" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          <Trans>Browse by category</Trans>
        </h2>
        <CategoryChips />
      </section>

      <section className="home__section" aria-labelledby="outlets-title">
        <div className="home__list-header">
          <h2 id="outlets-title" className="section-title">
            {heading}
          </h2>
          {!searching && !showMap && filters.noLocation && nearby.query.data ? (
            <span className="muted home__count">
              {/* A <Select> on the plural form, not <Plural>: see `pluralForm` in lib/format.ts. */}
              <Select value={outletCountForm} _one={`${outletCountText} outlet`} other={`${outletCountText} outlets`} />
            </span>
          ) : null}
          <ViewToggle view={discovery.view} onChange={(view) => updateDiscovery({ view })} />
        </div>
        <DiscoveryFilters params={discovery} onChange={(patch) => updateDiscovery(patch)} placeKnown={!base.noLocation} />
        {searching && suggestion ? (
          <p className="did-you-mean" role="status">
            <Trans>
              Did you mean{' '}
              <button type="button" className="text-link" onClick={() => updateDiscovery({ q: suggestion })}>
                {suggestion}
              </button>
              ?
            </Trans>
          </p>
        ) : null}
        {showMap ? (
          <Suspense
            fallback={
              <div className="outlet-map outlet-map--loading" role="status" aria-label={t`Loading the map`}>
                <Spinner size={40} label={t`Loading the map`} />
              </div>
            }
          >
            <OutletMap
              source={
                searching
                  ? { kind: 'outlets', outlets: state.cardsData, pending: search.isPending }
                  : // The map names the city it shows (its pins are asked for once the cities are known).
                    { kind: 'list', input: { ...listFilters(shopper.location, city, category), ...narrowing }, enabled: shopper.ready && !cities.isPending }
              }
            />
          </Suspense>
        ) : (
          <OutletList
            outlets={state.cardsData}
            isPending={searching ? search.isPending : nearbyPending}
            error={(searching ? search.isError : nearby.query.isError) ? i18n._(OUTLETS_ERROR) : null}
            onRetry={() => void (searching ? search.refetch() : nearby.query.refetch())}
            hasMore={!searching && hasMorePages(state) && nearby.query.hasNextPage}
            isFetchingMore={nearby.query.isFetchingNextPage}
            onLoadMore={nearby.loadMore}
            emptyText={emptyText}
            homeCityId={searching ? (search.data?.chosenCity?.id ?? null) : null}
            emptyAction={
              filtered ? (
                <Button size="sm" variant="secondary" onClick={clearFilters}>
                  <Trans>Clear filters</Trans>
                </Button>
              ) : null
            }
          />
        )}
      </section>

      <section className="hero" aria-labelledby="hero-title">
        <span className="hero__badge" aria-hidden="true">
          ₹
        </span>
        <div>
          <h2 id="hero-title" className="hero__title">
            <Trans>Pay your bill at the outlet and save instantly</Trans>
          </h2>
          <p className="hero__text">
            <Trans>
              Pick an outlet, enter your final bill and the discount applies on the spot, on top of the outlet's own
              offers.
            </Trans>
          </p>
        </div>
      </section>

      {pickerOpen ? (
        <Suspense fallback={null}>
          <LocationPicker
            current={shopper.location}
            locating={shopper.locating}
            onUseDevice={() => void shopper.requestDeviceLocation()}
            onClose={() => setPickerOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
