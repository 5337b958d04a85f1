import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { isValidGstin, type GstinDetails } from '@server/modules/business-account/schema';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { uploadForm } from '../lib/upload';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

const STATUS_TEXT = {
  missing: 'No GSTIN yet. Add it with the certificate to receive settlements without delay.',
  pending: 'Pending: we accepted your acknowledgment number. Upload the certificate once it arrives.',
  verified: 'Verified: your GST certificate is on file.',
} as const;

/** account/gstin: the current outlet's GSTIN with its certificate, or the acknowledgment number while pending (SPEC §5). */
export function GstinPage({ outletId, session }: BusinessPageProps) {
  const id = outletId ?? 0;
  const query = trpc.businessAccount.gstin.useQuery({ outletId: id });
  const outletName = session.details.allOutletForBusiness.find((outlet) => outlet.id === id)?.name ?? 'this outlet';
  return (
    <BizPage
      title="GSTIN · Account · Bachat for Business"
      description="Add your outlet's GSTIN and GST certificate, or the acknowledgment number while it is pending."
      heading="GSTIN"
      lead={<>The GST registration of {outletName}. The certificate is mandatory; while it is pending, the acknowledgment number is accepted.</>}
    >
      <QueryState query={query} loadingLabel="Loading GSTIN" errorMessage={(error) => messageOf(error, 'We couldn’t load the GSTIN.')}>
        {(details) => <GstinForm key={id} outletId={id} details={details} />}
      </QueryState>
    </BizPage>
  );
}

function GstinForm({ outletId, details }: { outletId: number; details: GstinDetails }) {
  const utils = trpc.useUtils();
  const [gstin, setGstin] = useState(details.gstin ?? '');
  const [mode, setMode] = useState<'certificate' | 'ack'>(details.status === 'pending' ? 'ack' : 'certificate');
  const [file, setFile] = useState<File | null>(null);
  const [ack, setAck] = useState(details.ackNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const saveAck = trpc.businessAccount.updateGstin.useMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const clean = gstin.replace(/\s/g, '').toUpperCase();
    const local: Record<string, string> = {};
    if (!isValidGstin(clean)) local.gstin = 'Please enter a valid GSTIN';
    if (mode === 'certificate' && !file) local.certificate = 'Upload the GST certificate';
    if (mode === 'ack' && !/^[A-Za-z0-9]{10,20}$/.test(ack.replace(/\s/g, ''))) local.ackNumber = 'The acknowledgment number has 10 to 20 letters and digits';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      if (mode === 'certificate' && file) {
        const form = new FormData();
        form.set('outletId', String(outletId));
        form.set('gstin', clean);
        form.set('certificate', file);
        await uploadForm('/business/gstin', form, 'Failed to upload GST certificate');
      } else {
        await saveAck.mutateAsync({ outletId, gstin: clean, ackNumber: ack.replace(/\s/g, '').toUpperCase() });
      }
      setSaved(true);
      void utils.businessAccount.gstin.invalidate({ outletId });
      void utils.businessAccount.profile.invalidate({ outletId });
    } catch (error) {
      setErrors({ ...fieldErrorsOf(error), form: error instanceof Error ? messageOf(error, error.message) : 'Could not save the GSTIN.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="biz-columns">
      <section className={`biz-card gst-status gst-status--${details.status}`} aria-label="Status">
        <h2 className="biz-card__title">{details.gstin ?? 'No GSTIN'}</h2>
        <p>{STATUS_TEXT[details.status]}</p>
        {details.certificateUrl ? (
          <a href={details.certificateUrl} target="_blank" rel="noreferrer">
            View the certificate
          </a>
        ) : null}
        {details.ackNumber ? <p className="muted">Acknowledgment number: {details.ackNumber}</p> : null}
      </section>
      <form className="biz-card biz-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Update GSTIN">
        <TextField id="gst-gstin" label="GSTIN" value={gstin} onChange={(value) => setGstin(value.toUpperCase())} error={errors.gstin} placeholder="29ABCPK1234L1Z5" />
        <fieldset className="segmented">
          <legend className="field__label">Document</legend>
          <label>
            <input type="radio" name="gst-mode" checked={mode === 'certificate'} onChange={() => setMode('certificate')} /> Certificate
          </label>
          <label>
            <input type="radio" name="gst-mode" checked={mode === 'ack'} onChange={() => setMode('ack')} /> Pending: acknowledgment number
          </label>
        </fieldset>
        {mode === 'certificate' ? (
          <div className="field">
            <label className="field__label" htmlFor="gst-certificate">
              GST certificate (photo or scan)
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
          <TextField id="gst-ack" label="Acknowledgment number" value={ack} onChange={setAck} error={errors.ackNumber} />
        )}
        <FormNotes error={errors.form} ok={saved ? 'GSTIN saved.' : null} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save GSTIN'}
        </Button>
      </form>
    </div>
  );
}
