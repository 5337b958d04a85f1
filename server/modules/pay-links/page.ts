import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { contentSecurityPolicy, inlineStyleHashes, withStyleSources } from '../../http/security-headers.ts';
import { pageLanguage } from '../../http/static.ts';
import { PAY_LINK_PREFIX, normalizePayCode, payLinkOf, payPageOf, tableFromQuery } from './schema.ts';
import { outletIdForPayCode } from './service.ts';

/**
 * `GET /p/{code}[?t={table}]`, the link in every outlet's QR (docs/payments.md "Pay links and QR
 * codes"): a 302 to the outlet's pay page `/enter-amount/{outletId}` carrying the table, for signed-in
 * and signed-out shoppers alike (sign-in comes at Pay). A bad `t` is dropped, not refused: the shopper
 * can still pay. An unknown code gets a small page in the app's look and the reader's language (never
 * the API's JSON 404) with a box to type the code again: `GET /p?code=…` goes the same way.
 */

const TEXTS = {
  en: {
    title: 'Outlet code not found · Bachat',
    heading: "We couldn't find this outlet",
    body: (code: string) => `No outlet on Bachat has the code ${code}. Check the code printed under the QR and type it again.`,
    empty: 'Type the 7-character code printed under the outlet’s QR.',
    label: 'Outlet code',
    submit: 'Open the pay page',
    home: 'Go to Bachat',
  },
  hi: {
    title: 'आउटलेट कोड नहीं मिला · Bachat',
    heading: 'हमें यह आउटलेट नहीं मिला',
    body: (code: string) => `Bachat पर किसी आउटलेट का कोड ${code} नहीं है। QR के नीचे छपा कोड देखकर फिर से डालें।`,
    empty: 'आउटलेट के QR के नीचे छपा 7 अक्षरों का कोड डालें।',
    label: 'आउटलेट कोड',
    submit: 'पेमेंट पेज खोलें',
    home: 'Bachat पर जाएँ',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root{color-scheme:light;font-family:"Bachat Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif;color:#1f2328;background:#f6f7f9}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center}
button,input{font-family:inherit}
header{width:100%;background:#c0392b;color:#fff;padding:14px 20px;box-sizing:border-box;font-weight:700;font-size:20px}
header a{color:#fff;text-decoration:none}
main{box-sizing:border-box;width:100%;max-width:440px;margin:24px 16px;padding:24px 20px;background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:22px;line-height:1.3;margin:0 0 12px}
p{line-height:1.5;margin:0 0 20px;color:#454c53}
label{display:block;font-weight:600;margin-bottom:6px}
input{box-sizing:border-box;width:100%;font-size:22px;letter-spacing:.2em;text-transform:uppercase;padding:10px 12px;border:1.5px solid #b9c0c7;border-radius:10px}
input:focus{outline:3px solid rgba(192,57,43,.35);border-color:#c0392b}
button{margin-top:14px;width:100%;min-height:48px;border:0;border-radius:10px;background:#c0392b;color:#fff;font-size:17px;font-weight:600;cursor:pointer}
.home{display:inline-block;margin-top:18px;color:#a5281b;font-weight:600}
`;

/**
 * The app's own Hindi faces (cut at build time, docs/i18n.md "Fonts"), found in the built Hindi shell:
 * a phone without a Devanagari font still reads the page. Nothing when the client is not built.
 */
function devanagariFaces(distDir: string): string {
  let shell = '';
  try {
    shell = fs.readFileSync(path.join(distDir, 'client', 'hi', 'shell.html'), 'utf8');
  } catch {
    return '';
  }
  // The regular face only: the browser draws the page's few bold words from it.
  const href = /href="(\/assets\/noto-sans-devanagari-hindi-400-[\w-]+\.woff2)"/.exec(shell)?.[1];
  return href ? `@font-face{font-family:"Bachat Devanagari";font-display:swap;src:url(${href}) format("woff2");unicode-range:U+0900-097F,U+200C-200D}` : '';
}

function notFoundPage(language: 'en' | 'hi', typed: string, faces: string): string {
  const t = TEXTS[language];
  const shown = typed ? escapeHtml(typed.slice(0, 20).toUpperCase()) : '';
  return `<!doctype html>
<html lang="${language === 'hi' ? 'hi-IN' : 'en-IN'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}</title>
<style>${language === 'hi' ? faces : ''}${STYLE}</style>
</head>
<body>
<header><a href="/">Bachat</a></header>
<main>
<h1>${t.heading}</h1>
<p>${shown ? t.body(`<strong>${shown}</strong>`) : t.empty}</p>
<form action="${PAY_LINK_PREFIX}" method="get">
<label for="code">${t.label}</label>
<input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="12" required value="${shown}">
<button type="submit">${t.submit}</button>
</form>
<a class="home" href="/">${t.home}</a>
</main>
</body>
</html>`;
}

/** The pay link routes, before the front ends' pages (server/app.ts). */
export function payLinkPages(csp: Parameters<typeof contentSecurityPolicy>[1], distDir: string): Middleware {
  const policy = contentSecurityPolicy('client', csp);
  const faces = devanagariFaces(distDir);
  const pathRe = new RegExp(`^${PAY_LINK_PREFIX}(?:/([^/]*))?/?$`);
  return async (ctx: Context, next) => {
    const match = pathRe.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const typed = match[1] !== undefined ? safeDecode(match[1]) : String(ctx.query.code ?? '');
    const table = tableFromQuery(typeof ctx.query.t === 'string' ? ctx.query.t : null);
    const code = normalizePayCode(typed);
    // `/p?code=k7m 2qxa` (the page's own form): the canonical link, so the address bar shows it.
    if (code && match[1] === undefined) {
      ctx.redirect(payLinkOf(code, table));
      return;
    }
    const outletId = code ? await outletIdForPayCode(code) : null;
    ctx.set('Cache-Control', 'no-store');
    if (outletId !== null) {
      ctx.status = 302;
      ctx.redirect(payPageOf(outletId, table));
      return;
    }
    const language = pageLanguage(ctx.cookies.get('lang'), ctx.get('Accept-Language')) === 'hi' ? 'hi' : 'en';
    const html = notFoundPage(language, typed, faces);
    ctx.status = 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', withStyleSources(policy, inlineStyleHashes(html)));
    ctx.set('Content-Language', language === 'hi' ? 'hi-IN' : 'en-IN');
    ctx.body = html;
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
