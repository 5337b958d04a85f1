import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { normalizePhoneNumber, phoneInputValue } from '@server/modules/common/schema';
import { Button } from '@client/components/ui/button';
import { Field as SharedField } from '@client/components/ui/field';
import { trpc } from '@client/lib/trpc';
import { formErrorsOf } from '@client/lib/trpc-errors';
import { localName } from '@client/lib/i18n';
import { DoneIcon } from '@client/components/ui/icons';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';
import { uploadDocument } from '../lib/documents';
import { validateApplication, type ApplicationDraft } from '../lib/validate';
import '@client/styles/forms.css';
import '@client/styles/business.css';

type Fields = Omit<ApplicationDraft, 'hasCertificate' | 'hasCheque'> & { cityId: string; categoryId: string; message: string };

const EMPTY: Fields = {
  businessName: '',
  address: '',
  contactName: '',
  phoneNumber: '',
  email: '',
  pan: '',
  gstin: '',
  gstMode: 'certificate',
  gstAckNumber: '',
  cityId: '',
  categoryId: '',
  message: '',
};

/** The fields the form shows (a server error for another goes under the form). */
const FIELDS = ['businessName', 'address', 'contactName', 'phoneNumber', 'email', 'pan', 'gstin', 'gstAckNumber', 'gstCertificate', 'cheque'] as const;

