import { Button } from '@client/components/ui/button';

/** Shown under the login panel (and after it is dismissed) on the payment screens. */
export function LoginPrompt({ onLogin, what = 'pay your bill' }: { onLogin: () => void; what?: string }) {
  return (
    <div className="pay-card login-prompt">
      <h1 className="pay-title">Log in to {what}</h1>
      <p className="pay-subtitle">
        Your instant discount, Shuffle coupons and receipts are kept with your account. It takes a phone number and a
        one-time password.
      </p>
      <Button onClick={onLogin}>Log in with OTP</Button>
    </div>
  );
}
