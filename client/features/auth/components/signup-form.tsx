import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { emailSchema, nameSchema, phoneNumberSchema } from '@server/modules/common/schema';
import { Button } from '@client/components/ui/button';
import { Field, fieldAria } from '@client/components/ui/field';
import { EmailInput, NameInput } from '@client/components/ui/person-inputs';
import { isNativeApp } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { fieldErrorsOf, serverMessageOf } from '@client/lib/trpc-errors';
import { firstIssue } from '@client/lib/validation';
import { REFERRAL_PREFIX, withoutSpaces } from '../lib/inputs';
import { useOtpChallenge, type SignedIn } from '../hooks/use-otp-challenge';
import { LegalLinks } from './legal-links';
import { ChallengeOtpModal } from './otp-modal';
import { PhoneField } from './phone-field';

type SignupFormProps = {
  loginHref: string;
  onSignedIn: (result: SignedIn) => void;
};

type FieldName = 'phoneNumber' | 'name' | 'email' | 'referral';

/** `?referal=ME…` (SPEC §2, the spelling is the product's): pre-filled, locked and shown. */
export function referralFromSearch(search: string): string | null {
  const value = withoutSpaces(new URLSearchParams(search).get('referal') ?? '');
  return value.toUpperCase().startsWith(REFERRAL_PREFIX) ? value : null;
}

/** SPEC §2/§4 signup: phone, name, email and an optional referral code, then the OTP modal. */
export function SignupForm({ loginHref, onSignedIn }: SignupFormProps) {
  const { t } = useLingui();
  const ids = { name: useId(), email: useId(), referral: useId() };
  const search = useSearch();
  const lockedReferral = referralFromSearch(search);
  const [values, setValues] = useState({ phoneNumber: '', name: '', email: '', referral: '' });
  const [showReferral, setShowReferral] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signup = trpc.auth.signup.useMutation();
  const challenge = useOtpChallenge({ onSignedIn });

  const referral = lockedReferral ?? values.referral;
  const referralVisible = lockedReferral !== null || showReferral;

  const set = (field: FieldName, value: string) => setValues((prev) => ({ ...prev, [field]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (signup.isPending) return;
    setFormError(null);
    const phone = phoneNumberSchema.safeParse(values.phoneNumber);
    const name = nameSchema.safeParse(values.name);
    const email = emailSchema.safeParse(values.email);
    const next: Partial<Record<FieldName, string>> = {};
    if (!phone.success) next.phoneNumber = firstIssue(phone.error);
    if (!name.success) next.name = firstIssue(name.error);
    if (!email.success) next.email = firstIssue(email.error);
    setErrors(next);
    if (!phone.success || !name.success || !email.success) return;

    try {
      const result = await signup.mutateAsync({
        phoneNumber: phone.data,
        name: name.data,
        email: email.data,
        ...(referral ? { referral } : {}),
        isApk: isNativeApp(),
      });
      challenge.start({
        userId: result.userId,
        phoneNumber: phone.data,
        resendAfterSeconds: result.resendAfterSeconds,
      });
    } catch (error) {
      const byField = fieldErrorsOf(error) as Partial<Record<FieldName, string>>;
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFormError(serverMessageOf(error, t`Something went wrong. Please try again.`));
    }
  }

  return (
    <>
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-label={t`Sign up`}>
        <PhoneField value={values.phoneNumber} onChange={(digits) => set('phoneNumber', digits)} error={errors.phoneNumber} />

        <Field id={ids.name} label={t`Name`} error={errors.name}>
          <NameInput id={ids.name} placeholder={t`Your full name`} value={values.name} onChange={(name) => set('name', name)} error={errors.name} />
        </Field>

        <Field id={ids.email} label={t`Email`} error={errors.email}>
          <EmailInput id={ids.email} placeholder="you@example.com" value={values.email} onChange={(email) => set('email', email)} error={errors.email} />
        </Field>

        {referralVisible ? (
          <Field
            id={ids.referral}
            label={t`Referral code`}
            optional
            error={errors.referral}
            hint={lockedReferral !== null ? <p className="field__hint">{t`Applied from your invite link.`}</p> : null}
          >
            <input
              id={ids.referral}
              className="field__input"
              type="text"
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={32}
              value={referral}
              readOnly={lockedReferral !== null}
              aria-readonly={lockedReferral !== null ? true : undefined}
              onChange={(event) => set('referral', withoutSpaces(event.target.value))}
              {...fieldAria(ids.referral, errors.referral)}
            />
          </Field>
        ) : (
          <button type="button" className="link-button auth-form__reveal" onClick={() => setShowReferral(true)}>
            <Trans>Have a referral code?</Trans>
          </button>
        )}

        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}

        <Button type="submit" className="auth-form__submit" disabled={signup.isPending}>
          {signup.isPending ? <Trans>Sending OTP…</Trans> : <Trans>Get OTP</Trans>}
        </Button>

        <p className="auth-form__switch">
          <Trans>
            Already have an account? <Link href={loginHref}>Login</Link>
          </Trans>
        </p>
        <LegalLinks />
      </form>

      <ChallengeOtpModal challenge={challenge} submitLabel="SIGNUP" />
    </>
  );
}
