import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { phoneNumberSchema } from '@server/modules/common/schema';
import { Button } from '@client/components/ui/button';
import { isNativeApp } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { errorCode, serverMessageOf } from '@client/lib/trpc-errors';
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
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const login = trpc.auth.login.useMutation();
  const challenge = useOtpChallenge({ wrongOtpText: 'Wrong Otp. Try again.', onSignedIn });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (login.isPending) return;
    setFormError(null);
    setNotFound(false);
    const parsed = phoneNumberSchema.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? 'Please enter a valid phone number');
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
      else setFormError(serverMessageOf(error));
    }
  }

  return (
    <>
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-label="Login">
        <PhoneField value={phone} onChange={setPhone} error={phoneError} />

        {notFound ? (
          <p className="form-error" role="alert">
            {"We couldn't find your account."}{' '}
            <Link href={signupHref} className="form-error__link">
              Sign up
            </Link>
          </p>
        ) : null}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}

        <Button type="submit" className="auth-form__submit" disabled={login.isPending}>
          {login.isPending ? 'Sending OTP…' : 'Get OTP'}
        </Button>

        <p className="auth-form__switch">
          New to Bachat? <Link href={signupHref}>Create an account</Link>
        </p>
        <LegalLinks />
      </form>

      <ChallengeOtpModal challenge={challenge} submitLabel="LOGIN" />
    </>
  );
}
