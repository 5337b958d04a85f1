import { Field, fieldAria } from '@client/components/ui/field';

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  placeholder?: string;
  optional?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'tel' | 'email';
};

export function TextField({ id, label, value, onChange, error, type = 'text', placeholder, optional, inputMode }: TextFieldProps) {
  return (
    <Field id={id} label={label} optional={optional} error={error} alert={false}>
      <input
        id={id}
        className="field__input"
        type={type}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        {...fieldAria(id, error)}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
