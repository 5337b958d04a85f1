import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './en.po';

/**
 * The outlet page's messages (its tabs, overlays and sharing: SPLIT_CATALOGS in lingui.config.ts),
 * apart from the outlets feature's, so the home route does not load them: docs/i18n.md.
 */
registerCatalog('outlet-page', { en, hi: () => import('./hi.po') });
