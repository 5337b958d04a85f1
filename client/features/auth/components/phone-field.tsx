import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Field, fieldAria } from '@client/components/ui/field';
import { phoneInputValue } from '@server/modules/common/schema';

type PhoneFieldProps = {
  value: string;
  onChange: (digits: string) => void;
  error: string | null | undefined;
};

/**
 * "Phone Number" with the +91 prefix (the login and signup panels): digits only, and a pasted
 * "+91 98765 43210" or "098765 43210" becomes the ten digits (SPEC §5). No `maxLength`: the browser
 * would cut the pasted text before the non-digits are stripped.
 */
export function PhoneField({ value, onChange, error }: PhoneFieldProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <Field id={id} label={t`Phone Number`} error={error}>
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
          placeholder={t`10-digit mobile number`}
          value={value}
          onChange={(event) => onChange(phoneInputValue(event.target.value))}
          {...fieldAria(id, error)}
          autoFocus
        />
      </div>
    </Field>
  );
}
