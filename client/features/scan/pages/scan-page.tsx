import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { classifyScannedText, normalizePayCode, payPageOf, type ScannedQr } from '@server/modules/pay-links/schema';
import { groupCodeSchema } from '@server/modules/group-bills/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { trpc } from '@client/lib/trpc';
import { errorCode, messageOf } from '@client/lib/trpc-errors';
import { createDecoder } from '../lib/decoder';
import { groupCodeOfScan } from '../lib/group-link';
import '@client/styles/scan.css';

type Camera = 'starting' | 'on' | 'denied' | 'unavailable';
type Foreign = Exclude<ScannedQr, { kind: 'bachat' }>;

/** Time between two decoded frames. */
const FRAME_MS = 120;

/**
 * /scan: the shopper's QR scanner (docs/payments.md "Pay links and QR codes"). The camera with a
 * viewfinder; a Bachat QR opens its outlet's pay page at once (with the table of a table QR); a
 * foreign QR (another merchant's UPI QR, a web address, text) is explained, never opened; without a
 * camera, or with the permission denied, the outlet's code is typed instead.
 */
export function ScanPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [foreign, setForeign] = useState<Foreign | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  // A Bachat QR was read: no more frames until "Scan again" (or the pay page opens).
  const [paused, setPaused] = useState(false);
  // Bumped by "Scan again": restarts the reading loop.
  const [round, setRound] = useState(0);

  const open = useCallback(
    async (code: string, table: number | null): Promise<boolean> => {
      setOpening(true);
      setProblem(null);
      try {
        const { outletId } = await utils.payLinks.resolve.fetch({ code }, { staleTime: 60_000 });
        navigate(payPageOf(outletId, table));
        return true;
      } catch (error) {
        setProblem(errorCode(error) === 'NOT_FOUND' ? t`No outlet on Bachat has the code ${code}. Check the code printed under the QR.` : messageOf(error, t`We couldn't open this outlet. Please try again.`));
        return false;
      } finally {
        setOpening(false);
      }
    },
    [utils, navigate, t],
  );

  // The camera: asked for once on arrival, stopped when the page goes.
  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (cancelled) return;
        const el = video.current;
        if (el) {
          el.srcObject = stream;
          await el.play().catch(() => undefined);
        }
        setCamera('on');
      } catch (error) {
        if (cancelled) return;
        setCamera(error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'denied' : 'unavailable');
      }
    }
    void start();
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  // Reading frames while the camera is on and nothing is on screen.
  useEffect(() => {
    if (camera !== 'on' || foreign || paused) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void createDecoder().then(({ decode }) => {
      const tick = async () => {
        if (stopped) return;
        const el = video.current;
        const text = el && el.readyState >= 2 ? await decode(el).catch(() => null) : null;
        if (stopped) return;
        if (text) {
          // A friend's group bill (the QR on the host's group page).
          const group = groupCodeOfScan(text, [window.location.origin]);
          if (group) {
            stopped = true;
            setPaused(true);
            navigate(paths.group.href(group));
            return;
          }
          const found = classifyScannedText(text, [window.location.origin]);
          if (found.kind === 'bachat') {
            stopped = true;
            setPaused(true);
            void open(found.code, found.table);
            return;
          }
          stopped = true;
          setForeign(found);
          return;
        }
        timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [camera, foreign, paused, round, open, navigate]);

  const scanAgain = () => {
    setForeign(null);
    setProblem(null);
    setPaused(false);
    setRound((r) => r + 1);
  };

  return (
    <div className="scan-page">
      <title>{t`Scan to pay · Bachat`}</title>
      <meta name="description" content={t`Scan an outlet's Bachat QR to pay your bill there with an instant discount.`} />
      <h1 className="scan-page__title">
        <Trans>Scan to pay</Trans>
      </h1>
      <p className="scan-page__lead">
        <Trans>Point your camera at the Bachat QR on the counter or your table.</Trans>
      </p>

      {camera === 'starting' || camera === 'on' ? (
        <div className="scan-view" data-camera={camera}>
          <video ref={video} className="scan-view__video" muted playsInline aria-label={t`Camera view`} />
          <div className="scan-view__frame" aria-hidden="true" />
          <p className="scan-view__status" role="status">
            {camera === 'starting' ? <Trans>Starting the camera…</Trans> : opening ? <Trans>Opening the pay page…</Trans> : <Trans>Looking for a QR code…</Trans>}
          </p>
        </div>
      ) : (
        // The camera's box, kept at its size (nothing below moves when the camera turns out to be missing).
        <div className="scan-view scan-view--off scan-message" role="status" data-testid="camera-message">
          {camera === 'denied' ? (
            <Trans>Bachat can't use your camera: the permission is blocked. Allow the camera for this site in your browser's settings, or type the outlet's code below.</Trans>
          ) : (
            <Trans>No camera is available on this device. Type the outlet's code below instead.</Trans>
          )}
        </div>
      )}

      {foreign ? <ForeignQr found={foreign} onAgain={scanAgain} /> : null}
      {problem && !foreign ? (
        <div className="scan-problem" role="alert">
          <p>{problem}</p>
          {paused && !opening ? (
            <Button variant="secondary" onClick={scanAgain}>
              <Trans>Scan again</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}

      <CodeForm onCode={(code) => void open(code, null)} busy={opening} primary={camera === 'denied' || camera === 'unavailable'} />
      <GroupCodeForm onCode={(code) => navigate(paths.group.href(code))} />
    </div>
  );
}

/** What a QR that is not Bachat's holds, and why it is not opened. */
function ForeignQr({ found, onAgain }: { found: Foreign; onAgain: () => void }) {
  const { t } = useLingui();
  const payee = found.kind === 'upi' ? (found.payee ?? t`another merchant`) : '';
  const host = found.kind === 'url' ? found.host : '';
  const text = found.kind === 'text' ? found.text.slice(0, 80) : '';
  return (
    <section className="scan-foreign" role="alert" data-testid="foreign-qr" aria-label={t`Not a Bachat QR`}>
      <h2 className="scan-foreign__title">
        <Trans>This is not a Bachat QR</Trans>
      </h2>
      <p>
        {found.kind === 'upi' ? (
          <Trans>It is a UPI payment QR of {payee}. Paying with it goes straight to the merchant, without Bachat's discount. Ask for the Bachat QR at the counter.</Trans>
        ) : found.kind === 'url' ? (
          <Trans>It opens a website, {host}, not a Bachat pay page. We have not opened it.</Trans>
        ) : (
          <Trans>It holds text, not a Bachat pay link: {text}</Trans>
        )}
      </p>
      <Button variant="secondary" onClick={onAgain}>
        <Trans>Scan again</Trans>
      </Button>
    </section>
  );
}

/**
 * A code typed instead of scanned: the label, a hint under it, the field and its button. `read` turns
 * the text into the code, or says why it is not one.
 */
function TypedCodeForm({
  label,
  hint,
  submitLabel,
  maxLength,
  read,
  onCode,
  busy = false,
  primary = false,
  submitVariant = 'primary',
  ariaLabel,
}: {
  label: ReactNode;
  hint: ReactNode;
  submitLabel: ReactNode;
  maxLength: number;
  read: (text: string) => { code: string } | { error: string };
  onCode: (code: string) => void;
  busy?: boolean;
  primary?: boolean;
  submitVariant?: 'primary' | 'secondary';
  ariaLabel?: string;
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = read(value);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onCode(result.code);
  }

  return (
    <form className={`scan-code${primary ? ' scan-code--primary' : ''}`} onSubmit={submit} noValidate aria-label={ariaLabel}>
      <label htmlFor={ids.input} className="scan-code__label">
        {label}
      </label>
      <p id={ids.hint} className="scan-code__hint">
        {hint}
      </p>
      <div className="scan-code__row">
        <input
          id={ids.input}
          className="field__input scan-code__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxLength}
          value={value}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value.toUpperCase())}
        />
        <Button type="submit" variant={submitVariant} disabled={busy}>
          {submitLabel}
        </Button>
      </div>
      {error ? (
        <p id={ids.error} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Typing the outlet's code (printed under every QR) instead of scanning it. */
function CodeForm({ onCode, busy, primary }: { onCode: (code: string) => void; busy: boolean; primary: boolean }) {
  const { t } = useLingui();
  return (
    <TypedCodeForm
      label={primary ? <Trans>Type the outlet's code</Trans> : <Trans>No QR? Type the outlet's code</Trans>}
      hint={<Trans>It is printed under the QR, 7 letters and digits.</Trans>}
      submitLabel={<Trans context="Scanner: open the outlet whose code was typed">Open</Trans>}
      maxLength={12}
      read={(text) => {
        const code = normalizePayCode(text);
        return code ? { code } : { error: t`Enter the 7-character code printed under the QR, e.g. K7M 2QXA.` };
      }}
      onCode={onCode}
      busy={busy}
      primary={primary}
    />
  );
}

/** "Have a group code?": a friend's group bill (issue 32) by its 6 characters → /group/{code}. */
function GroupCodeForm({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useLingui();
  return (
    <TypedCodeForm
      ariaLabel={t`Join a group bill`}
      label={<Trans>Have a group code?</Trans>}
      hint={<Trans>A friend splitting the bill can share a 6-character code.</Trans>}
      submitLabel={<Trans context="Scanner: open the group bill whose code was typed">Join</Trans>}
      maxLength={8}
      submitVariant="secondary"
      read={(text) => {
        const parsed = groupCodeSchema.safeParse(text);
        return parsed.success ? { code: parsed.data } : { error: t`A group code is 6 letters and digits` };
      }}
      onCode={onCode}
    />
  );
}
