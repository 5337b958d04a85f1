import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { readCookie } from '@client/lib/cookies';
import { LANGUAGE_COOKIE, isLocale, setLocale, type Locale } from '@client/lib/i18n';
import { trpc } from '@client/lib/trpc';

/**
 * The console's language (docs/i18n.md): the switch in the console header saves the choice on the
 * signed-in account (`businessAuth.setLanguage`) as well as on the device (the `lang` cookie).
 */
export function useBusinessLanguage(): { locale: Locale; switchTo: (locale: Locale) => Promise<void> } {
  const { i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { mutate } = trpc.businessAuth.setLanguage.useMutation();
  const switchTo = useCallback(
    async (next: Locale) => {
      await setLocale(next);
      mutate({ language: next });
    },
    [mutate],
  );
  return { locale, switchTo };
}

/**
 * After a login: where the device has made no choice yet, the account's language is adopted; where it
 * has, the account learns it (the same rule as the shopper's, lib/language.ts).
 */
export function adoptAccountLanguage(accountLanguage: string | undefined, save: (language: Locale) => void): void {
  if (!isLocale(accountLanguage)) return;
  const device = readCookie(LANGUAGE_COOKIE);
  if (!isLocale(device)) void setLocale(accountLanguage);
  else if (device !== accountLanguage) save(device);
}
