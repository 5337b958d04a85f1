import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@client/lib/i18n';

type SwitchProps = {
  value: Locale;
  /** Switches (fetching the other language's words first); resolves when the screen has changed. */
  onChange: (locale: Locale) => Promise<void> | void;
};

const other = (locale: Locale): Locale => (locale === 'en' ? 'hi' : 'en');
/** What the compact toggle shows on a phone: the other language's first letter, in its own script. */
const GLYPH: Record<Locale, string> = { en: 'A', hi: 'अ' };

/**
 * The top bar's language switch: one button naming the other language in its own script ("हिन्दी" on
 * the English screens, "English" on the Hindi ones; on a narrow phone its first letter, "अ" / "A").
 */
export function LanguageToggle({ value, onChange, className }: SwitchProps & { className?: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const target = other(value);
  const name = LANGUAGE_NAMES[target];
  return (
    <button
      type="button"
      className={['lang-toggle', className].filter(Boolean).join(' ')}
      aria-label={t`Change language to ${name}`}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onChange(target);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Languages className="lang-toggle__icon" width={18} height={18} aria-hidden="true" />
      <span className="lang-toggle__name" lang={target}>
        {name}
      </span>
      <span className="lang-toggle__glyph" lang={target} aria-hidden="true">
        {GLYPH[target]}
      </span>
    </button>
  );
}

/** The /settings choice: both languages as radio buttons, each named in its own script. */
export function LanguageChoice({ value, onChange }: SwitchProps) {
  const { t } = useLingui();
  const name = useId();
  const [pending, setPending] = useState<Locale | null>(null);
  return (
    <fieldset className="lang-choice" aria-busy={pending !== null || undefined}>
      <legend className="lang-choice__legend">{t`Language`}</legend>
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
