import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The outlet the shopper is paying, at the top of each payment screen ("Paying at", or `label`). */
export function OutletHeading({ name, label }: { name: string; label?: ReactNode }) {
  const initial = name.trim().charAt(0).toUpperCase() || '₹';
  return (
    <div className="pay-outlet">
      <span className="pay-outlet__badge" aria-hidden="true">
        {initial}
      </span>
      <div>
        <p className="pay-outlet__label">{label ?? <Trans>Paying at</Trans>}</p>
        <h1 className="pay-outlet__name">{name}</h1>
      </div>
    </div>
  );
}
