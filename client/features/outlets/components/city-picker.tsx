import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId } from 'react';
import { InlineError } from '@client/components/ui/inline-error';
import { PinIcon } from '@client/components/ui/icons';
import { trpc } from '@client/lib/trpc';
import { locationAtom, selectCityAtom, selectedCityAtom } from '../atoms';
import { useDiscoveryParams } from '../hooks/use-discovery-params';
import { localName } from '@client/lib/i18n';

const NEAR_ME = '';

/**
 * Native select (best on phones) fed by `cities.list`; the choice persists for the session. With no
 * choice it shows "Near you" when the shopper has a location, else the default (first) city, which
 * is what the list shows then.
 */
export function CityPicker() {
  const { t } = useLingui();
  const id = useId();
  const cities = trpc.cities.list.useQuery();
  const selected = useAtomValue(selectedCityAtom);
  const hasLocation = useAtomValue(locationAtom) !== null;
  const selectCity = useSetAtom(selectCityAtom);
  const [, updateDiscovery] = useDiscoveryParams();
  const setSelected = (slug: string | null) => {
    selectCity(slug);
    updateDiscovery({ q: '' });
  };

  if (cities.isError) {
    return (
      <InlineError
        message={t`We couldn't load cities.`}
        onRetry={() => void cities.refetch()}
        retrying={cities.isFetching}
      />
    );
  }

  const known = cities.data?.some((city) => city.slug === selected) ?? false;
  const value = known && selected ? selected : hasLocation ? NEAR_ME : (cities.data?.[0]?.slug ?? NEAR_ME);

  return (
    <div className="city-picker">
      <PinIcon className="city-picker__icon" width={20} height={20} />
      <label htmlFor={id} className="visually-hidden">
        <Trans>City</Trans>
      </label>
      <select
        id={id}
        className="city-picker__select"
        value={value}
        disabled={cities.isPending}
        onChange={(event) => setSelected(event.target.value === NEAR_ME ? null : event.target.value)}
      >
        {cities.isPending ? (
          <option value={NEAR_ME}>{t`Loading cities…`}</option>
        ) : (
          <>
            {hasLocation ? <option value={NEAR_ME}>{t`Near you`}</option> : null}
            {cities.data.map((city) => (
              <option key={city.id} value={city.slug}>
                {localName(city)}
              </option>
            ))}
          </>
        )}
      </select>
    </div>
  );
}
