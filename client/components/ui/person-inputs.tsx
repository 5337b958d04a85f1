import { fieldAria } from './field';

/** What each of a person's details takes: the schema's length, the browser's autofill, how a typed value is cleaned. */
const KINDS = {
  name: { type: 'text', inputMode: undefined, autoComplete: 'name', maxLength: 80, clean: (value: string) => value },
  /** Spaces dropped as they are typed or pasted. */
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254, clean: (value: string) => value.replace(/\s/g, '') },
} as const;

type PersonInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
};

/** The input of a person's name or email (sign-up, profile): the same limits and autofill everywhere. */
function PersonInput({ kind, id, value, onChange, error, placeholder }: PersonInputProps & { kind: keyof typeof KINDS }) {
  const { clean, ...attributes } = KINDS[kind];
  return (
    <input
      id={id}
      className="field__input"
      {...attributes}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(clean(event.target.value))}
      {...fieldAria(id, error)}
    />
  );
}

export const NameInput = (props: PersonInputProps) => <PersonInput kind="name" {...props} />;
export const EmailInput = (props: PersonInputProps) => <PersonInput kind="email" {...props} />;
