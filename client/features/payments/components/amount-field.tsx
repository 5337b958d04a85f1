import { useId, type ReactNode } from 'react';
import { cleanAmountInput, displayAmountInput } from '../lib/money';

/**
 * The bill's rupee amount as the shopper types it (the pay page, the split page): "₹" before it,
 * digits grouped as typed, the hint and the error tied to the input for screen readers.
 */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  autoFocus = false,
  enterKeyHint,
}: {
  label: ReactNode;
  /** The raw text (digits and one dot); shown grouped. */
  value: string;
  onChange: (raw: string) => void;
  onBlur?: () => void;
  error: string | null;
  hint?: ReactNode;
  autoFocus?: boolean;
  enterKeyHint?: 'next' | 'done';
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="amount-field">
      <label htmlFor={ids.input} className="amount-field__label">
        {label}
      </label>
      <div className="amount-field__box" data-invalid={error ? 'true' : undefined}>
        <span className="amount-field__currency" aria-hidden="true">
          ₹
        </span>
        <input
          id={ids.input}
          className="amount-field__input"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint={enterKeyHint}
          placeholder="0"
          autoFocus={autoFocus}
          value={displayAmountInput(value)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(cleanAmountInput(event.target.value))}
          onBlur={onBlur}
        />
      </div>
      {hint ? (
        <p id={ids.hint} className="amount-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="amount-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
