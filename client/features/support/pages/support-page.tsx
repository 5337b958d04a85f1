import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { createSupportTicketSchema } from '@server/modules/support-tickets/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { DoneIcon } from '@client/components/ui/icons';
import { PageLoader } from '@client/components/ui/spinner';
import { useRequireLogin, type CurrentUser } from '@client/lib/auth';
import { formatPhone } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { validationMessage } from '@client/lib/validation';
import '@client/styles/profile.css';

type Field = 'email' | 'subject' | 'message';

export function SupportPage() {
  const { user, isLoggedIn } = useRequireLogin();
  if (!isLoggedIn || !user) return <PageLoader />;
  return <SupportForm user={user} />;
}

/**
 * The signed-in shopper writes only a subject and a message: the reply goes to the name, email and
 * phone number of their profile, which the server fills in (shown here, not editable). A profile
 * without an email asks for one, since the reply goes there.
 */
function SupportForm({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const id = useId();
  const create = trpc.supportTickets.create.useMutation();
  const profileEmail = user.email?.trim() || null;
  const [values, setValues] = useState<Record<Field, string>>({ email: '', subject: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [ticketId, setTicketId] = useState<number | null>(null);
  const replyEmail = profileEmail ?? values.email;

  const set = (field: Field, value: string) => setValues((prev) => ({ ...prev, [field]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const input = profileEmail
      ? { subject: values.subject, message: values.message }
      : { email: values.email, subject: values.subject, message: values.message };
    const parsed = createSupportTicketSchema.safeParse(input);
    const next: Partial<Record<Field, string>> = {};
    if (!profileEmail && !values.email.trim()) next.email = t`Email is required`;
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as Field;
      next[field] ??= validationMessage(issue.message);
    }
    if (!parsed.success || Object.keys(next).length > 0) {
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const result = await create.mutateAsync(parsed.data);
      setTicketId(result.ticketId);
    } catch (error) {
      setFormError(
        error instanceof Error && error.message
          ? error.message
          : t`We could not send your message. Please try again.`,
      );
    }
  }

  if (ticketId !== null) {
    const firstName = user.name?.split(' ')[0] ?? '';
    return (
      <div className="page account-page">
        <title>{t`Help & support · Bachat`}</title>
        <div className="card support-done" role="status">
          <span className="support-done__icon" aria-hidden="true">
            <DoneIcon width={28} height={28} />
          </span>
          <h1 className="account-page__title">
            <Trans>Message sent</Trans>
          </h1>
          <p>
            {firstName ? <Trans>Thanks, {firstName}.</Trans> : <Trans>Thanks.</Trans>}{' '}
            <Trans>
              Our team will reply to <strong>{replyEmail}</strong> within one working day. Your ticket number is{' '}
              <strong>#{ticketId}</strong>.
            </Trans>
          </p>
          <Link href={paths.home.href()} className="btn btn--primary btn--md">
            <Trans>Back to home</Trans>
          </Link>
        </div>
      </div>
    );
  }

  const field = (name: Field, label: string, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`} className="field__label">
        {label}
      </label>
      {input}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field__error" role="alert">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const common = (name: Field) => ({
    id: `${id}-${name}`,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <div className="page account-page">
      <title>{t`Help & support · Bachat`}</title>
      <meta name="description" content={t`Write to the Bachat support team about a payment, a coupon or your account.`} />
      <div>
        <h1 className="account-page__title">
          <Trans>Help &amp; support</Trans>
        </h1>
        <p className="muted">
          <Trans>
            Tell us what happened and we will get back to you. Quick answers are in the <Link href={paths.faqs.href()}>FAQs</Link>.
          </Trans>
        </p>
      </div>

      <form className="card support-form" noValidate onSubmit={handleSubmit} aria-label={t`Contact support`}>
        <div className="support-form__contact" role="group" aria-label={t`Your contact details`}>
          <p className="field__label">
            <Trans>We'll reply to</Trans>
          </p>
          <p className="support-form__who">
            <strong>{user.name}</strong>
            {profileEmail ? (
              <>
                <span className="support-form__sep" aria-hidden="true">
                  {' · '}
                </span>
                <span>{profileEmail}</span>
              </>
            ) : null}
            {user.phoneNumber ? (
              <>
                <span className="support-form__sep" aria-hidden="true">
                  {' · '}
                </span>
                <span>{formatPhone(user.phoneNumber)}</span>
              </>
            ) : null}
          </p>
          <p className="field__hint">
            <Trans>
              From your profile. <Link href={paths.profile.href()}>Change it in your profile</Link>.
            </Trans>
          </p>
        </div>
        {profileEmail
          ? null
          : field(
              'email',
              t`Email`,
              <input
                {...common('email')}
                className="field__input"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={254}
                onChange={(e) => set('email', e.target.value.replace(/\s/g, ''))}
              />,
            )}
        {field(
          'subject',
          t`Subject`,
          <input {...common('subject')} className="field__input" maxLength={150} onChange={(e) => set('subject', e.target.value)} />,
        )}
        {field(
          'message',
          t`Message`,
          <textarea
            {...common('message')}
            className="field__textarea"
            maxLength={2000}
            rows={6}
            onChange={(e) => set('message', e.target.value)}
          />,
        )}
        <p className="field__hint support-form__count">{values.message.length}/2000</p>

        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
        </Button>
      </form>
    </div>
  );
}
