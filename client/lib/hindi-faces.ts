/**
 * The Devanagari faces of the Hindi screens, as the page asks for them (docs/i18n.md "Fonts"; the
 * faces and their stylesheet are written by client/vite-plugins/devanagari-faces.ts).
 *
 * A web font is drawn only once its face has loaded, and a face loads when the first layout that needs
 * it asks: the browser lays the first frame out in a fallback font (boxes, on a device with no
 * Devanagari of its own), and moves everything when the face arrives a frame later, however early the
 * file itself was preloaded (issue 28: a layout shift of 0.08–0.17 on the Hindi first screens). A face
 * asked for by a script before the page's body is parsed holds the first render until it has loaded
 * (Chrome's render-blocking fonts: at most 100 ms past the point the page could have painted), so the
 * first frame is laid out in it. `HINDI_FACES_SCRIPT` is that script: one line in the head of every Hindi
 * page (client/vite-plugins/prerender-shells.ts), allowed by its hash in the page's CSP
 * (server/http/static.ts), the only inline script the pages carry.
 */

/** The family of the Hindi faces (the stylesheet names it, `:root:lang(hi)` uses it: tokens.css). */
export const DEVANAGARI_FAMILY = 'Noto Sans Devanagari';

/**
 * The faces a Hindi screen draws, as FontFaceSet.load() descriptors: regular and bold (the bold file
 * also draws semibold). With a Hindi letter as the text, the stylesheet's `unicode-range` picks the Hindi
 * faces, never the package's faces for other languages' letters.
 */
export const HINDI_FACES = [`400 1em "${DEVANAGARI_FAMILY}"`, `700 1em "${DEVANAGARI_FAMILY}"`] as const;

/** क: a letter only the Hindi faces draw. */
const HINDI_LETTER = '\\u0915';

/** The script (its text, which the CSP hash covers): asks for each face; a failure leaves the fallback font. */
export const HINDI_FACES_SCRIPT = `for(const f of${JSON.stringify(HINDI_FACES)})document.fonts.load(f,'${HINDI_LETTER}').catch(()=>{})`;

/** The element a Hindi page's head carries, after its stylesheet (the faces must be declared first). */
export const HINDI_FACES_TAG = `<script>${HINDI_FACES_SCRIPT}</script>`;

/** Starts loading the Hindi faces in this document (the language switch: client/locales/hindi-font.ts). */
export function loadHindiFaces(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  const fonts = (doc as (Document & { fonts?: FontFaceSet }) | undefined)?.fonts;
  if (!fonts) return;
  for (const face of HINDI_FACES) fonts.load(face, '\u0915').catch(() => undefined);
}
