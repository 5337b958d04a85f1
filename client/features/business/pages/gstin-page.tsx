import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { gstAckNumberSchema, gstinSchema, type GstinDetails } from '@server/modules/business-account/schema';
import { formErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { firstIssue } from '@client/lib/validation';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { uploadForm } from '../lib/upload';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

const STATUS_TEXT = {
  missing: msg`No GSTIN yet. Add it with the certificate to receive settlements without delay.`,
  pending: msg`Pending: we accepted your acknowledgment number. Upload the certificate once it arrives.`,
  verified: msg`Verified: your GST certificate is on file.`,
} as const;

/** The fields the form shows (a server error for another goes under the form). */
const FIELDS = ['gstin', 'ackNumber', 'certificate'] as const;

/** account/gstin: the current outlet's GSTIN with its certificate, or the acknowledgment number while pending (SPEC §5). */
export function GstinPage({ outletId, session }: BusinessPageProps) {
  const { t } = useLingui();
  const id = outletId ?? 0;
  const query = trpc.businessAccount.gstin.useQuery({ outletId: id });
  const outletName = session.details.allOutletForBusiness.find((outlet) => outlet.id === id)?.name;
  return (
    <BizPage
      title={t`GSTIN · Account · Bachat for Business`}
      description={t`Add your outlet's GSTIN and GST certificate, or the acknowledgment number while it is pending.`}
      heading={t`GSTIN`}
      lead={
        outletName
          ? t`The GST registration of ${outletName}. The certificate is mandatory; while it is pending, the acknowledgment number is accepted.`
          : t`The GST registration of this outlet. The certificate is mandatory; while it is pending, the acknowledgment number is accepted.`
      }
    >
      <QueryState query={query} loadingLabel={t`Loading GSTIN`} errorMessage={(error) => messageOf(error, t`We couldn't load the GSTIN.`)}>
        {(details) => <GstinForm key={id} outletId={id} details={details} />}
      </QueryState>
    </BizPage>
  );
}

function GstinForm({ outletId, details }: { outletId: number; details: GstinDetails }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const [gstin, setGstin] = useState(details.gstin ?? '');
  const [mode, setMode] = useState<'certificate' | 'ack'>(details.status === 'pending' ? 'ack' : 'certificate');
  const [file, setFile] = useState<File | null>(null);
  const [ack, setAck] = useState(details.ackNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const saveAck = trpc.businessAccount.updateGstin.useMutation();
  const ackNumber = details.ackNumber ?? '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const clean = gstin.replace(/\s/g, '').toUpperCase();
    const local: Record<string, string> = {};
    const gstinCheck = gstinSchema.safeParse(clean);
    if (!gstinCheck.success) local.gstin = firstIssue(gstinCheck.error) ?? '';
    if (mode === 'certificate' && !file) local.certificate = t`Upload the GST certificate`;
    const ackCheck = gstAckNumberSchema.safeParse(ack);
    if (mode === 'ack' && !ackCheck.success) local.ackNumber = firstIssue(ackCheck.error) ?? '';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      if (mode === 'certificate' && file) {
        const form = new FormData();
        form.set('outletId', String(outletId));
        form.set('gstin', clean);
        form.set('certificate', file);
        await uploadForm('/business/gstin', form, t`Failed to upload GST certificate`);
      } else {
        await saveAck.mutateAsync({ outletId, gstin: clean, ackNumber: ack.replace(/\s/g, '').toUpperCase() });
      }
      setSaved(true);
      void utils.businessAccount.gstin.invalidate({ outletId });
      void utils.businessAccount.profile.invalidate({ outletId });
    } catch (error) {
      setErrors(formErrorsOf(error, error instanceof Error && error.message ? error.message : t`Could not save the GSTIN.`, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="biz-columns">
      <section className={`biz-card gst-status gst-status--${details.status}`} aria-label={t`Status`}>
        <h2 className="biz-card__title">{details.gstin ?? t`No GSTIN`}</h2>
        <p>{i18n._(STATUS_TEXT[details.status])}</p>
        {details.certificateUrl ? (
          <a href={details.certificateUrl} target="_blank" rel="noreferrer">
            <Trans>View the certificate</Trans>
          </a>
        ) : null}
        {details.ackNumber ? <p className="muted">{t`Acknowledgment number: ${ackNumber}`}</p> : null}
      </section>
      <form className="biz-card biz-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t`Update GSTIN`}>
        <TextField id="gst-gstin" label={t`GSTIN`} value={gstin} onChange={(value) => setGstin(value.toUpperCase())} error={errors.gstin} placeholder="29ABCPK1234L1Z5" />
        <fieldset className="segmented">
          <legend className="field__label">
            <Trans>Document</Trans>
          </legend>
          <label>
            <input type="radio" name="gst-mode" checked={mode === 'certificate'} onChange={() => setMode('certificate')} /> <Trans>Certificate</Trans>
          </label>
          <label>
            <input type="radio" name="gst-mode" checked={mode === 'ack'} onChange={() => setMode('ack')} /> <Trans>Pending: acknowledgment number</Trans>
          </label>
        </fieldset>
        {mode === 'certificate' ? (
          <div className="field">
            <label className="field__label" htmlFor="gst-certificate">
              <Trans>GST certificate (photo or scan)</Trans>
            </label>
            <input
              id="gst-certificate"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={errors.certificate ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {errors.certificate ? <p className="field__error">{errors.certificate}</p> : null}
          </div>
        ) : (
          <TextField id="gst-ack" label={t`Acknowledgment number`} value={ack} onChange={setAck} error={errors.ackNumber} />
        )}
        <FormNotes error={errors.form} ok={saved ? t`GSTIN saved.` : null} />
        <Button type="submit" disabled={busy}>
          {busy ? t`Saving…` : t`Save GSTIN`}
        </Button>
      </form>
    </div>
  );
}
