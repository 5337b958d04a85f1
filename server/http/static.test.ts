import { describe, expect, it } from 'vitest';
import { localizedShell, pageLanguage, parseShellManifest, shellFor } from './static.ts';

describe('shells.json', () => {
  const manifest = parseShellManifest(
    JSON.stringify({
      routes: [
        { pattern: '^\\/?$', flags: 'i', file: 'index.html' },
        { pattern: '^\\/payment-breakdown\\/([^/]+?)\\/?$', flags: 'i', file: 'shell.html' },
        { pattern: '^\\/(?<first>[a-z0-9-]+)\\/(?<name>[a-z0-9-]+)\\/?$', file: 'shells/outlet.html' },
        { pattern: '^\\/x$', file: '../../etc/passwd.html' },
        { pattern: '^\\/y$', flags: 'g', file: 'shells/y.html' },
        { pattern: '(', file: 'shells/broken.html' },
        { pattern: 7, file: 'shells/z.html' },
      ],
      fallback: 'shell.html',
      locales: {
        hi: { 'index.html': 'hi/index.html', 'shell.html': 'hi/shell.html', 'shells/outlet.html': '../hi/outlet.html' },
        fr: { 'index.html': 'fr/index.html' },
      },
    }),
  );

  it('answers a route with the first shell whose pattern matches, in the client’s order', () => {
    expect(shellFor(manifest, '/')).toBe('index.html');
    // A fixed route listed before the outlet pattern wins, as it does in the client's <Switch>.
    expect(shellFor(manifest, '/payment-breakdown/12')).toBe('shell.html');
    expect(shellFor(manifest, '/bengaluru/adrak-chai-adda')).toBe('shells/outlet.html');
    expect(shellFor(manifest, '/no/such/route/here')).toBe('shell.html');
  });

  it('leaves out entries that name a file outside the build, carry other flags or do not compile', () => {
    expect(manifest.routes.map((r) => r.file)).toEqual(['index.html', 'shell.html', 'shells/outlet.html']);
    expect(shellFor(manifest, '/x')).toBe('shell.html');
    expect(shellFor(manifest, '/y')).toBe('shell.html');
  });

  it('falls back to index.html everywhere without a manifest, or with one that does not parse', () => {
    for (const text of [null, '', '{', '[]', '{"routes":{},"fallback":"../index.html"}']) {
      const m = parseShellManifest(text);
      expect(shellFor(m, '/anything'), String(text)).toBe('index.html');
    }
  });

  it('answers a Hindi reader with the shell prerendered in Hindi, where the build made one', () => {
    expect(localizedShell(manifest, 'index.html', 'hi')).toBe('hi/index.html');
    expect(localizedShell(manifest, 'shell.html', 'hi')).toBe('hi/shell.html');
    expect(localizedShell(manifest, 'index.html', 'en')).toBe('index.html');
    // Entries naming a file outside the build, and languages the app does not speak, are left out.
    expect(localizedShell(manifest, 'shells/outlet.html', 'hi')).toBe('shells/outlet.html');
    expect(manifest.locales).toEqual({ hi: { 'index.html': 'hi/index.html', 'shell.html': 'hi/shell.html' } });
    expect(parseShellManifest('{"routes":[],"fallback":"shell.html"}').locales).toEqual({});
  });
});

describe('pageLanguage', () => {
  it('follows the lang cookie, else the browser’s first language the app speaks, else English (as the client starts)', () => {
    expect(pageLanguage('hi', 'en-IN,en')).toBe('hi');
    expect(pageLanguage('en', 'hi-IN,hi')).toBe('en');
    expect(pageLanguage(undefined, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(pageLanguage(undefined, 'fr-FR,hi;q=0.5')).toBe('hi');
    expect(pageLanguage('xx', 'en-GB')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });
});
