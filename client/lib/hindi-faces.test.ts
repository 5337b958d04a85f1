import { describe, expect, it } from 'vitest';
import { DEVANAGARI_FAMILY, HINDI_FACES, HINDI_FACES_SCRIPT, HINDI_FACES_TAG, loadHindiFaces } from './hindi-faces';

/**
 * A document whose FontFaceSet records what is asked of it; with `fail`, each load rejects and the fake
 * counts the rejections that got a handler (an unhandled one would reach the console as an error).
 */
function fakeDocument(fail = false) {
  const asked: [string, string][] = [];
  let handled = 0;
  const fonts = {
    load: (font: string, text: string) => {
      asked.push([font, text]);
      if (!fail) return Promise.resolve([]);
      const rejected = Promise.reject(new Error('offline'));
      return Object.assign(rejected, {
        catch: (onRejected: (e: unknown) => unknown) => {
          handled++;
          return Promise.prototype.catch.call(rejected, onRejected);
        },
      });
    },
  };
  return { asked, handled: () => handled, doc: { fonts } as unknown as Document };
}

describe('the Hindi faces, as a page asks for them', () => {
  it('the head’s line asks for the regular and bold faces with a Hindi letter', async () => {
    const { asked, doc } = fakeDocument();
    new Function('document', HINDI_FACES_SCRIPT)(doc);
    expect(asked).toEqual([
      [`400 1em "${DEVANAGARI_FAMILY}"`, 'क'],
      [`700 1em "${DEVANAGARI_FAMILY}"`, 'क'],
    ]);
    expect(asked.map(([font]) => font)).toEqual([...HINDI_FACES]);
    expect(HINDI_FACES_TAG).toBe(`<script>${HINDI_FACES_SCRIPT}</script>`);
    // Plain ASCII between the tags (the CSP hash is of these bytes) and nothing that could end the element.
    expect(HINDI_FACES_SCRIPT).toMatch(/^[\x20-\x7e]+$/);
    expect(HINDI_FACES_SCRIPT).not.toMatch(/<\//);
  });

  it('a failed load is handled (the text stays in the fallback font), never an unhandled rejection', () => {
    const { asked, handled, doc } = fakeDocument(true);
    new Function('document', HINDI_FACES_SCRIPT)(doc);
    loadHindiFaces(doc);
    expect(asked).toHaveLength(4);
    expect(handled()).toBe(4);
  });

  it('the language switch asks for the same faces, and does nothing without a FontFaceSet (jsdom, the build)', () => {
    const { asked, doc } = fakeDocument();
    loadHindiFaces(doc);
    expect(asked.map(([font]) => font)).toEqual([...HINDI_FACES]);
    expect(() => loadHindiFaces({} as Document)).not.toThrow();
    expect(() => loadHindiFaces(undefined)).not.toThrow();
  });
});
