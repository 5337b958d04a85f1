import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';

/**
 * Loaded with the Hindi messages (catalog.ts), never on English screens: starts fetching the
 * Devanagari faces (styles/fonts.css) right away, while the first screen's words are still on their
 * way, so the text is first painted in them rather than swapped into them later (no second paint of
 * the largest text, no shift). The same files as the CSS names: Vite gives both one URL.
 */
// (No document when the build prerenders the Hindi shells, which preload the faces themselves.)
for (const href of typeof document === 'undefined' ? [] : [regular, bold]) {
  if (document.querySelector(`link[rel="preload"][href="${href}"]`)) continue;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'font';
  link.type = 'font/woff2';
  link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.append(link);
}
