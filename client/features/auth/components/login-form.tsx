import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { phoneNumberSchema } from '@server/modules/common/schema';
import { Button } from '@client/components/ui/button';
import { isNativeApp } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { errorCode, serverMessageOf } from '@client/lib/trpc-errors';
import { firstIssue } from '@client/lib/validation';
import { useOtpChallenge, type SignedIn } from '../hooks/use-otp-challenge';
import { LegalLinks } from './legal-links';
import { ChallengeOtpModal } from './otp-modal';
import { PhoneField } from './phone-field';

type LoginFormProps = {
  signupHref: string;
  onSignedIn: (result: SignedIn) => void;
};

/** SPEC §2/§4 login: step 1 the phone number, step 2 the OTP modal. */
export function LoginForm({ signupHref, onSignedIn }: LoginFormProps) {
  const { t } = useLingui();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const login = trpc.auth.login.useMutation();
  const challenge = useOtpChallenge({ wrongOtpText: t`Wrong Otp. Try again.`, onSignedIn });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (login.isPending) return;
    setFormError(null);
    setNotFound(false);
    const parsed = phoneNumberSchema.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(firstIssue(parsed.error) ?? t`Please enter a valid phone number`);
      return;
    }
    setPhoneError(null);
    try {
      const result = await login.mutateAsync({ phoneNumber: parsed.data, isApk: isNativeApp() });
      challenge.start({
        userId: result.userId,
        phoneNumber: parsed.data,
        resendAfterSeconds: result.resendAfterSeconds,
      });
    } catch (error) {
      if (errorCode(error) === 'NOT_FOUND') setNotFound(true);
      else setFormError(serverMessageOf(error, t`Something went wrong. Please try again.`));
    }
  }

  return (
    <>
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-label={t`Login`}>
        <PhoneField value={phone} onChange={setPhone} error={phoneError} />

        {notFound ? (
          <p className="form-error" role="alert">
            <Trans>
              We couldn't find your account.{' '}
              <Link href={signupHref} className="form-error__link">
                Sign up
              </Link>
            </Trans>
          </p>
        ) : null}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}

        <Button type="submit" className="auth-form__submit" disabled={login.isPending}>
          {login.isPending ? <Trans>Sending OTP…</Trans> : <Trans>Get OTP</Trans>}
        </Button>

        <p className="auth-form__switch">
          <Trans>
            New to Bachat? <Link href={signupHref}>Create an account</Link>
          </Trans>
        </p>
        <LegalLinks />
      </form>

      <ChallengeOtpModal challenge={challenge} submitLabel="LOGIN" />
    </>
  );
}
