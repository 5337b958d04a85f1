import { Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { emailSchema, nameSchema } from '@server/modules/common/schema';
import { PROFILE_PICTURE_MAX_BYTES } from '@server/modules/users/schema';
import { paths } from '@client/app/paths';
import { UserAvatar } from '@client/components/layouts/user-avatar';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { EmailInput, NameInput } from '@client/components/ui/person-inputs';
import { KeyIcon } from '@client/components/ui/icons';
import { PageLoader } from '@client/components/ui/spinner';
import { useAuthActions, useRequireLogin, type CurrentUser } from '@client/lib/auth';
import { flashAtom } from '@client/lib/flash';
import { formatCount, formatPhone } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { firstIssue } from '@client/lib/validation';
import { ConfirmDialog } from '../components/confirm-dialog';
import { profileUpdateFailed, uploadProfile } from '../lib/edit-profile';
import '@client/styles/profile.css';

const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp';

export function ProfilePage() {
  const { user, isLoggedIn } = useRequireLogin();
  if (!isLoggedIn || !user) return <PageLoader />;
  return <Profile user={user} />;
}

function Profile({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const flash = useSetAtom(flashAtom);
  const utils = trpc.useUtils();
  // Golden Keys can change elsewhere (a friend signing up): show the latest on every visit.
  useEffect(() => {
    void utils.users.me.invalidate();
  }, [utils]);
  const { signOut } = useAuthActions();
  const logout = trpc.auth.logout.useMutation();
  const deleteAccount = trpc.users.delete.useMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [logoutError, setLogoutError] = useState<string | null>(null);

  async function handleLogout() {
    setLogoutError(null);
    try {
      await logout.mutateAsync();
    } catch (error) {
      // The session lives in an HttpOnly cookie only the server can clear: unless it answered, the
      // shopper is still signed in here, and must not be told otherwise. A 401 means the session had
      // already ended (and the server cleared the cookie with that answer).
      if (errorCode(error) !== 'UNAUTHORIZED') {
        setLogoutError(t`We could not log you out. Check your connection and try again.`);
        return;
      }
    }
    signOut();
    navigate(paths.home.href(), { replace: true });
  }

  async function handleDelete() {
    setDeleteError(null);
    try {
      await deleteAccount.mutateAsync();
      setConfirmingDelete(false);
      signOut();
      // Issue 17: say it happened, on the page the shopper lands on.
      flash({ kind: 'account-deleted' });
      navigate(paths.home.href(), { replace: true });
    } catch {
      setDeleteError(t`We could not delete your account. Please try again.`);
    }
  }

  return (
    <div className="page account-page">
      <title>{t`Your profile · Bachat`}</title>
      <meta name="description" content={t`Your Bachat profile: name, email, picture and Golden Keys.`} />

      <section className="profile-hero" aria-labelledby="profile-name">
        <UserAvatar name={user.name} pictureUrl={user.profilePicUrl} size={72} />
        <div className="profile-hero__text">
          <h1 id="profile-name" className="profile-hero__name">
            {user.name}
          </h1>
          {user.phoneNumber ? <p className="profile-hero__meta">{formatPhone(user.phoneNumber)}</p> : null}
        </div>
      </section>

      <section className="golden-keys" aria-labelledby="golden-keys-title">
        <span className="golden-keys__icon" aria-hidden="true">
          <KeyIcon width={26} height={26} />
        </span>
        <div>
          <h2 id="golden-keys-title" className="golden-keys__title">
            <Trans>Golden Keys</Trans>
          </h2>
          <p className="golden-keys__count" data-testid="golden-keys">
            {formatCount(user.goldKeys)}
          </p>
        </div>
        <Link href={paths.referEarn.href()} className="btn btn--secondary btn--sm golden-keys__cta">
          <Trans>Earn more</Trans>
        </Link>
      </section>

      <ProfileForm user={user} />

      <nav className="card account-links" aria-label={t`Account`}>
        <Link href={paths.coupons.href()}>
          <Trans>My coupons</Trans>
        </Link>
        <Link href={paths.favourites.href()}>
          <Trans>My favourites</Trans>
        </Link>
        <Link href={paths.settings.href()}>
          <Trans>Settings</Trans>
        </Link>
        <Link href={paths.referEarn.href()}>
          <Trans>Refer &amp; earn</Trans>
        </Link>
        <Link href={paths.support.href()}>
          <Trans>Help &amp; support</Trans>
        </Link>
        <Link href={paths.faqs.href()}>
          <Trans>FAQs</Trans>
        </Link>
        <Link href={paths.aboutUs.href()}>
          <Trans>About us</Trans>
        </Link>
      </nav>

      <section className="card account-actions" aria-label={t`Session`}>
        <Button variant="secondary" onClick={() => void handleLogout()} disabled={logout.isPending}>
          {logout.isPending ? <Trans>Logging out…</Trans> : <Trans>Logout</Trans>}
        </Button>
        {logoutError ? (
          <p className="form-error account-actions__error" role="alert">
            {logoutError}
          </p>
        ) : null}
        <Button variant="ghost" className="account-actions__delete" onClick={() => setConfirmingDelete(true)}>
          <Trans>Delete account</Trans>
        </Button>
      </section>

      {confirmingDelete ? (
        <ConfirmDialog
          title={t`Delete your account?`}
          confirmLabel={deleteAccount.isPending ? t`Deleting…` : t`Delete account`}
          busy={deleteAccount.isPending}
          error={deleteError}
          onConfirm={() => void handleDelete()}
          onCancel={() => {
            setConfirmingDelete(false);
            setDeleteError(null);
          }}
        >
          <Trans>
            This removes your profile, saved coupons and Golden Keys and signs you out everywhere. Payment records are kept
            without your personal details. This cannot be undone.
          </Trans>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const ids = { name: useId(), email: useId(), picture: useId() };
  const utils = trpc.useUtils();
  const updateProfile = trpc.users.updateProfile.useMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [picture, setPicture] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function handlePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setStatus(null);
    if (!file) return;
    if (!ACCEPTED_IMAGES.split(',').includes(file.type)) {
      setErrors((prev) => ({ ...prev, picture: t`Please choose a JPEG, PNG or WebP image.` }));
      return;
    }
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      const mb = Math.round(PROFILE_PICTURE_MAX_BYTES / (1024 * 1024));
      setErrors((prev) => ({ ...prev, picture: t`Please choose an image under ${mb} MB.` }));
      return;
    }
    setErrors(({ picture: _dropped, ...rest }) => rest);
    setPicture(file);
  }

  /**
   * Issue 17: a file that says it is a picture but is not (a renamed document) must not leave a broken
   * preview: the preview's own error drops the choice and says why.
   */
  function handleBrokenPreview() {
    setPicture(null);
    if (fileInput.current) fileInput.current.value = '';
    setErrors((prev) => ({ ...prev, picture: t`This file is not a picture we can show. Please choose a JPEG, PNG or WebP image.` }));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setStatus(null);
    const parsedName = nameSchema.safeParse(name);
    const parsedEmail = emailSchema.safeParse(email);
    const next: Record<string, string> = {};
    if (!parsedName.success) next.name = firstIssue(parsedName.error) ?? t`Name is required`;
    if (!parsedEmail.success) next.email = firstIssue(parsedEmail.error) ?? t`Invalid email address`;
    setErrors(next);
    if (!parsedName.success || !parsedEmail.success) return;

    setSaving(true);
    try {
      if (picture) {
        const result = await uploadProfile({ name: parsedName.data, email: parsedEmail.data, picture });
        if (!result.ok) {
          setErrors(result.fieldErrors);
          setStatus({ kind: 'error', text: result.message });
          return;
        }
        setPicture(null);
        if (fileInput.current) fileInput.current.value = '';
      } else {
        await updateProfile.mutateAsync({ name: parsedName.data, email: parsedEmail.data });
      }
      await utils.users.me.invalidate();
      setStatus({ kind: 'ok', text: t`Profile updated.` });
    } catch {
      setStatus({ kind: 'error', text: profileUpdateFailed() });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card profile-form" noValidate onSubmit={handleSubmit} aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title" className="card__title">
        <Trans>Edit profile</Trans>
      </h2>

      <div className="profile-form__picture">
        {preview ? (
          <img
            className="avatar"
            src={preview}
            alt={t`New profile picture preview`}
            width={64}
            height={64}
            onError={handleBrokenPreview}
          />
        ) : (
          <UserAvatar name={user.name} pictureUrl={user.profilePicUrl} size={64} />
        )}
        <div className="field">
          <label htmlFor={ids.picture} className="btn btn--secondary btn--sm profile-form__upload">
            {user.profilePicUrl || preview ? <Trans>Change picture</Trans> : <Trans>Upload picture</Trans>}
          </label>
          <input
            ref={fileInput}
            id={ids.picture}
            className="visually-hidden"
            type="file"
            accept={ACCEPTED_IMAGES}
            onChange={handlePicture}
            aria-describedby={`${ids.picture}-hint`}
          />
          <p id={`${ids.picture}-hint`} className="field__hint">
            {picture ? <ChosenFile name={picture.name} /> : <Trans>JPEG, PNG or WebP, up to 5 MB.</Trans>}
          </p>
          {errors.picture ? (
            <p className="field__error" role="alert">
              {errors.picture}
            </p>
          ) : null}
        </div>
      </div>

      <Field id={ids.name} label={t`Name`} error={errors.name}>
        <NameInput id={ids.name} value={name} onChange={setName} error={errors.name} />
      </Field>

      <Field id={ids.email} label={t`Email`} error={errors.email}>
        <EmailInput id={ids.email} value={email} onChange={setEmail} error={errors.email} />
      </Field>

      {status ? (
        <p className={status.kind === 'ok' ? 'form-notice' : 'form-error'} role={status.kind === 'ok' ? 'status' : 'alert'}>
          {status.text}
        </p>
      ) : null}

      <Button type="submit" disabled={saving}>
        {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
      </Button>
    </form>
  );
}

/** "photo.jpg · saved when you tap Save". */
function ChosenFile({ name }: { name: string }) {
  return <Trans>{name} · saved when you tap Save</Trans>;
}
