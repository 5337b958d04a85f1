import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import type { City } from '@server/modules/cities/schema';
import { Button } from '@client/components/ui/button';
import { PinIcon } from '@client/components/ui/icons';
import { trpc } from '@client/lib/trpc';
import { searchStringAtom, selectedCategoryAtom, selectedCityAtom, type StoredLocation } from '../atoms';
import { CategoryChips } from '../components/category-chips';
import { CityPicker } from '../components/city-picker';
import { LocationPicker } from '../components/location-picker';
import { OutletList } from '../components/outlet-list';
import { SearchBox } from '../components/search-box';
import { OUTLETS_ERROR, useOutletList, type OutletListFilters } from '../hooks/use-outlet-list';
import { useShopperLocation } from '../hooks/use-shopper-location';
import { localName } from '@client/lib/i18n';
import { hasMorePages, initialOutletListState, outletListReducer } from '../paging';
import '@client/styles/home.css';
import '@client/styles/outlets.css';

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
  const searchString = useAtomValue(searchStringAtom);
  const cities = trpc.cities.list.useQuery();
  // With no city chosen the server lists the default (first) city's outlets; name it.
  const city = cities.data?.find((c) => c.slug === citySlug) ?? (shopper.location ? null : (cities.data?.[0] ?? null));

  const filters = listFilters(shopper.location, city, category);
  const citiesKnown = !cities.isPending;
  const nearby = useOutletList(filters, shopper.ready && citiesKnown && !searchString);

  const searching = searchString !== '';
  const search = trpc.outlets.search.useQuery(
    { searchString, latitude: filters.latitude, longitude: filters.longitude, limit: 48 },
    { enabled: searching },
  );
  const searchState = useMemo(
    () =>
      search.data
        ? outletListReducer(initialOutletListState, { type: 'searchLoaded', searchString, items: search.data.outletResult })
        : initialOutletListState,
    [search.data, searchString],
  );

  const state = searching ? searchState : nearby.state;
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

  const showLocationBanner = shopper.ready && !shopper.location;

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

      <SearchBox latitude={filters.latitude} longitude={filters.longitude} />

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
        <p className="location-message" role="alert">
          {shopper.message}
        </p>
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
          {!searching && filters.noLocation && nearby.query.data ? (
            <span className="muted home__count">
              <Plural value={outletCount} one="# outlet" other="# outlets" />
            </span>
          ) : null}
        </div>
        <OutletList
          outlets={state.cardsData}
          isPending={searching ? search.isPending : nearby.query.isPending}
          error={(searching ? search.isError : nearby.query.isError) ? i18n._(OUTLETS_ERROR) : null}
          onRetry={() => void (searching ? search.refetch() : nearby.query.refetch())}
          hasMore={!searching && hasMorePages(state) && nearby.query.hasNextPage}
          isFetchingMore={nearby.query.isFetchingNextPage}
          onLoadMore={nearby.loadMore}
          emptyText={
            searching
              ? t`No outlets match "${searchString}". Try another name or area.`
              : t`No outlets here yet. Try another category or city.`
          }
        />
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
        <LocationPicker
          current={shopper.location}
          locating={shopper.locating}
          onUseDevice={() => void shopper.requestDeviceLocation()}
          onClose={() => setPickerOpen(false)}
        />
      ) : null}
    </div>
  );
}
