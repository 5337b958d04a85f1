import { ZodError } from 'zod';
import { AppError } from './errors.ts';
import type { $ZodIssue } from 'zod/v4/core';
import { LANGUAGES, type Language } from '../modules/common/schema.ts';
import { HI } from './i18n-hi.ts';

/**
 * The server's messages in the request's language (docs/i18n.md). Services and schemas write English,
 * SPEC §8's words exactly; the transports translate what they send back: the tRPC error formatter and
 * the REST error middleware (not the back office, which stays English) look the text up in the Hindi
 * catalog (`i18n-hi.ts`) when the request asked for Hindi. Texts the server sends on its own (the OTP
 * SMS) pick their language the same way from the flow or the account.
 */

export type { Language };

/**
 * The language a request asks for: the first of `Accept-Language`'s tags (by q-value) that we speak,
 * else English (also when the header is absent or unreadable). `hi-IN`, `hi` → hi; `en-US` → en.
 */
export function languageOf(header: string | null | undefined): Language {
  return requestedLanguage(header) ?? 'en';
}

/** As `languageOf`, but null when the header names no language we speak (or is absent). */
export function requestedLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.q > 0 && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { base } of tags) if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  return null;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Template = { pattern: RegExp; names: string[]; hi: string };

/** The catalog's keys with placeholders, as patterns over the finished English text. */
const templates: Template[] = Object.entries(HI)
  .filter(([en]) => /\{\w+\}/.test(en))
  .map(([en, hi]) => {
    const names: string[] = [];
    const source = en
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '(.+?)';
        }
        return escape(part);
      })
      .join('');
    return { pattern: new RegExp(`^${source}$`, 's'), names, hi };
  });

/**
 * `message` in `language`: English is returned as it is; Hindi from the catalog, by exact text or by a
 * template whose filled-in parts are translated in turn. A text the catalog does not know stays English
 * (the catalog test keeps that from happening to anything the code sends).
 */
export function localize(message: string, language: Language): string {
  if (language === 'en' || !message) return message;
  const exact = HI[message];
  if (exact !== undefined) return exact;
  for (const { pattern, names, hi } of templates) {
    const match = pattern.exec(message);
    if (!match) continue;
    return hi.replace(PLACEHOLDER, (whole, name: string) => {
      const value = match[names.indexOf(name) + 1];
      return value === undefined ? whole : localize(value, language);
    });
  }
  return message;
}

/** Every value of a field-error map localized (keys are field paths and stay as they are). */
export function localizeFields<T extends Record<string, string> | undefined>(fields: T, language: Language): T {
  if (!fields || language === 'en') return fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, localize(v, language)])) as T;
}

/**
 * A zod issue's message in Hindi when our catalog does not have its text: zod's own default messages
 * (a type or size check without a message of ours) are said plainly from the issue's code.
 */
export function localizeZodIssue(issue: $ZodIssue, language: Language): string {
  const known = localize(issue.message, language);
  if (language === 'en' || known !== issue.message) return known;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'यह जानकारी ज़रूरी है' : 'यह मान सही प्रकार का नहीं है';
    case 'too_small':
      return issue.origin === 'string'
        ? `कम से कम ${String(issue.minimum)} अक्षर होने चाहिए`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `कम से कम ${String(issue.minimum)} चीज़ें होनी चाहिए`
          : `कम से कम ${String(issue.minimum)} होना चाहिए`;
    case 'too_big':
      return issue.origin === 'string'
        ? `ज़्यादा से ज़्यादा ${String(issue.maximum)} अक्षर हो सकते हैं`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `ज़्यादा से ज़्यादा ${String(issue.maximum)} चीज़ें हो सकती हैं`
          : `ज़्यादा से ज़्यादा ${String(issue.maximum)} हो सकता है`;
    case 'invalid_format':
      return 'यह सही प्रारूप में नहीं है';
    case 'not_multiple_of':
      return `${String(issue.divisor)} का गुणज होना चाहिए`;
    case 'unrecognized_keys':
      return `अनजान फ़ील्ड: ${issue.keys.join(', ')}`;
    default:
      return 'यह मान सही नहीं है';
  }
}

/**
 * A ZodError's headline and field errors (first message per field, as `fieldErrorsOf` in errors.ts)
 * in `language`.
 */
export function localizeZodError(error: ZodError, language: Language): { message: string; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'root';
    if (!(key in fieldErrors)) fieldErrors[key] = localizeZodIssue(issue, language);
  }
  const first = error.issues[0];
  return { message: first ? localizeZodIssue(first, language) : localize('Invalid input', language), fieldErrors };
}

/** An AppError with its message and field errors in `language` (REST answers; docs/i18n.md). */
export function localizeAppError(error: AppError, language: Language): AppError {
  if (language === 'en') return error;
  const zod = error.cause instanceof ZodError ? localizeZodError(error.cause, language) : null;
  return new AppError(error.code, zod?.message ?? localize(error.message, language), {
    details: zod ? zod.fieldErrors : localizeFields(error.details, language),
    retryAfter: error.retryAfter,
    cause: error.cause,
  });
}
