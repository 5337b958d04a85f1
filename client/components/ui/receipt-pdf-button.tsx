import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from './button';
import { downloadPdf } from '@client/lib/download';
import { messageOf } from '@client/lib/trpc-errors';

/**
 * "Download receipt (PDF)": fetches the receipt through tRPC (the shopper's session) and saves it. The
 * caller says how to fetch it (by order id on /payment-success, by history entry on /redeemed-history/{id}).
 */
export function ReceiptPdfButton({ fetchPdf }: { fetchPdf: () => Promise<{ filename: string; base64: string }> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      downloadPdf(await fetchPdf());
    } catch (e) {
      setError(messageOf(e, t`Could not prepare the receipt. Please try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void download()} disabled={busy}>
        {busy ? t`Preparing…` : t`Download receipt (PDF)`}
      </Button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
