import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './locales/en.po';

/** The scanner's messages: English with its code, Hindi fetched when wanted (docs/i18n.md). */
registerCatalog('scan', { en, hi: () => import('./locales/hi.po') });
