import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { BusinessProfile } from '@server/modules/business-account/schema';
import { normalizePhoneNumber, phoneInputValue } from '@server/modules/common/schema';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

/** SPEC §8 fallback. */
const PROFILE_FAILED = 'An error occurred while fetching profile details';
const GST_LABELS = { missing: 'GSTIN missing', pending: 'GSTIN pending', verified: 'GSTIN verified' } as const;

/** account/profile: the owner's details and the outlet's contact and hours. */
export function ProfilePage({ outletId }: BusinessPageProps) {
  const id = outletId ?? 0;
  const query = trpc.businessAccount.profile.useQuery({ outletId: id });
  return (
    <BizPage
      title="Profile · Account · Bachat for Business"
      description="Your business profile and your outlet's contact details and opening hours."
      heading="Profile"
      lead="You, and how shoppers reach this outlet."
    >
      <QueryState query={query} loadingLabel="Loading the profile" errorMessage={PROFILE_FAILED}>
        {(profile) => <ProfileForm key={id} outletId={id} profile={profile} />}
      </QueryState>
    </BizPage>
  );
}

function ProfileForm({ outletId, profile }: { outletId: number; profile: BusinessProfile }) {
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
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, 'Failed to update profile') }),
  });
  const set = (key: keyof typeof form) => (value: string) => {
    setSaved(false);
    setForm((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    if (!form.name.trim()) {
      setErrors({ name: 'Name is required' });
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
      <section className="biz-card" aria-label="Outlet">
        <h2 className="biz-card__title">{outlet.name}</h2>
        <dl className="facts">
          <dt>Address</dt>
          <dd>
            {outlet.addressLineOne}, {outlet.addressLineTwo}, {outlet.city} {outlet.pincode}, {outlet.state}
          </dd>
          <dt>Category</dt>
          <dd>{outlet.category}</dd>
          <dt>Listing</dt>
          <dd>{outlet.isLive ? 'Live on Bachat' : 'Not live yet'}</dd>
          <dt>GST</dt>
          <dd>{GST_LABELS[outlet.gstStatus]}</dd>
          <dt>Username</dt>
          <dd>{owner.username}</dd>
          <dt>Phone</dt>
          <dd>{owner.phoneNumber}</dd>
          <dt>PAN</dt>
          <dd>{owner.pan ?? '—'}</dd>
          <dt>Account</dt>
          <dd>{owner.isMaster ? 'Owner (master account)' : 'Sub-account'}</dd>
        </dl>
        <p className="muted biz-hint">To change the address, PAN or category, write to Bachat support.</p>
      </section>
      <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label="Edit profile">
        <h2 className="biz-card__title">Edit</h2>
        <TextField id="pf-name" label="Your name" value={form.name} onChange={set('name')} error={errors.name} />
        <TextField id="pf-email" label="Email" type="email" value={form.email} onChange={set('email')} error={errors.email} optional />
        <TextField id="pf-designation" label="Designation" value={form.designation} onChange={set('designation')} error={errors.designation} optional />
        <TextField
          id="pf-phone"
          label="Outlet phone number"
          type="tel"
          inputMode="tel"
          value={form.outletPhoneNumber}
          onChange={(value) => set('outletPhoneNumber')(phoneInputValue(value))}
          error={errors.outletPhoneNumber}
          optional
        />
        <div className="biz-form__row">
          <TextField id="pf-opens" label="Opens at" type="time" value={form.opensAt} onChange={set('opensAt')} error={errors.opensAt} />
          <TextField id="pf-closes" label="Closes at" type="time" value={form.closesAt} onChange={set('closesAt')} error={errors.closesAt} />
        </div>
        <TextField id="pf-landmark" label="Landmark" value={form.landmark} onChange={set('landmark')} error={errors.landmark} optional />
        <FormNotes error={errors.form} ok={saved ? 'Profile saved.' : null} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </form>
    </div>
  );
}
