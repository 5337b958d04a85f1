import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { phoneInputValue } from '@server/modules/common/schema';
import { createPromoterApplicationSchema } from '@server/modules/promoter-applications/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { Field as FormField } from '@client/components/ui/field';
import { DoneIcon } from '@client/components/ui/icons';
import { InlineError } from '@client/components/ui/inline-error';
import { trpc } from '@client/lib/trpc';
import { readTrpcError } from '@client/lib/trpc-errors';
import { validationMessage } from '@client/lib/validation';
import '@client/styles/content.css';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';

type Field = 'name' | 'phoneNumber' | 'email' | 'city' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', phoneNumber: '', email: '', city: '', message: '' };

function firstErrors(error: z.ZodError): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as Field | undefined;
    if (key && !out[key]) out[key] = validationMessage(issue.message);
  }
  return out;
}

/** /become-promoter: an interest form stored on the server (`promoterApplications.create`). */
export function BecomePromoterPage() {
  const { t } = useLingui();
  useScrollToTop();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = trpc.promoterApplications.create.useMutation();

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = field === 'phoneNumber' ? phoneInputValue(event.target.value) : event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPromoterApplicationSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    create.mutate(parsed.data, {
      onError: (error) => {
        const { fieldErrors } = readTrpcError(error);
        if (fieldErrors) setErrors(fieldErrors as Partial<Record<Field, string>>);
      },
    });
  };

  const field = (name: Field, label: string, input: ReactNode, optional = false) => (
    <FormField
      id={`promoter-${name}`}
      label={label}
      optional={optional}
      error={errors[name]}
      alert={false}
      className={name === 'message' ? 'field--wide' : undefined}
    >
      {input}
    </FormField>
  );

  const inputProps = (name: Field) => ({
    id: `promoter-${name}`,
    className: 'field__input',
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `promoter-${name}-error` : undefined,
  });

  return (
    <div className="page promoter">
      <title>{t`Become a promoter · Bachat`}</title>
      <meta
        name="description"
        content={t`Help local outlets in your city join Bachat and earn as a promoter. Tell us about yourself and we'll get in touch.`}
      />
      <header className="promoter__intro">
        <h1 className="promoter__title">
          <Trans>Become a Bachat promoter</Trans>
        </h1>
        <p className="muted">
          <Trans>
            Know the cafés, restaurants and shops in your area? Help them join Bachat (no onboarding fee, a 15-day free
            trial, zero commission) and earn for every outlet that goes live.
          </Trans>
        </p>
        <ul className="promoter__perks">
          <li>
            <Trans>Flexible hours</Trans>
          </li>
          <li>
            <Trans>Earn per outlet onboarded</Trans>
          </li>
          <li>
            <Trans>Training and support</Trans>
          </li>
        </ul>
      </header>

      {create.isSuccess ? (
        <section className="form-success" role="status">
          <span className="form-success__icon" aria-hidden="true">
            <DoneIcon width={28} height={28} />
          </span>
          <h2>
            <Thanks name={values.name.trim().split(' ')[0] ?? ''} />
          </h2>
          <p className="muted">
            <Trans>We've received your details and will call you within 2 working days.</Trans>
          </p>
          <Link href={paths.home.href()} className="btn btn--primary btn--md">
            <Trans>Back to home</Trans>
          </Link>
        </section>
      ) : (
        <form className="form-card" onSubmit={submit} noValidate aria-label={t`Promoter interest form`}>
          {field('name', t`Full name`, <input {...inputProps('name')} autoComplete="name" />)}
          {field(
            'phoneNumber',
            t`Mobile number`,
            <input {...inputProps('phoneNumber')} type="tel" inputMode="numeric" autoComplete="tel-national" />,
          )}
          {field('email', t`Email`, <input {...inputProps('email')} type="email" autoComplete="email" />, true)}
          {field('city', t`City`, <input {...inputProps('city')} autoComplete="address-level2" />)}
          {field(
            'message',
            t`Tell us about yourself`,
            <textarea {...inputProps('message')} className="field__textarea" rows={4} maxLength={1000} />,
            true,
          )}
          {create.isError && !readTrpcError(create.error).fieldErrors ? (
            <InlineError message={create.error.message || t`We couldn't send your details. Please try again.`} />
          ) : null}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Trans>Sending…</Trans> : <Trans>Send my details</Trans>}
          </Button>
          <p className="muted field--wide" style={{ fontSize: 13 }}>
            <Trans>
              By sending this you agree to our <Link href={paths.terms.href()}>Terms</Link> and{' '}
              <Link href={paths.privacy.href()}>Privacy Policy</Link>.
            </Trans>
          </p>
        </form>
      )}
    </div>
  );
}

/** "Thanks, Asha!" (or "Thanks!" without a name). */
function Thanks({ name }: { name: string }) {
  return name ? <Trans>Thanks, {name}!</Trans> : <Trans>Thanks!</Trans>;
}
