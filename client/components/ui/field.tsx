import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
// The field's one look, wherever a form is (the auth panel, the account pages, the business and promoter forms).
import '@client/styles/forms.css';

/** The id of a field's error message (what the control's `aria-describedby` points at). */
export const fieldErrorId = (id: string) => `${id}-error`;

/** `aria-invalid` / `aria-describedby` for a control whose error, if any, is a `FieldError`. */
export function fieldAria(id: string, error: string | null | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(id) : undefined,
  } as const;
}

type FieldErrorProps = {
  /** The control's id; the message gets `fieldErrorId(id)`. */
  id: string;
  message: string | null | undefined;
  /** Announce the message as it appears (`role="alert"`). */
  alert?: boolean;
};

/** The red message under a field (nothing when there is no message). */
export function FieldError({ id, message, alert = true }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(id)} className="field__error" role={alert ? 'alert' : undefined}>
      {message}
    </p>
  );
}

type FieldProps = {
  /** The control's id (the label points at it). */
  id: string;
  label: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  error?: string | null;
  /** Announce the error as it appears (`role="alert"`). */
  alert?: boolean;
  /** Shown under the control, above the error. */
  hint?: ReactNode;
  /** The control: give it `id` and `{...fieldAria(id, error)}`. */
  children: ReactNode;
  /** A modifier of the field's box (`field--wide`). */
  className?: string;
};

/** A form field (styles/forms.css): label, the control, an optional hint and the field's error. */
export function Field({ id, label, optional, error, alert, hint, children, className }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? (
          <>
            {' '}
            <span className="field__optional">
              <Trans>(optional)</Trans>
            </span>
          </>
        ) : null}
      </label>
      {children}
      {hint}
      <FieldError id={id} message={error} alert={alert} />
    </div>
  );
}
