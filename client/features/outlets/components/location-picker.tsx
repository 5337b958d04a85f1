import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import type { Location } from '@server/modules/locations/schema';
import { Button } from '@client/components/ui/button';
import { PinIcon } from '@client/components/ui/icons';
import { useCurrentUser } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { chooseLocationAtom, clearChosenLocationAtom, type StoredLocation } from '../atoms';
import { useDebounced } from '@client/lib/use-debounced';
import { formatDistance } from '../lib/format';
import { localName } from '@client/lib/i18n';
import { Sheet } from '@client/components/ui/sheet';

type LocationPickerProps = {
  current: StoredLocation | null;
  onClose: () => void;
  onUseDevice: () => void;
  locating: boolean;
};

/**
 * Manual location choice (SPEC §3/§4): search localities and cities, pick one (stored for the
 * session), or go back to the default location (removes the stored one). A signed-in shopper sees
 * their three most recent choices, and each choice is recorded.
 */
export function LocationPicker({ current, onClose, onUseDevice, locating }: LocationPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 250);
  const choose = useSetAtom(chooseLocationAtom);
  const clearChosen = useSetAtom(clearChosenLocationAtom);
  const { isLoggedIn } = useCurrentUser();
  const utils = trpc.useUtils();

  const near = current && !current.isSelectedLocation ? current : null;
  const results = trpc.locations.search.useQuery(
    { location: query || undefined, latitude: near?.latitude, longitude: near?.longitude, limit: 8 },
    { enabled: query.length >= 2 || (!query && near !== null), placeholderData: (previous) => previous },
  );
  const recent = trpc.searchHistory.list.useQuery({ limit: 3 }, { enabled: isLoggedIn });

  const pick = (place: Location) => {
    choose({
      latitude: place.latitude,
      longitude: place.longitude,
      landmark: place.landmark,
      state: place.state,
      locality: place.type === 'city' ? null : place.locality,
      division: localName(place.city),
      citySlug: place.city.slug,
    });
    if (isLoggedIn) {
      // Recorded as a recent search (fire and forget: the choice works either way).
      void utils.client.locations.search
        .query({
          location: place.locality,
          recentSearch: true,
          locality: place.locality,
          state: place.state,
          landmark: place.landmark ?? undefined,
          latitude: place.latitude,
          longitude: place.longitude,
          limit: 1,
        })
        .then(() => utils.searchHistory.list.invalidate())
        .catch(() => undefined);
    }
    onClose();
  };

  return (
    <Sheet title={t`Choose your location`} onClose={onClose}>
      <div className="location-picker">
        <Button
          variant="secondary"
          className="location-picker__device"
          onClick={() => {
            clearChosen();
            onUseDevice();
            onClose();
          }}
          disabled={locating}
        >
          <PinIcon width={20} height={20} />
          <Trans>Use my current location</Trans>
        </Button>

        <div className="location-picker__field">
          <label htmlFor={id} className="location-picker__label">
            <Trans>Search an area or city</Trans>
          </label>
          <input
            id={id}
            type="search"
            className="location-picker__input"
            placeholder={t`e.g. Koramangala, Bandra, Pune`}
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>

        {!query && isLoggedIn && recent.data && recent.data.length > 0 ? (
          <section aria-label={t`Recent searches`} className="location-picker__group">
            <h3 className="location-picker__group-title">
              <Trans>Recent</Trans>
            </h3>
            <ul className="location-picker__list">
              {recent.data.map((entry) =>
                entry.latitude !== null && entry.longitude !== null ? (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="location-picker__item"
                      onClick={() => {
                        choose({
                          latitude: entry.latitude!,
                          longitude: entry.longitude!,
                          landmark: entry.landmark,
                          state: entry.state,
                          locality: entry.locality,
                          division: null,
                          citySlug: null,
                        });
                        onClose();
                      }}
                    >
                      <span className="location-picker__item-title">{entry.locality ?? entry.query}</span>
                      {entry.state ? <span className="location-picker__item-sub">{entry.state}</span> : null}
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          </section>
        ) : null}

        {results.isError ? (
          <p role="alert" className="location-picker__status">
            <Trans>We couldn't search locations. Try again.</Trans>
          </p>
        ) : results.data && (query.length >= 2 || near) ? (
          results.data.locations.length === 0 ? (
            <p role="status" className="location-picker__status">
              <Trans>No places match "{query}".</Trans>
            </p>
          ) : (
            <section aria-label={t`Places`} className="location-picker__group">
              {!query ? (
                <h3 className="location-picker__group-title">
                  <Trans>Areas near you</Trans>
                </h3>
              ) : null}
              <ul className="location-picker__list">
                {results.data.locations.map((place) => (
                  <li key={`${place.type}-${place.city.id}-${place.locality}`}>
                    <button type="button" className="location-picker__item" onClick={() => pick(place)}>
                      <span className="location-picker__item-title">{place.locality}</span>
                      <span className="location-picker__item-sub">
                        {place.type === 'city' ? null : <>{localName(place.city)} · </>}
                        <OutletCount count={place.outletCount} />
                        {place.distanceKm !== null ? ` · ${formatDistance(place.distanceKm)}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )
        ) : null}
      </div>
    </Sheet>
  );
}

/** "12 outlets" (how many a place has). */
function OutletCount({ count }: { count: number }) {
  return <Plural value={count} one="# outlet" other="# outlets" />;
}
