import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { BusinessProfile } from '@server/modules/business-account/schema';
import { normalizePhoneNumber, phoneInputValue } from '@server/modules/common/schema';
import { formatPhone, formatTimeOfDay } from '@client/lib/format';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

/** SPEC §8 fallback (`i18n._` it). */
const PROFILE_FAILED = msg`An error occurred while fetching profile details`;
const GST_LABELS = { missing: msg`GSTIN missing`, pending: msg`GSTIN pending`, verified: msg`GSTIN verified` } as const;

/** account/profile: the owner's details and the outlet's contact and hours. */
export function ProfilePage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  const query = trpc.businessAccount.profile.useQuery({ outletId: id });
  return (
    <BizPage
      title={t`Profile · Account · Bachat for Business`}
      description={t`Your business profile and your outlet's contact details and opening hours.`}
      heading={t`Profile`}
      lead={t`You, and how shoppers reach this outlet.`}
    >
      <QueryState query={query} loadingLabel={t`Loading the profile`} errorMessage={i18n._(PROFILE_FAILED)}>
        {(profile) => <ProfileForm key={id} outletId={id} profile={profile} />}
      </QueryState>
    </BizPage>
  );
}

function ProfileForm({ outletId, profile }: { outletId: number; profile: BusinessProfile }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { owner, outlet } = profile;
  const [form, setForm] = useState({
    name: owner.name,
    email: owner.email ?? '',
    designation: owner.designation ?? '',
    outletPhoneNumber: outlet.phoneNumber ?? '',
    opensAt: outlet.opensAt.slice(0, 5),
    closesAt: outlet.closesAt.slice(0, 5),
    landmark: outlet.landmark ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = trpc.businessAccount.updateProfile.useMutation({
    onSuccess: (result) => {
      utils.businessAccount.profile.setData({ outletId }, result);
      setSaved(true);
    },
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, t`Failed to update profile`) }),
  });
  const set = (key: keyof typeof form) => (value: string) => {
    setSaved(false);
    setForm((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    if (!form.name.trim()) {
      setErrors({ name: t`Name is required` });
      return;
    }
    save.mutate({
      outletId,
      name: form.name.trim(),
      email: form.email.trim() || null,
      designation: form.designation.trim() || null,
      outletPhoneNumber: normalizePhoneNumber(form.outletPhoneNumber) || null,
      opensAt: form.opensAt,
      closesAt: form.closesAt,
      landmark: form.landmark.trim() || null,
    });
  };

  return (
    <div className="biz-columns">
      <section className="biz-card" aria-label={t`Outlet`}>
        <h2 className="biz-card__title">{outlet.name}</h2>
        <dl className="facts">
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd>
            {outlet.addressLineOne}, {outlet.addressLineTwo}, {outlet.city} {outlet.pincode}, {outlet.state}
          </dd>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{outlet.category}</dd>
          <dt>
            <Trans>Listing</Trans>
          </dt>
          <dd>{outlet.isLive ? <Trans>Live on Bachat</Trans> : <Trans>Not live yet</Trans>}</dd>
          <dt>
            <Trans>GST</Trans>
          </dt>
          <dd>{i18n._(GST_LABELS[outlet.gstStatus])}</dd>
          <dt>
            <Trans>Username</Trans>
          </dt>
          <dd>{owner.username}</dd>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>{formatPhone(owner.phoneNumber)}</dd>
          <dt>
            <Trans>PAN</Trans>
          </dt>
          <dd>{owner.pan ?? '—'}</dd>
          <dt>
            <Trans>Account</Trans>
          </dt>
          <dd>{owner.isMaster ? <Trans>Owner (master account)</Trans> : <Trans>Sub-account</Trans>}</dd>
          <dt>
            <Trans>Hours</Trans>
          </dt>
          <dd>
            {formatTimeOfDay(outlet.opensAt.slice(0, 5))} – {formatTimeOfDay(outlet.closesAt.slice(0, 5))}
          </dd>
        </dl>
        <p className="muted biz-hint">
          <Trans>To change the address, PAN or category, write to Bachat support.</Trans>
        </p>
      </section>
      <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label={t`Edit profile`}>
        <h2 className="biz-card__title">
          <Trans>Edit</Trans>
        </h2>
        <TextField id="pf-name" label={t`Your name`} value={form.name} onChange={set('name')} error={errors.name} />
        <TextField id="pf-email" label={t`Email`} type="email" value={form.email} onChange={set('email')} error={errors.email} optional />
        <TextField id="pf-designation" label={t`Designation`} value={form.designation} onChange={set('designation')} error={errors.designation} optional />
        <TextField
          id="pf-phone"
          label={t`Outlet phone number`}
          type="tel"
          inputMode="tel"
          value={form.outletPhoneNumber}
          onChange={(value) => set('outletPhoneNumber')(phoneInputValue(value))}
          error={errors.outletPhoneNumber}
          optional
        />
        <div className="biz-form__row">
          <TextField id="pf-opens" label={t`Opens at`} type="time" value={form.opensAt} onChange={set('opensAt')} error={errors.opensAt} />
          <TextField id="pf-closes" label={t`Closes at`} type="time" value={form.closesAt} onChange={set('closesAt')} error={errors.closesAt} />
        </div>
        <TextField id="pf-landmark" label={t`Landmark`} value={form.landmark} onChange={set('landmark')} error={errors.landmark} optional />
        <FormNotes error={errors.form} ok={saved ? t`Profile saved.` : null} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save profile</Trans>}
        </Button>
      </form>
    </div>
  );
}
