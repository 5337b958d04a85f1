import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { otpSchema } from '@server/modules/common/schema';
import { Button } from '@client/components/ui/button';
import { formatPhone } from '@client/lib/format';
import { firstIssue } from '@client/lib/validation';
import { useCountdown } from '../hooks/use-countdown';
import { useDocumentMeta } from '../hooks/use-document-meta';
import type { useOtpChallenge } from '../hooks/use-otp-challenge';
import { OTP_LENGTH, RESEND_SECONDS, digitsOnly, formatCountdown } from '../lib/inputs';

type OtpModalProps = {
  phoneNumber: string;
  /** The server's wait before the first resend; SPEC §9's 60 s when absent. */
  resendAfterSeconds?: number;
  /** LOGIN or SIGNUP (SPEC §2): which flow the code finishes. */
  submitLabel: 'LOGIN' | 'SIGNUP';
  /** Verifies the code; resolves to an error text to show, or null on success. */
  onVerify: (otp: string) => Promise<string | null>;
  /** Asks for a new code; resolves to the next wait, or an error text (e.g. the server's 429 message). */
  onResend: () => Promise<{ waitSeconds: number } | string>;
  onCancel: () => void;
};

/** SPEC §2 "Enter OTP": a modal over the auth panel with the m:ss resend countdown. */
export function OtpModal({
  phoneNumber,
  resendAfterSeconds = RESEND_SECONDS,
  submitLabel,
  onVerify,
  onResend,
  onCancel,
}: OtpModalProps) {
  const { t } = useLingui();
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const { remaining, restart } = useCountdown(resendAfterSeconds);
  const countdown = formatCountdown(remaining);

  const phone = formatPhone(phoneNumber);
  useDocumentMeta(t`Enter OTP · Bachat`, t`Enter the 6-digit code sent to ${phone}.`);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setError(firstIssue(parsed.error) ?? t`otp should be of 6 digits`);
      return;
    }
    setSubmitting(true);
    setError(null);
    setNotice(null);
    try {
      const failure = await onVerify(parsed.data);
      if (failure) {
        setError(failure);
        setOtp('');
        inputRef.current?.focus();
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function handleResend() {
    if (resending) return;
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const outcome = await onResend();
      if (typeof outcome === 'string') {
        setError(outcome);
      } else {
        // SPEC §4: on success the countdown restarts at 60.
        restart(outcome.waitSeconds > 0 ? outcome.waitSeconds : RESEND_SECONDS);
        setOtp('');
        setNotice(t`A new OTP has been sent to ${phone}.`);
        inputRef.current?.focus();
      }
    } finally {
      setResending(false);
    }
  }

  // Portalled to <body>: the sliding panel's transform would otherwise confine this fixed layer to it.
  return createPortal(
    <div className="otp-modal" role="presentation">
      <div
        className="otp-modal__scrim"
        aria-hidden="true"
        onClick={() => {
          if (!submitting) onCancel();
        }}
      />
      <div
        className="otp-modal__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          // Escape leaves the code step only; the panel underneath stays open.
          if (event.key === 'Escape' && !submitting) {
            event.stopPropagation();
            onCancel();
          }
        }}
      >
        <h2 id={titleId} className="otp-modal__title">
          <Trans>Enter OTP</Trans>
        </h2>
        <p className="otp-modal__text">
          <Trans>
            An OTP has been sent to <strong className="otp-modal__phone">{phone}</strong>
          </Trans>
        </p>

        <form className="auth-form" noValidate onSubmit={handleSubmit}>
          <div className="field">
            <label htmlFor={inputId} className="field__label">
              <Trans>6-digit OTP</Trans>
            </label>
            <input
              ref={inputRef}
              id={inputId}
              className="field__input field__input--otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={otp}
              onChange={(event) => setOtp(digitsOnly(event.target.value, OTP_LENGTH))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>

          {error ? (
            <p id={errorId} className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {notice ? (
            <p className="form-notice" role="status">
              {notice}
            </p>
          ) : null}

          <p className="otp-modal__resend">
            {remaining > 0 ? (
              <span>
                <Trans>
                  Resend OTP in <span className="otp-modal__timer">{countdown}</span>
                </Trans>
              </span>
            ) : (
              <button
                type="button"
                className="link-button"
                onClick={() => void handleResend()}
                disabled={resending}
              >
                <Trans>Resend OTP</Trans>
              </button>
            )}
          </p>

          <div className="otp-modal__actions">
            <Button variant="secondary" onClick={onCancel} disabled={submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submitting || resending}>
              {submitting ? <Trans>Verifying…</Trans> : submitLabel === 'LOGIN' ? <Trans>LOGIN</Trans> : <Trans>SIGNUP</Trans>}
            </Button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}

/** The OTP modal for a `useOtpChallenge()` step: shown while a code is pending, wired to verify/resend/cancel. */
export function ChallengeOtpModal({
  challenge,
  submitLabel,
}: {
  challenge: ReturnType<typeof useOtpChallenge>;
  submitLabel: OtpModalProps['submitLabel'];
}) {
  if (!challenge.current) return null;
  return (
    <OtpModal
      phoneNumber={challenge.current.phoneNumber}
      resendAfterSeconds={challenge.current.resendAfterSeconds}
      submitLabel={submitLabel}
      onVerify={challenge.verify}
      onResend={challenge.resend}
      onCancel={challenge.cancel}
    />
  );
}
