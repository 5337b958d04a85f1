import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/**
 * The group link as a QR a friend at the table scans. `qrcode` (already the server's QR library) is
 * loaded on first use, so its code stays off every other screen.
 */
export function GroupQr({ url }: { url: string }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined); // the code and the link are on the page too
    return () => {
      cancelled = true;
    };
  }, [url]);
  return (
    <div className="group-qr">
      {src ? <img src={src} width={160} height={160} alt={t`QR code of the group bill's link`} /> : <span className="group-qr__blank" aria-hidden="true" />}
    </div>
  );
}
