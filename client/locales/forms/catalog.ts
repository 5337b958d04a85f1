import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './en.po';

/**
 * The shared layer's form messages (lib/validation.ts, lib/refunds.ts: SPLIT_CATALOGS in
 * lingui.config.ts), apart from the shell's so the home route does not load them: docs/i18n.md.
 */
registerCatalog('forms', { en, hi: () => import('./hi.po') });
