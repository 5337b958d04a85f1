import { loadHindiFaces } from '@client/lib/hindi-faces';

/**
 * Loaded with the Hindi messages (catalog.ts), never on English screens: starts loading the Hindi
 * Devanagari faces right away, while the screen's words are still on their way, so a reader who
 * switches to Hindi sees the text drawn in them rather than swapped into them later. A Hindi page has
 * asked for them from its head already (lib/hindi-faces.ts), so there this finds them loaded.
 */
loadHindiFaces();
