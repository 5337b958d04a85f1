import { describe, expect, it } from 'vitest';
import { HINDI_FACES_TAG } from '../lib/hindi-faces';
import { assembleShell, cspViolations, localeFile, withHtmlLang } from './prerender-shells';

const template = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta name="description" content="English" />
    <title>Bachat</title>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-1.js"></script>
  </body>
</html>`;

describe('prerendered shells in each language', () => {
  it('puts a Hindi shell under hi/ and says so in <html lang>', () => {
    expect(localeFile('index.html', 'en')).toBe('index.html');
    expect(localeFile('shells/outlet.html', 'hi')).toBe('hi/shells/outlet.html');
    expect(withHtmlLang(template, 'hi')).toContain('<html lang="hi-IN">');
    expect(withHtmlLang(template, 'en')).toContain('<html lang="en-IN">');
  });

  it('assembles the markup, inline CSS, the page’s chunks, its Hindi messages and the Devanagari faces into the head', () => {
    const html = assembleShell(withHtmlLang(template, 'hi'), {
      markup: '<main><h1>बचत</h1></main>',
      title: 'Bachat · बचत',
      description: 'हिन्दी',
      css: ['body{margin:0}'],
      modulePreloads: ['assets/home-1.js', 'assets/hi-1.js'],
      inlinePageStylesheets: ['assets/home-1.css'],
      fontPreloads: ['assets/noto-sans-devanagari-hindi-400-1.woff2'],
      fontScript: HINDI_FACES_TAG,
      inlinedStylesheets: ['assets/index-1.css'],
      base: '/',
    });
    // Inert until the app renders over it: the shell's controls have no handlers yet.
    expect(html).toContain('<div id="root" inert><main><h1>बचत</h1></main></div>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/hi-1.js">');
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-devanagari-hindi-400-1.woff2">');
    expect(html).toContain('<style>body{margin:0}</style>');
    // The faces are asked for by the line after the stylesheet that declares them, before the body.
    expect(html.indexOf(HINDI_FACES_TAG)).toBeGreaterThan(html.indexOf('<style>'));
    expect(html.indexOf(HINDI_FACES_TAG)).toBeLessThan(html.indexOf('</head>'));
    // The page's CSS is inline; the disabled link is fetched by nobody and stops Vite's loader from
    // fetching and applying it again.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css" disabled>');
    expect(html).not.toContain('as="style"');
    expect(html).not.toContain('index-1.css');
    expect(html).toContain('<title>Bachat · बचत</title>');
    expect(html).toContain('content="हिन्दी"');
    expect(cspViolations(html.replace(/<script\b[^>]*\bsrc\s*=[^>]*><\/script>/gi, ''))).toEqual([]);
  });

  it('lets a shell carry the Hindi faces’ line, and no other inline script', () => {
    expect(cspViolations(`<head>${HINDI_FACES_TAG}</head>`)).toEqual([]);
    expect(cspViolations('<head><script>alert(1)</script></head>')).toEqual(['inline script: <script>']);
    // Not even the same code written differently: the server allows that exact text by its hash.
    expect(cspViolations(`<head>${HINDI_FACES_TAG.replace('<script>', '<script >')}</head>`)).toHaveLength(1);
    expect(cspViolations(`<head>${HINDI_FACES_TAG.replace('catch', 'then')}</head>`)).toHaveLength(1);
    expect(cspViolations('<script type="application/json" id="first-screen">{}</script>')).toEqual([]);
  });
});
