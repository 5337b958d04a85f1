/** subset-font (HarfBuzz's subsetter in WebAssembly) ships no types: the part client/vite-plugins/devanagari-faces.ts uses. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      keepAllGlyphs?: boolean;
      noLayoutClosure?: boolean;
    },
  ): Promise<Buffer>;
}
