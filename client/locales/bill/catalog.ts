import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './en.po';

/**
 * The bill table's lines (components/ui/bill-table.tsx: SPLIT_CATALOGS in lingui.config.ts), shared by
 * the payments and history screens and apart from the shell's so the home route does not load them:
 * docs/i18n.md.
 */
registerCatalog('bill', { en, hi: () => import('./hi.po') });
