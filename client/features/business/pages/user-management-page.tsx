import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { phoneInputValue, phoneNumberSchema } from '@server/modules/common/schema';
import type { SubAccount } from '@server/modules/sub-accounts/schema';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DeleteButton } from '../components/delete-button';
import type { BusinessOutlet } from '../lib/session';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

type Draft = { username: string; password: string; name: string; phoneNumber: string; designation: string; outletIds: number[] };
const EMPTY: Draft = { username: '', password: '', name: '', phoneNumber: '', designation: '', outletIds: [] };

/** account/user-management: a master account's staff logins and the outlets each may use. */
export function UserManagementPage({ session }: BusinessPageProps) {
  if (!session.details.isMaster) {
    return (
      <div className="biz-page biz-message">
        <title>User management · Bachat for Business</title>
        <h1 className="biz-page__title">User management</h1>
        <p className="muted">Only the owner&rsquo;s master account manages users. Ask your owner to change your access.</p>
      </div>
    );
  }
  return <UserManagement outlets={session.details.allOutletForBusiness} />;
}

function UserManagement({ outlets }: { outlets: readonly BusinessOutlet[] }) {
  const utils = trpc.useUtils();
  const list = trpc.subAccounts.list.useQuery();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => void utils.subAccounts.list.invalidate();
  const create = trpc.subAccounts.create.useMutation({ onSuccess: refresh });

  const set = (key: keyof Omit<Draft, 'outletIds'>) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const local: Record<string, string> = {};
    if (draft.username.trim().length < 3) local.username = 'Username must have at least 3 characters';
    if (draft.password.length < 8) local.password = 'Password must have at least 8 characters';
    if (!draft.name.trim()) local.name = 'Name is required';
    const phone = phoneNumberSchema.safeParse(draft.phoneNumber);
    if (!phone.success) local.phoneNumber = phone.error.issues[0]?.message ?? 'Please enter a valid phone number';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    create.mutate(
      {
        username: draft.username.trim(),
        password: draft.password,
        name: draft.name.trim(),
        phoneNumber: phone.data ?? draft.phoneNumber,
        designation: draft.designation.trim() || null,
        outletIds: draft.outletIds,
      },
      {
        onSuccess: (created) => {
          setDraft(EMPTY);
          setNote(`${created.name} can now log in as ${created.username}.`);
        },
        onError: (error) => setErrors({ ...fieldErrorsOf(error), form: messageOf(error, 'Could not create the user.') }),
      },
    );
  };

  return (
    <BizPage
      title="User management · Account · Bachat for Business"
      description="Give your staff their own logins and choose the outlets each can manage."
      heading="User management"
      lead="Staff logins for your outlets. Staff can run promotions and read dashboards for the outlets you grant; they never manage users."
    >
      <div className="biz-columns">
        <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label="New user">
          <h2 className="biz-card__title">New user</h2>
          <TextField id="um-name" label="Name" value={draft.name} onChange={set('name')} error={errors.name} />
          <TextField id="um-phone" label="Phone number" type="tel" inputMode="tel" value={draft.phoneNumber} onChange={(value) => set('phoneNumber')(phoneInputValue(value))} error={errors.phoneNumber} />
          <TextField id="um-designation" label="Designation" value={draft.designation} onChange={set('designation')} error={errors.designation} optional placeholder="Outlet Manager" />
          <TextField id="um-username" label="Username" value={draft.username} onChange={set('username')} error={errors.username} />
          <TextField id="um-password" label="Password" type="password" value={draft.password} onChange={set('password')} error={errors.password} />
          <OutletChecks
            outlets={outlets}
            value={draft.outletIds}
            onChange={(outletIds) => setDraft((current) => ({ ...current, outletIds }))}
            legend="Outlets this user may manage"
          />
          <FormNotes error={errors.form} ok={note} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create user'}
          </Button>
        </form>
        <section className="biz-stack" aria-label="Users">
          <QueryState
            query={list}
            loadingLabel="Loading users"
            errorMessage={(error) => messageOf(error, 'We couldn’t load your users.')}
            isEmpty={(accounts) => accounts.length === 0}
            empty={<p className="biz-empty">No staff logins yet.</p>}
          >
            {(accounts) => (
              <ul className="ad-list">
                {accounts.map((account) => (
                  <SubAccountRow key={`${account.id}-${account.outletIds.join('.')}-${String(account.isActive)}`} account={account} outlets={outlets} onChanged={refresh} />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>
    </BizPage>
  );
}

function SubAccountRow({ account, outlets, onChanged }: { account: SubAccount; outlets: readonly BusinessOutlet[]; onChanged: () => void }) {
  const [outletIds, setOutletIds] = useState(account.outletIds);
  const [error, setError] = useState<string | null>(null);
  const setOutlets = trpc.subAccounts.setOutlets.useMutation({ onSuccess: onChanged, onError: (e) => setError(messageOf(e, 'Could not save the outlets.')) });
  const update = trpc.subAccounts.update.useMutation({ onSuccess: onChanged, onError: (e) => setError(messageOf(e, 'Could not update the user.')) });
  const remove = trpc.subAccounts.delete.useMutation({ onSuccess: onChanged, onError: (e) => setError(messageOf(e, 'Could not delete the user.')) });
  const changed = outletIds.slice().sort().join(',') !== account.outletIds.slice().sort().join(',');

  return (
    <li className={`ad-item user-item${account.isActive ? '' : ' ad-item--off'}`}>
      <div className="ad-item__main">
        <h3 className="ad-item__title">{account.name}</h3>
        <p className="ad-item__meta muted">
          {account.username} · {account.phoneNumber}
          {account.designation ? ` · ${account.designation}` : ''}
          {account.isActive ? '' : ' · disabled'}
        </p>
        <OutletChecks outlets={outlets} value={outletIds} onChange={setOutletIds} legend={`Outlets for ${account.name}`} compact />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="biz-row-actions">
        {changed ? (
          <Button size="sm" disabled={setOutlets.isPending} onClick={() => setOutlets.mutate({ subAccountId: account.id, outletIds })}>
            Save outlets
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" disabled={update.isPending} onClick={() => update.mutate({ subAccountId: account.id, isActive: !account.isActive })}>
          {account.isActive ? 'Disable' : 'Enable'}
        </Button>
        <DeleteButton
          disabled={remove.isPending}
          confirm={`Delete ${account.name}'s login?`}
          onConfirm={() => remove.mutate({ subAccountId: account.id })}
        />
      </div>
    </li>
  );
}

type OutletChecksProps = { outlets: readonly BusinessOutlet[]; value: number[]; onChange: (ids: number[]) => void; legend: string; compact?: boolean };

function OutletChecks({ outlets, value, onChange, legend, compact = false }: OutletChecksProps) {
  return (
    <fieldset className={`outlet-checks${compact ? ' outlet-checks--compact' : ''}`}>
      <legend className={compact ? 'visually-hidden' : 'field__label'}>{legend}</legend>
      {outlets.map((outlet) => (
        <label key={outlet.id} className="outlet-checks__item">
          <input
            type="checkbox"
            checked={value.includes(outlet.id)}
            onChange={(event) => onChange(event.target.checked ? [...value, outlet.id] : value.filter((id) => id !== outlet.id))}
          />
          <span>
            {outlet.name}
            <span className="muted"> · {outlet.addressLineTwo}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
