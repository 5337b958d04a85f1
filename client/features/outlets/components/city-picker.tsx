import { useAtom } from 'jotai';
import { useId } from 'react';
import { InlineError } from '@client/components/ui/inline-error';
import { PinIcon } from '@client/components/ui/icons';
import { trpc } from '@client/lib/trpc';
import { selectedCityAtom } from '../atoms';

const ALL_CITIES = '';

/** Native select (best on phones) fed by `cities.list`; the choice persists for the session. */
export function CityPicker() {
  const id = useId();
  const cities = trpc.cities.list.useQuery();
  const [selected, setSelected] = useAtom(selectedCityAtom);

  if (cities.isError) {
    return (
      <InlineError
        message="We couldn't load cities."
        onRetry={() => void cities.refetch()}
        retrying={cities.isFetching}
      />
    );
  }

  const known = cities.data?.some((city) => city.slug === selected) ?? false;

  return (
    <div className="city-picker">
      <PinIcon className="city-picker__icon" width={20} height={20} />
      <label htmlFor={id} className="visually-hidden">
        City
      </label>
      <select
        id={id}
        className="city-picker__select"
        value={known && selected ? selected : ALL_CITIES}
        disabled={cities.isPending}
        onChange={(event) => setSelected(event.target.value === ALL_CITIES ? null : event.target.value)}
      >
        {cities.isPending ? (
          <option value={ALL_CITIES}>Loading cities…</option>
        ) : (
          <>
            <option value={ALL_CITIES}>All cities</option>
            {cities.data.map((city) => (
              <option key={city.id} value={city.slug}>
                {city.name}, {city.state}
              </option>
            ))}
          </>
        )}
      </select>
    </div>
  );
}
