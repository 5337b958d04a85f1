import { registerCatalog } from '@client/lib/i18n';
import { messages as en } from './en.po';

/** The shared layer's messages (app shell, layouts, ui, lib): docs/i18n.md. */
// With the Hindi messages, the Devanagari faces start loading too (hindi-font.ts).
registerCatalog('shared', { en, hi: () => Promise.all([import('./hi.po'), import('./hindi-font')]).then(([hi]) => hi) });
