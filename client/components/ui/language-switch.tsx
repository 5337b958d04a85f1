import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LANGUAGE_NAMES, type Locale } from '@client/lib/i18n';
import { LanguageIcon } from './icons';

export type SwitchProps = {
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
      <LanguageIcon className="lang-toggle__icon" width={18} height={18} />
      <span className="lang-toggle__name" lang={target}>
        {name}
      </span>
      <span className="lang-toggle__glyph" lang={target} aria-hidden="true">
        {GLYPH[target]}
      </span>
    </button>
  );
}
