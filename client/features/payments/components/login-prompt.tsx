import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

/**
 * Shown under the login panel (and after it is dismissed) on the payment screens. `heading` says what the
 * shopper logs in to do ("Log in to pay your bill", the default).
 */
export function LoginPrompt({ onLogin, heading }: { onLogin: () => void; heading?: ReactNode }) {
  return (
    <div className="pay-card login-prompt">
      <h1 className="pay-title">{heading ?? <Trans>Log in to pay your bill</Trans>}</h1>
      <p className="pay-subtitle">
        <Trans>
          Your instant discount, Shuffle coupons and receipts are kept with your account. It takes a phone number and a
          one-time password.
        </Trans>
      </p>
      <Button onClick={onLogin}>
        <Trans>Log in with OTP</Trans>
      </Button>
    </div>
  );
}
