import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { withOutlet } from '../lib/links';
import { setCurrentOutlet, type BusinessOutlet } from '../lib/session';

type OutletSwitcherProps = {
  outlets: readonly BusinessOutlet[];
  currentOutletId: number | null;
};

/**
 * Picks the outlet the console works on: the same page for the chosen outlet, and the choice is
 * kept as the current outlet (so the top bar's business link and the next login land there).
 */
export function OutletSwitcher({ outlets, currentOutletId }: OutletSwitcherProps) {
  const [location, navigate] = useLocation();

  if (outlets.length === 0) {
    return (
      <span className="outlet-switcher outlet-switcher--empty">
        <Trans>No outlets yet</Trans>
      </span>
    );
  }

  const current = outlets.find((outlet) => outlet.id === currentOutletId) ?? null;
  if (outlets.length === 1 && current) {
    return (
      <div className="outlet-switcher outlet-switcher--single">
        <span className="outlet-switcher__name">{current.name}</span>
        <span className="outlet-switcher__area">{current.addressLineTwo}</span>
      </div>
    );
  }

  return (
    <label className="outlet-switcher">
      <span className="visually-hidden">
        <Trans>Outlet</Trans>
      </span>
      <select
        className="outlet-switcher__select"
        value={current ? String(current.id) : ''}
        onChange={(event) => {
          const outletId = Number(event.target.value);
          if (!Number.isInteger(outletId) || outletId <= 0) return;
          setCurrentOutlet(outletId);
          navigate(withOutlet(location, outletId));
        }}
      >
        {current ? null : (
          <OptionText value="">
            <Trans>Choose an outlet</Trans>
          </OptionText>
        )}
        {outlets.map((outlet) => (
          <option key={outlet.id} value={outlet.id}>
            {outlet.addressLineTwo ? `${outlet.name} · ${outlet.addressLineTwo}` : outlet.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A disabled placeholder option (its text from the catalog). */
function OptionText({ value, children }: { value: string; children: ReactNode }) {
  return (
    <option value={value} disabled>
      {children}
    </option>
  );
}
