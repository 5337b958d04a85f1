import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@client/lib/i18n';
import type { SwitchProps } from './language-switch';

/** The /settings choice: both languages as radio buttons, each named in its own script. */
export function LanguageChoice({ value, onChange }: SwitchProps) {
  const { t } = useLingui();
  const name = useId();
  const [pending, setPending] = useState<Locale | null>(null);
  return (
    <fieldset className="lang-choice" aria-busy={pending !== null || undefined}>
      <legend className="visually-hidden">{t`Language`}</legend>
      {LOCALES.map((locale) => (
        <label key={locale} className="lang-choice__option">
          <input
            type="radio"
            name={name}
            value={locale}
            checked={(pending ?? value) === locale}
            disabled={pending !== null}
            onChange={async () => {
              setPending(locale);
              try {
                await onChange(locale);
              } finally {
                setPending(null);
              }
            }}
          />
          <span lang={locale}>{LANGUAGE_NAMES[locale]}</span>
        </label>
      ))}
    </fieldset>
  );
}
