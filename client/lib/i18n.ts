import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { readCookie, writeCookie } from './cookies';
import { whenHydrated } from './hydration';

/**
 * The client's languages (docs/i18n.md): English (the source, SPEC's words) and Hindi, through Lingui.
 *
 * Messages live in one catalog per feature plus one for the shared layer. A catalog module
 * (`features/<f>/i18n.ts`, `client/locales/catalog.ts`) registers its English messages, which are
 * bundled with the feature's code, and a loader for its Hindi ones, which are fetched only when Hindi
 * is wanted: an English reader never downloads Hindi, and a Hindi reader fetches a feature's Hindi with
 * the feature. Every file that uses a Lingui macro imports its catalog module (the Vite plugin
 * `client/vite-plugins/lingui.ts` adds that import). Nothing renders in Hindi before its words are
 * there: the providers wait for the catalogs registered at start (`CatalogGate`), every lazily loaded
 * screen waits for the catalogs its code registered (`afterCatalogs` in the route loader), and a switch
 * fetches every registered catalog before it activates the language.
 *
 * The chosen language is remembered in the `lang` cookie (a year) before sign-in; a signed-in shopper's
 * or owner's choice is also stored on their account (`users.setLanguage`, `businessAuth.setLanguage`).
 * Requests carry it as `Accept-Language` (`lib/trpc.ts`), so the server's messages follow it too.
 */

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** The BCP 47 tag each language formats numbers, money and dates with (`lib/format.ts`). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Each language's own name, as the switch shows it (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'hi';

/** The first of the browser's preferred languages we speak (`hi-IN` → hi), else English. */
export function preferredLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  return languages.map((tag) => tag.split('-')[0]!.toLowerCase()).find(isLocale) ?? 'en';
}

/** The language to start in: the cookie's, else the browser's preference. */
export function initialLocale(): Locale {
  const saved = readCookie(LANGUAGE_COOKIE);
  return isLocale(saved) ? saved : preferredLocale();
}

type Catalog = {
  /** The English messages, compiled into the feature's code. */
  en: Messages;
  /** Fetches the Hindi messages (a chunk of their own). */
  hi: () => Promise<{ messages: Messages }>;
};

const catalogs = new Map<string, Catalog>();
/** The language on screen, or the one a switch in progress goes to (`setLocale`). */
let target: Locale = 'en';

/** `name:locale` pairs already loaded into Lingui (each catalog is fetched once per language). */
const loaded = new Map<string, Promise<void>>();

function loadCatalog(name: string, catalog: Catalog, locale: Locale): Promise<void> | null {
  const key = `${name}:${locale}`;
  if (locale === 'en') {
    if (!loaded.has(key)) {
      i18n.load('en', catalog.en);
      loaded.set(key, Promise.resolve());
    }
    return null;
  }
  let pending = loaded.get(key);
  if (!pending) {
    pending = catalog.hi().then(({ messages }) => i18n.load(locale, messages));
    // A failed fetch (offline) may be retried by the next switch or page.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** Fetches still in flight for the active language (a set, so `afterCatalogs` sees late arrivals). */
const pending = new Set<Promise<void>>();

/**
 * Registers a catalog (at a catalog module's top level) and starts loading it in the active language:
 * English at once, Hindi by fetching its chunk (`afterCatalogs` waits for that).
 */
export function registerCatalog(name: string, catalog: Catalog): void {
  catalogs.set(name, catalog);
  // English is always there: it is what shows while a language switch is still fetching.
  loadCatalog(name, catalog, 'en');
  // The language on screen, or the one a switch in progress is fetching (a catalog that registers
  // during a switch must arrive in the new language, or the screen would show message ids).
  const loading = loadCatalog(name, catalog, target);
  if (loading) {
    pending.add(loading);
    const done = () => pending.delete(loading);
    loading.then(done, done);
  }
}

/** True when every registered catalog has the active language's messages. */
export const catalogsReady = (): boolean => pending.size === 0;

/**
 * Resolves once every catalog registered so far has the active language's messages (at once in
 * English). A failed Hindi fetch does not block the screen: its words stay English until a retry.
 */
export async function catalogsSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

/** For lazy loaders: `load().then(afterCatalogs)` resolves with the module once its words are there. */
export const afterCatalogs = async <T>(loaded: T): Promise<T> => {
  await catalogsSettled();
  return loaded;
};

/** The active language. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/**
 * A category's or city's name in the reader's language: its Hindi name (`nameHi`, set in the back
 * office) on the Hindi screens, else its name (docs/i18n.md).
 */
export function localName(item: { name: string; nameHi?: string | null }): string {
  return currentLocale() === 'hi' && item.nameHi ? item.nameHi : item.name;
}

/**
 * The active language, re-rendering the component when it changes: for components that format figures
 * (lib/format.ts) or call the core `t` without translating anything through `useLingui` themselves.
 */
export function useLocale(): Locale {
  const { i18n: active } = useLingui();
  return isLocale(active.locale) ? active.locale : 'en';
}

/** The Intl tag of the active language ('en-IN' / 'hi-IN'). */
export const currentIntlLocale = (): string => INTL_LOCALE[currentLocale()];

/** `Accept-Language` for our own requests: the server answers (its messages) in the language on screen. */
export const acceptLanguageHeader = (): { 'Accept-Language': string } => ({
  'Accept-Language': `${currentIntlLocale()},${currentLocale()};q=0.9`,
});

function applyToDocument(locale: Locale) {
  // Only when it changes: setting it, even to the same value, makes the browser recompute every style
  // that could depend on the language (a whole-page style recalculation on a slow phone, issue 18).
  if (typeof document !== 'undefined' && document.documentElement.lang !== INTL_LOCALE[locale]) document.documentElement.lang = INTL_LOCALE[locale];
}

/**
 * Switches the language: fetches every registered catalog's messages for it, waits for a server-rendered
 * page to finish hydrating (lib/hydration.ts), then activates it (every
 * `useLingui` re-renders), sets `lang` on the document and remembers it in the cookie. Storing it on
 * the signed-in account is the caller's part (the switch components do it).
 */
export async function setLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  target = locale;
  // Screens may register catalogs while these load (a lazy page arriving): repeat until none is new.
  for (let count = -1; count !== catalogs.size; ) {
    count = catalogs.size;
    await Promise.all([...catalogs].map(([name, catalog]) => loadCatalog(name, catalog, locale)));
  }
  // Not while the server's markup is still being hydrated: it holds the words it was rendered with.
  await whenHydrated();
  // A later switch won: leave the language to it.
  if (target !== locale) return;
  if (remember) writeCookie(LANGUAGE_COOKIE, locale, LANGUAGE_COOKIE_SECONDS);
  if (i18n.locale !== locale) i18n.activate(locale, [INTL_LOCALE[locale]]);
  applyToDocument(locale);
}

/** Called once, before any catalog registers: the starting language. */
function start() {
  const locale = typeof document === 'undefined' ? 'en' : initialLocale();
  target = locale;
  // Catalogs add their messages as they register; the language is active from the start.
  for (const l of LOCALES) i18n.load(l, {});
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  applyToDocument(locale);
}

start();

export { i18n };
