import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './en.po';

/** The shared layer's messages (app shell, layouts, ui, lib): docs/i18n.md. */
registerCatalog('shared', { en, hi: () => import('./hi.po') });
