import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Field, fieldAria } from '@client/components/ui/field';
import { useAuthActions } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { adoptAccountLanguage } from '../lib/language';
import { businessHome, section } from '../lib/links';
import { detailsFromLogin, saveBusinessSession, useBusinessSession } from '../lib/session';
import '@client/styles/forms.css';
import '@client/styles/business.css';

/** /for-bussiness/login: username + password (SPEC §4, §6, §8). */
export function BusinessLoginPage() {
  const { t } = useLingui();
  const session = useBusinessSession();
  const [, navigate] = useLocation();
  const { forgetShopper } = useAuthActions();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const login = trpc.businessAuth.login.useMutation();
  const saveLanguage = trpc.businessAuth.setLanguage.useMutation();

  if (session && !login.isPending && !login.isSuccess) {
    return <Redirect to={`~${businessHome(session.details.currentOutletId)}`} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Issue 17: a new try starts clean; the last try's "Invalid username or password" never stays beside new errors.
    login.reset();
    const errors: typeof fieldErrors = {};
    if (!username.trim()) errors.username = t`Username is required`;
    if (!password) errors.password = t`Password is required`;
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (result) => {
          // SPEC §6: logging in as a business owner removes the shopper's token (and nothing else): the
          // server has cleared its cookies; the page forgets the shopper it had cached.
          forgetShopper();
          const details = detailsFromLogin(result);
          saveBusinessSession(details);
          adoptAccountLanguage(result.businessOwner.language, (language) => saveLanguage.mutate({ language }));
          navigate(`~${businessHome(details.currentOutletId)}`, { replace: true });
        },
      },
    );
  };

  return (
    <div className="page biz-login">
      <title>{t`Business login · Bachat for Business`}</title>
      <meta name="description" content={t`Log in to Bachat for Business to schedule offers and see your outlet's dashboard.`} />
      <div className="biz-login__card">
        <div className="biz-login__head">
          <span className="biz-badge">
            <Trans>For Business</Trans>
          </span>
          <h1 className="biz-login__title">
            <Trans>Business login</Trans>
          </h1>
          <p className="muted">
            <Trans>Use the username and password you received from Bachat.</Trans>
          </p>
        </div>
        <form className="biz-form" noValidate onSubmit={onSubmit}>
          <Field id="biz-username" label={t`Username`} error={fieldErrors.username} alert={false}>
            <input
              id="biz-username"
              className="field__input"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              {...fieldAria('biz-username', fieldErrors.username)}
              onChange={(event) => setUsername(event.target.value)}
            />
          </Field>
          <Field id="biz-password" label={t`Password`} error={fieldErrors.password} alert={false}>
            <input
              id="biz-password"
              className="field__input"
              type="password"
              autoComplete="current-password"
              value={password}
              {...fieldAria('biz-password', fieldErrors.password)}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          {login.error ? (
            <p className="biz-form__error" role="alert">
              {login.error.message}
            </p>
          ) : null}
          <Button type="submit" disabled={login.isPending}>
            {login.isPending ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
          </Button>
        </form>
        <p className="biz-login__foot muted">
          <Trans>
            New to Bachat? <Link href={section.landing}>See how it works</Link> or{' '}
            <Link href="~/for-business-form">register your business</Link>.
          </Trans>
        </p>
      </div>
    </div>
  );
}
