/**
 * When the app's code loads on a page whose first screen the server rendered (issue 18).
 *
 * Such a page paints its content (the outlet cards, the outlet, the sign-in prompt) from the HTML
 * alone, so its code should not compete with that paint for a slow phone's bandwidth and main thread.
 * The server lists the code's files in a JSON data block instead of `modulepreload` links
 * (`withDeferredCode`, below); once the page has loaded and painted, `startApp`
 * adds those links a few at a time, each batch in a task of its own so no one task is long, and then
 * imports the app. A prerendered shell (no server render: its content needs the code) keeps the links
 * in its head and starts at once.
 */

/** The id of the data block listing the code's files (written by `withDeferredCode`, read by `deferredAppCode`). */
export const APP_CODE_ID = 'app-code';

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A page whose HTML holds its whole first screen, with its `modulepreload` links turned into the list
 * in a JSON data block that `startApp` reads: its code loads once that content has painted, not
 * alongside it. The server calls it for the pages it renders (server/http/page-render.ts), the build
 * for the shells whose markup is the page itself (the business login,
 * client/vite-plugins/prerender-shells.ts).
 */
export function withDeferredCode(html: string): string {
  const headEnd = html.indexOf('</head>');
  // A page that lists its code already (a shell the build deferred) keeps its list.
  if (headEnd < 0 || html.includes(`id="${APP_CODE_ID}"`)) return html;
  const code: string[] = [];
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (_, href: string) => (code.push(href), ''));
  const list = `<script type="application/json" id="${APP_CODE_ID}">${JSON.stringify(code).replace(/</g, '\\u003c')}</script>`;
  return `${head}\n    ${list}\n  ${html.slice(headEnd)}`;
}

/** Links added per task: adding one starts a request, a fraction of a millisecond each. */
export const LINKS_PER_TASK = 6;

/** The longest the app waits for the page's pictures before it starts anyway. */
export const LOAD_WAIT_MS = 2_500;

/** The file names of the app's code listed in the page, or null when the page has no such list. */
export function deferredAppCode(doc: Document = document): string[] | null {
  const block = doc.getElementById(APP_CODE_ID);
  if (!block) return null;
  try {
    const files = JSON.parse(block.textContent ?? '') as unknown;
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** Lets the browser run what is waiting (a paint, a tap) before the next piece of work. */
export function yieldToBrowser(win: Window = window): Promise<void> {
  const scheduler = (win as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}

/** Resolves once the page has loaded (its first screen's pictures), or after `LOAD_WAIT_MS` at most. */
function pageLoaded(win: Window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = win.setTimeout(resolve, LOAD_WAIT_MS);
    win.addEventListener('load', () => (win.clearTimeout(timer), resolve()), { once: true });
  });
}

/** Resolves after the browser's next frame has been painted (or 100 ms in a tab that draws no frames). */
export function framePainted(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const fallback = win.setTimeout(resolve, 100);
    win.requestAnimationFrame(() => win.setTimeout(() => (win.clearTimeout(fallback), resolve()), 0));
  });
}

/** Adds a `modulepreload` link for each file not linked yet, `LINKS_PER_TASK` per task. */
export async function preloadModules(files: readonly string[], win: Window = window): Promise<void> {
  const doc = win.document;
  const linked = new Set([...doc.querySelectorAll('link')].map((l) => l.getAttribute('href')));
  const todo = files.filter((f) => !linked.has(f));
  for (let i = 0; i < todo.length; i += LINKS_PER_TASK) {
    if (i > 0) await yieldToBrowser(win);
    for (const href of todo.slice(i, i + LINKS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
    }
  }
}

/**
 * Starts the app (main.tsx): at once on a prerendered shell, after the page's load, a painted frame and
 * the listed code's links on a server-rendered page. `stages` import the app's code a part at a time, in
 * the order its modules depend on each other, each in a task of its own: evaluating all of it at once
 * was one long task (about 45 ms, 180 ms on Lighthouse's 4× slower phone), which blocks a tap.
 */
export async function startApp(stages: readonly (() => Promise<unknown>)[], win: Window = window): Promise<void> {
  const files = deferredAppCode(win.document);
  if (files) {
    await pageLoaded(win);
    await framePainted(win);
    await preloadModules(files, win);
    await yieldToBrowser(win);
  }
  for (const [i, stage] of stages.entries()) {
    if (i > 0) await yieldToBrowser(win);
    await stage();
  }
}
