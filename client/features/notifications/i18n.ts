import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './locales/en.po';

/** The notifications feature's messages (bell, inbox, unsubscribe page): docs/i18n.md. */
registerCatalog('notifications', { en, hi: () => import('./locales/hi.po') });
