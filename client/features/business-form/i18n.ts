import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './locales/en.po';

/** The business-form feature's messages: English with its code, Hindi fetched when wanted (docs/i18n.md). */
registerCatalog('business-form', { en, hi: () => import('./locales/hi.po') });
