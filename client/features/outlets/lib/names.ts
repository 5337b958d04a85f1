import { currentLocale } from '@client/lib/i18n';

/**
 * A category's or city's name in the reader's language: its Hindi name (`nameHi`, set in the back
 * office) on the Hindi screens, else its name (docs/i18n.md).
 */
export function localName(item: { name: string; nameHi?: string | null }): string {
  return currentLocale() === 'hi' && item.nameHi ? item.nameHi : item.name;
}
