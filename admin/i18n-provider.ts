import { defaultI18nProvider, type I18nProvider } from 'react-admin';

/**
 * The back office speaks English (docs/i18n.md: the shopper and owner screens are in English and
 * Hindi; sales staff work in English). react-admin's own texts are its English catalog; a message that
 * is not a catalog key but a sentence (it has a space: `Outlet "Kaapi Katte" updated`) is shown as
 * written. Without this, react-admin would replace such a message by its generic fallback
 * ("Element updated"), which is what issue 17 asked to be rid of.
 */
export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => (key.includes(' ') ? key : defaultI18nProvider.translate(key, options)),
};