/** /for-business-form: a business applies; sales staff review the application (SPEC §2, §5, §9). */
export function BusinessFormPage() {
  const { t } = useLingui();
  useScrollToTop();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [cheque, setCheque] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cities = trpc.cities.list.useQuery();
  const categories = trpc.categories.list.useQuery();
  const submit = trpc.businessApplications.submit.useMutation();

  const set = (key: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = validateApplication({ ...fields, hasCertificate: certificate !== null, hasCheque: cheque !== null });
    setErrors(local);
    if (Object.keys(local).length > 0) {
      document.getElementById(`bf-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const gstCertificate = fields.gstMode === 'certificate' && certificate ? await uploadDocument(certificate) : undefined;
      const chequeToken = cheque ? await uploadDocument(cheque) : undefined;
      const result = await submit.mutateAsync({
        businessName: fields.businessName.trim(),
        address: fields.address.trim(),
        contactName: fields.contactName.trim(),
        phoneNumber: normalizePhoneNumber(fields.phoneNumber),
        email: fields.email.trim(),
        pan: fields.pan,
        gstin: fields.gstin.trim(),
        gstAckNumber: fields.gstMode === 'ack' ? fields.gstAckNumber : '',
        gstCertificate,
        cheque: chequeToken,
        cityId: fields.cityId ? Number(fields.cityId) : undefined,
        categoryId: fields.categoryId ? Number(fields.categoryId) : undefined,
        message: fields.message,
      });
      setDone(result.message);
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      setErrors(formErrorsOf(error, error instanceof Error && error.message ? error.message : t`Could not send the application. Please try again.`, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="page biz-apply">
        <title>{t`Application received · Bachat for Business`}</title>
        <div className="biz-login__card biz-apply__done" role="status">
          <span className="biz-apply__tick">
            <DoneIcon size={28} />
          </span>
          <h1 className="biz-login__title">
            <Trans>Application received</Trans>
          </h1>
          <p>{done}</p>
          <p className="muted">
            <Trans>Your 15-day free trial starts when your outlet goes live. No onboarding fee.</Trans>
          </p>
          <Link href="~/for-bussiness" className="btn btn--secondary btn--md">
            <Trans>Back to Bachat for Business</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page biz-apply">
      <title>{t`Register your business · Bachat for Business`}</title>
      <meta
        name="description"
        content={t`Apply to list your outlet on Bachat: business name and address, PAN, GSTIN certificate (or acknowledgment number) and a cancelled cheque.`}
      />
      <header className="biz-page__head">
        <h1 className="biz-page__title">
          <Trans>Register your business</Trans>
        </h1>
        <p className="biz-page__lead">
          <Trans>
            15-day free trial, no onboarding fee, zero commission and a 1.5% transaction fee. Your outlet goes live 2-5
            working days after your documents are verified.
          </Trans>
        </p>
      </header>
      <form className="biz-form biz-apply__form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t`Business application`}>
        <Section title={t`Your business`}>
          <Field id="bf-businessName" label={t`Business name`} error={errors.businessName}>
            <input id="bf-businessName" className="field__input" value={fields.businessName} onChange={(e) => set('businessName')(e.target.value)} autoComplete="organization" />
          </Field>
          <Field id="bf-address" label={t`Business address`} error={errors.address}>
            <textarea id="bf-address" className="field__textarea" rows={3} value={fields.address} onChange={(e) => set('address')(e.target.value)} autoComplete="street-address" />
          </Field>
          <div className="biz-form__row">
            <Field id="bf-cityId" label={t`City`} optional>
              <select id="bf-cityId" className="field__select" value={fields.cityId} onChange={(e) => set('cityId')(e.target.value)}>
                <option value="">{t`Choose a city`}</option>
                {(cities.data ?? []).map((city) => (
                  <option key={city.id} value={city.id}>
                    {localName(city)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="bf-categoryId" label={t`Category`} optional>
              <select id="bf-categoryId" className="field__select" value={fields.categoryId} onChange={(e) => set('categoryId')(e.target.value)}>
                <option value="">{t`Choose a category`}</option>
                {(categories.data ?? []).map((category) => (
                  <option key={category.id} value={category.id}>
                    {localName(category)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </Section>

        <Section title={t`Contact`}>
          <Field id="bf-contactName" label={t`Your name`} error={errors.contactName}>
            <input id="bf-contactName" className="field__input" value={fields.contactName} onChange={(e) => set('contactName')(e.target.value)} autoComplete="name" />
          </Field>
          <div className="biz-form__row">
            <Field id="bf-phoneNumber" label={t`Phone Number`} error={errors.phoneNumber}>
              <input
                id="bf-phoneNumber"
                className="field__input"
                type="tel"
                inputMode="numeric"
                value={fields.phoneNumber}
                onChange={(e) => set('phoneNumber')(phoneInputValue(e.target.value))}
                autoComplete="tel-national"
              />
            </Field>
            <Field id="bf-email" label={t`Email`} error={errors.email} optional>
              <input id="bf-email" className="field__input" type="email" value={fields.email} onChange={(e) => set('email')(e.target.value.replace(/\s/g, ''))} autoComplete="email" />
            </Field>
          </div>
        </Section>

        <Section title={t`Documents`}>
          <Field id="bf-pan" label={t`PAN`} error={errors.pan}>
            <input
              id="bf-pan"
              className="field__input"
              value={fields.pan}
              maxLength={10}
              autoCapitalize="characters"
              placeholder="ABCDE1234F"
              onChange={(e) => set('pan')(e.target.value.toUpperCase())}
            />
          </Field>
          <Field id="bf-gstin" label={t`GSTIN`} error={errors.gstin} optional>
            <input id="bf-gstin" className="field__input" value={fields.gstin} maxLength={15} placeholder="29ABCDE1234F1Z5" onChange={(e) => set('gstin')(e.target.value.toUpperCase())} />
          </Field>
          <fieldset className="segmented">
            <legend className="field__label">
              <Trans>GST certificate</Trans>
            </legend>
            <label>
              <input type="radio" name="bf-gst" checked={fields.gstMode === 'certificate'} onChange={() => set('gstMode')('certificate')} /> <Trans>I have the certificate</Trans>
            </label>
            <label>
              <input type="radio" name="bf-gst" checked={fields.gstMode === 'ack'} onChange={() => set('gstMode')('ack')} /> <Trans>Pending: I have the acknowledgment number</Trans>
            </label>
          </fieldset>
          {fields.gstMode === 'certificate' ? (
            <Field id="bf-gstCertificate" label={t`GSTIN certificate (photo or scan)`} error={errors.gstCertificate}>
              <input id="bf-gstCertificate" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setCertificate(e.target.files?.[0] ?? null)} />
            </Field>
          ) : (
            <Field id="bf-gstAckNumber" label={t`Acknowledgment number`} error={errors.gstAckNumber ?? errors.gstCertificate}>
              <input id="bf-gstAckNumber" className="field__input" value={fields.gstAckNumber} onChange={(e) => set('gstAckNumber')(e.target.value.toUpperCase())} />
            </Field>
          )}
          <Field id="bf-cheque" label={t`Cancelled cheque or passbook (photo)`} error={errors.cheque}>
            <input id="bf-cheque" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setCheque(e.target.files?.[0] ?? null)} />
          </Field>
        </Section>

        <Field id="bf-message" label={t`Anything else we should know?`} optional>
          <textarea id="bf-message" className="field__textarea" rows={3} maxLength={1000} value={fields.message} onChange={(e) => set('message')(e.target.value)} />
        </Field>

        {errors.form ? (
          <p className="biz-form__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? t`Sending…` : t`Submit application`}
        </Button>
        <p className="muted biz-hint">
          <Trans>
            By applying you agree to our <Link href="~/terms">terms</Link> and <Link href="~/privacy">privacy policy</Link>.
          </Trans>
        </p>
      </form>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="biz-card biz-apply__section">
      <legend className="biz-apply__legend">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A field of this form (components/ui/field.tsx); its error is not announced as it appears. */
function Field(props: Omit<ComponentProps<typeof SharedField>, 'alert'>) {
  return <SharedField {...props} alert={false} />;
}
