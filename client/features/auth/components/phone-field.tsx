import { useId } from 'react';
import { Field, fieldAria } from '@client/components/ui/field';
import { PHONE_MAX_DIGITS, digitsOnly } from '../lib/inputs';

type PhoneFieldProps = {
  value: string;
  onChange: (digits: string) => void;
  error: string | null | undefined;
};

/** "Phone Number" with the +91 prefix: digits only, up to 10 (the login and signup panels). */
export function PhoneField({ value, onChange, error }: PhoneFieldProps) {
  const id = useId();
  return (
    <Field id={id} label="Phone Number" error={error}>
      <div className="field__phone">
        <span className="field__prefix" aria-hidden="true">
          +91
        </span>
        <input
          id={id}
          className="field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          maxLength={PHONE_MAX_DIGITS}
          value={value}
          onChange={(event) => onChange(digitsOnly(event.target.value, PHONE_MAX_DIGITS))}
          {...fieldAria(id, error)}
          autoFocus
        />
      </div>
    </Field>
  );
}
