import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { phoneInputValue, phoneNumberSchema } from '@server/modules/common/schema';
import type { SubAccount } from '@server/modules/sub-accounts/schema';
import { formErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { formatPhone } from '@client/lib/format';
import { firstIssue } from '@client/lib/validation';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DeleteButton } from '../components/delete-button';
import type { BusinessOutlet } from '../lib/session';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

type Draft = { username: string; password: string; name: string; phoneNumber: string; designation: string; outletIds: number[]; canRefund: boolean };
const EMPTY: Draft = { username: '', password: '', name: '', phoneNumber: '', designation: '', outletIds: [], canRefund: false };
/** The fields the form shows (a server error for another goes under the form). */
const FIELDS = ['name', 'phoneNumber', 'designation', 'username', 'password'] as const;

/** account/user-management: a master account's staff logins and the outlets each may use. */
export function UserManagementPage({ session }: BusinessPageProps) {
  const { t } = useLingui();
  if (!session.details.isMaster) {
    return (
      <div className="biz-page biz-message">
        <title>{t`User management · Bachat for Business`}</title>
        <h1 className="biz-page__title">
          <Trans>User management</Trans>
        </h1>
        <p className="muted">
          <Trans>Only the owner's master account manages users. Ask your owner to change your access.</Trans>
        </p>
      </div>
    );
  }
  return <UserManagement outlets={session.details.allOutletForBusiness} />;
}

function UserManagement({ outlets }: { outlets: readonly BusinessOutlet[] }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.subAccounts.list.useQuery();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => void utils.subAccounts.list.invalidate();
  const create = trpc.subAccounts.create.useMutation({ onSuccess: refresh });

  const set = (key: keyof Omit<Draft, 'outletIds' | 'canRefund'>) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const local: Record<string, string> = {};
    if (draft.username.trim().length < 3) local.username = t`Username must have at least 3 characters`;
    if (draft.password.length < 8) local.password = t`Password must have at least 8 characters`;
    if (!draft.name.trim()) local.name = t`Name is required`;
    const phone = phoneNumberSchema.safeParse(draft.phoneNumber);
    if (!phone.success) local.phoneNumber = firstIssue(phone.error) ?? t`Please enter a valid phone number`;
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
        canRefund: draft.canRefund,
      },
      {
        onSuccess: (created) => {
          setDraft(EMPTY);
          const name = created.name;
          const username = created.username;
          setNote(t`${name} can now log in as ${username}.`);
        },
        onError: (error) => setErrors(formErrorsOf(error, t`Could not create the user.`, FIELDS)),
      },
    );
  };

  return (
    <BizPage
      title={t`User management · Account · Bachat for Business`}
      description={t`Give your staff their own logins and choose the outlets each can manage.`}
      heading={t`User management`}
      lead={t`Staff logins for your outlets. Staff can run promotions, read dashboards and check receipts for the outlets you grant; they refund payments only if you allow it, and never manage users.`}
    >
      <div className="biz-columns">
        <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label={t`New user`}>
          <h2 className="biz-card__title">
            <Trans>New user</Trans>
          </h2>
          <TextField id="um-name" label={t`Name`} value={draft.name} onChange={set('name')} error={errors.name} />
          <TextField id="um-phone" label={t`Phone number`} type="tel" inputMode="tel" value={draft.phoneNumber} onChange={(value) => set('phoneNumber')(phoneInputValue(value))} error={errors.phoneNumber} />
          <TextField id="um-designation" label={t`Designation`} value={draft.designation} onChange={set('designation')} error={errors.designation} optional placeholder={t`Outlet Manager`} />
          <TextField id="um-username" label={t`Username`} value={draft.username} onChange={set('username')} error={errors.username} />
          <TextField id="um-password" label={t`Password`} type="password" value={draft.password} onChange={set('password')} error={errors.password} />
          <OutletChecks
            outlets={outlets}
            value={draft.outletIds}
            onChange={(outletIds) => setDraft((current) => ({ ...current, outletIds }))}
            legend={t`Outlets this user may manage`}
          />
          <RefundCheck checked={draft.canRefund} label={t`May refund payments (within 24 h of a payment)`} onChange={(canRefund) => setDraft((current) => ({ ...current, canRefund }))} />
          <FormNotes error={errors.form} ok={note} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t`Creating…` : t`Create user`}
          </Button>
        </form>
        <section className="biz-stack" aria-label={t`Users`}>
          <QueryState
            query={list}
            loadingLabel={t`Loading users`}
            errorMessage={(error) => messageOf(error, t`We couldn't load your users.`)}
            isEmpty={(accounts) => accounts.length === 0}
            empty={
              <p className="biz-empty">
                <Trans>No staff logins yet.</Trans>
              </p>
            }
          >
            {(accounts) => (
              <ul className="ad-list">
                {accounts.map((account) => (
                  <SubAccountRow key={`${account.id}-${account.outletIds.join('.')}-${String(account.isActive)}-${String(account.canRefund)}`} account={account} outlets={outlets} onChanged={refresh} />
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
  const { t } = useLingui();
  const name = account.name;
  const [outletIds, setOutletIds] = useState(account.outletIds);
  const [error, setError] = useState<string | null>(null);
  const setOutlets = trpc.subAccounts.setOutlets.useMutation({ onSuccess: onChanged, onError: (e) => setError(messageOf(e, t`Could not save the outlets.`)) });
  const update = trpc.subAccounts.update.useMutation({ onSuccess: onChanged, onError: (e) => setError(messageOf(e, t`Could not update the user.`)) });
  const remove = trpc.subAccounts.delete.useMutation({ onSuccess: onChanged, onError: (e) => setError(messageOf(e, t`Could not delete the user.`)) });
  const changed = outletIds.slice().sort().join(',') !== account.outletIds.slice().sort().join(',');

  return (
    <li className={`ad-item user-item${account.isActive ? '' : ' ad-item--off'}`}>
      <div className="ad-item__main">
        <h3 className="ad-item__title">{account.name}</h3>
        <p className="ad-item__meta muted">
          {[account.username, formatPhone(account.phoneNumber), account.designation, account.isActive ? null : t`disabled`].filter(Boolean).join(' · ')}
        </p>
        <OutletChecks outlets={outlets} value={outletIds} onChange={setOutletIds} legend={t`Outlets for ${name}`} compact />
        <RefundCheck
          checked={account.canRefund}
          disabled={update.isPending}
          label={t`${name} may refund payments`}
          onChange={(canRefund) => update.mutate({ subAccountId: account.id, canRefund })}
        />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="biz-row-actions">
        {changed ? (
          <Button size="sm" disabled={setOutlets.isPending} onClick={() => setOutlets.mutate({ subAccountId: account.id, outletIds })}>
            <Trans>Save outlets</Trans>
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" disabled={update.isPending} onClick={() => update.mutate({ subAccountId: account.id, isActive: !account.isActive })}>
          {account.isActive ? t`Disable` : t`Enable`}
        </Button>
        <DeleteButton
          disabled={remove.isPending}
          confirm={t`Delete ${name}'s login?`}
          onConfirm={() => remove.mutate({ subAccountId: account.id })}
        />
      </div>
    </li>
  );
}

/** The refund permission (the payments screen's Refund button): masters always have it; a sub-account when allowed here. */
function RefundCheck({ checked, onChange, disabled, label }: { checked: boolean; onChange: (value: boolean) => void; disabled?: boolean; label: string }) {
  return (
    <label className="outlet-checks__item refund-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
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
