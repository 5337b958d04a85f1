import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { MAX_TABLE, tableFromQuery } from '@server/modules/pay-links/schema';
import { QueryState } from '@client/components/ui/query-state';
import { formatPercent } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { messageOf } from '@client/lib/trpc-errors';
import { BizPage } from '../components/biz-page';
import { TextField } from '../components/text-field';
import type { BusinessPageProps } from '../lib/page-props';

/** The owner's QR files (server/modules/pay-links/rest.ts): `?table=`, `?download=1`. */
const qrFile = (outletId: number, file: 'qr.png' | 'qr.svg' | 'qr.pdf', table: number | null, download = false) => {
  const query = new URLSearchParams();
  if (table) query.set('table', String(table));
  if (download) query.set('download', '1');
  const q = query.toString();
  return `/api/business/outlets/${outletId}/${file}${q ? `?${q}` : ''}`;
};

/** The pay link with a table (`…/p/{code}?t=7`). */
const tableLink = (url: string, table: number | null) => (table ? `${url}?t=${table}` : url);

/** "K7M2QXA" → "K7M 2QXA", as the standee prints it. */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * account/qr-standee/{outletId}: the outlet's QR (docs/business.md "QR and standee"): the code and link,
 * the QR shown, the A5 standee, the PNG and SVG, a table's QR, and a sheet of table QRs to print.
 */
export function QrStandeePage({ outletId }: BusinessPageProps) {
  const { t } = useLingui();
  const id = outletId ?? 0;
  const link = trpc.payLinks.forOutlet.useQuery({ outletId: id });
  const ids = { table: useId(), from: useId(), to: useId() };
  const [tableText, setTableText] = useState('');
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('10');
  const table = tableFromQuery(tableText);
  const tableError = tableText.trim() !== '' && table === null ? t`Enter a table number from 1 to ${MAX_TABLE}` : undefined;
  const fromN = tableFromQuery(from);
  const toN = tableFromQuery(to);
  const rangeError =
    fromN === null || toN === null ? t`Enter table numbers from 1 to ${MAX_TABLE}` : fromN > toN ? t`The first table must not be after the last one` : undefined;

  return (
    <BizPage
      title={t`QR and standee · Account · Bachat for Business`}
      description={t`Your outlet's QR code and a printable standee: shoppers scan it to pay with Bachat.`}
      heading={t`QR and standee`}
      lead={t`Print the standee for your counter or tables. Any phone camera or the Bachat app opens your pay page from it.`}
    >
      <QueryState query={link} loadingLabel={t`Loading your QR`} errorMessage={(error) => messageOf(error, t`We couldn't load your QR.`)}>
        {(data) => {
          const outlet = data.outletName;
          const best = data.bestOfferPercent !== null ? formatPercent(data.bestOfferPercent) : null;
          return (
          <div className="qr-page">
            <section className="biz-card qr-page__preview" aria-labelledby="qr-preview-title">
              <h2 id="qr-preview-title" className="biz-card__title">
                {table ? <Trans>QR for table {table}</Trans> : <Trans>Your outlet's QR</Trans>}
              </h2>
              <img
                className="qr-page__image"
                src={qrFile(id, 'qr.svg', table)}
                width={240}
                height={240}
                alt={table ? t`QR code to pay at ${outlet}, table ${table}` : t`QR code to pay at ${outlet}`}
              />
              <p className="qr-page__code">
                <Trans>Outlet code</Trans> <strong data-testid="pay-code">{spaced(data.code)}</strong>
              </p>
              <p className="muted qr-page__link">{tableLink(data.url, table)}</p>
              {best !== null ? (
                <p className="muted">
                  <Trans>The standee shows today's best offer: up to {best} off.</Trans>
                </p>
              ) : null}
            </section>

            <section className="biz-card" aria-labelledby="qr-download-title">
              <h2 id="qr-download-title" className="biz-card__title">
                <Trans>Download</Trans>
              </h2>
              <TextField
                id={ids.table}
                label={t`Table number`}
                optional
                inputMode="numeric"
                placeholder={t`e.g. 7`}
                value={tableText}
                onChange={(value) => setTableText(value.replace(/\D/g, '').slice(0, 2))}
                error={tableError}
              />
              <div className="biz-row-actions">
                <a className="btn btn--primary btn--md" href={qrFile(id, 'qr.pdf', table, true)} download>
                  <Trans>Standee (PDF, A5)</Trans>
                </a>
                <a className="btn btn--secondary btn--md" href={qrFile(id, 'qr.png', table, true)} download>
                  <Trans>QR (PNG)</Trans>
                </a>
                <a className="btn btn--secondary btn--md" href={qrFile(id, 'qr.svg', table, true)} download>
                  <Trans>QR (SVG)</Trans>
                </a>
              </div>
            </section>

            <section className="biz-card" aria-labelledby="qr-sheet-title">
              <h2 id="qr-sheet-title" className="biz-card__title">
                <Trans>Table QRs</Trans>
              </h2>
              <p className="muted">
                <Trans>A sheet of QRs, one for each table (12 on an A4 page). A payment made from a table's QR shows its table on your Payments screen.</Trans>
              </p>
              <div className="qr-page__range">
                <TextField id={ids.from} label={t`From table`} inputMode="numeric" value={from} onChange={(v) => setFrom(v.replace(/\D/g, '').slice(0, 2))} />
                <TextField id={ids.to} label={t`To table`} inputMode="numeric" value={to} onChange={(v) => setTo(v.replace(/\D/g, '').slice(0, 2))} error={rangeError} />
              </div>
              <div className="biz-row-actions">
                {rangeError || fromN === null || toN === null ? (
                  <span className="btn btn--secondary btn--md" aria-disabled="true">
                    <Trans>Table QR sheet (PDF)</Trans>
                  </span>
                ) : (
                  <a className="btn btn--secondary btn--md" href={`/api/business/outlets/${id}/qr-tables.pdf?from=${fromN}&to=${toN}`} download>
                    <Trans>Table QR sheet (PDF)</Trans>
                  </a>
                )}
              </div>
            </section>
          </div>
          );
        }}
      </QueryState>
    </BizPage>
  );
}
