import { useLingui } from '@lingui/react';
import { useCallback, useEffect } from 'react';
import { readCookie } from './cookies';
import { useCurrentUser } from './auth';
import { LANGUAGE_COOKIE, isLocale, setLocale, type Locale } from './i18n';
import { trpc } from './trpc';

/**
 * The shopper's language (docs/i18n.md): the switch in the top bar and on /settings.
 *
 * Signed out, the choice is the `lang` cookie. Signed in, it is also stored on the account
 * (`users.setLanguage`), so it follows the shopper to another device: where the device has no choice of
 * its own yet (no cookie), the account's language is adopted when the shopper is known; where it has
 * one, that wins and is saved to the account.
 */
export function useLanguage(): { locale: Locale; switchTo: (locale: Locale) => Promise<void> } {
  const { i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { user, isLoggedIn } = useCurrentUser();
  const utils = trpc.useUtils();
  const save = trpc.users.setLanguage.useMutation({
    onSuccess: (saved) => utils.users.me.setData(undefined, saved),
  });
  const { mutate } = save;

  const switchTo = useCallback(
    async (next: Locale) => {
      await setLocale(next);
      if (isLoggedIn && user && user.language !== next) mutate({ language: next });
    },
    [isLoggedIn, user, mutate],
  );
  return { locale, switchTo };
}

/**
 * Keeps the device and the signed-in shopper's account in step (mounted once, in the app shell): when
 * the shopper is known and the device has made no choice, the account's language is adopted; when the
 * device's choice differs from the account's, the account learns it.
 */
export function useAccountLanguageSync(): void {
  const { user, isLoggedIn } = useCurrentUser();
  const utils = trpc.useUtils();
  const { mutate } = trpc.users.setLanguage.useMutation({
    onSuccess: (saved) => utils.users.me.setData(undefined, saved),
  });
  const accountLanguage = isLoggedIn ? user?.language : undefined;
  useEffect(() => {
    if (!isLocale(accountLanguage)) return;
    const device = readCookie(LANGUAGE_COOKIE);
    if (!isLocale(device)) void setLocale(accountLanguage);
    else if (device !== accountLanguage) mutate({ language: device });
  }, [accountLanguage, mutate]);
}
