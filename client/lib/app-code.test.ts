import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CODE_ID, LINKS_PER_TASK, LOAD_WAIT_MS, deferredAppCode, startApp } from './app-code';

/** A window over jsdom's document whose load state the test sets, with timers Vitest controls. */
function fakeWindow(initialState: DocumentReadyState) {
  let state = initialState;
  const listeners = new Map<string, () => void>();
  const doc = new Proxy(document, {
    get(target, prop) {
      if (prop === 'readyState') return state;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const win = {
    document: doc,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    setTimeout: (fn: () => void, ms?: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    requestAnimationFrame: (fn: () => void) => setTimeout(fn, 16),
  } as unknown as Window;
  const fireLoad = () => {
    state = 'complete';
    listeners.get('load')?.();
  };
  return { win, fireLoad };
}

const files = Array.from({ length: 14 }, (_, i) => `/assets/chunk-${i}.js`);

function listInPage(list: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = APP_CODE_ID;
  block.textContent = JSON.stringify(list);
  document.head.appendChild(block);
}

const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

describe('startApp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('starts at once on a prerendered shell (no list of code in the page)', async () => {
    const { win } = fakeWindow('loading');
    const load = vi.fn(async () => 'app');
    await startApp([load], win);
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual([]);
  });

  it('on a server-rendered page: waits for the load event and a frame, links the code a few files per task, then starts', async () => {
    listInPage(files);
    // A file the page already links is not linked again.
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = files[0]!;
    document.head.appendChild(existing);
    const { win, fireLoad } = fakeWindow('loading');
    const load = vi.fn(async () => 'app');
    const started = startApp([load], win);

    await vi.advanceTimersByTimeAsync(LOAD_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    expect(preloads()).toEqual([files[0]]);

    fireLoad();
    await vi.advanceTimersByTimeAsync(16); // the frame
    await vi.advanceTimersByTimeAsync(1); // and the task after it
    // The first task links only a batch; the rest follow in later tasks.
    expect(preloads()).toHaveLength(1 + LINKS_PER_TASK);
    expect(load).not.toHaveBeenCalled();

    await vi.runAllTimersAsync();
    await started;
    expect(preloads()).toEqual(files);
    const link = document.head.querySelector(`link[href="${files[5]}"]`) as HTMLLinkElement;
    expect(link.crossOrigin).toBe('');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when the page has not loaded after the longest wait (a picture that never arrives)', async () => {
    listInPage(files.slice(0, 2));
    const { win } = fakeWindow('interactive');
    const load = vi.fn(async () => 'app');
    const started = startApp([load], win);
    await vi.advanceTimersByTimeAsync(LOAD_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await started;
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual(files.slice(0, 2));
  });

  it('imports the app a stage per task, in order, each once the one before has finished', async () => {
    const { win } = fakeWindow('complete');
    const order: string[] = [];
    const stage = (name: string) => async () => {
      order.push(`start ${name}`);
      await Promise.resolve();
      order.push(`end ${name}`);
    };
    const started = startApp([stage('react'), stage('app'), stage('boot')], win);
    await vi.advanceTimersByTimeAsync(0);
    // The first stage runs at once; each later one waits for a task of its own.
    expect(order.slice(0, 2)).toEqual(['start react', 'end react']);
    await vi.runAllTimersAsync();
    await started;
    expect(order).toEqual(['start react', 'end react', 'start app', 'end app', 'start boot', 'end boot']);
  });
});

describe('deferredAppCode', () => {
  afterEach(() => void (document.head.innerHTML = ''));

  it('reads the file names, keeps only strings, and treats a broken list as empty', () => {
    expect(deferredAppCode()).toBeNull();
    listInPage(['/assets/a.js', 3, '/assets/b.js']);
    expect(deferredAppCode()).toEqual(['/assets/a.js', '/assets/b.js']);
    document.head.innerHTML = '';
    listInPage({ not: 'a list' });
    expect(deferredAppCode()).toEqual([]);
    document.getElementById(APP_CODE_ID)!.textContent = '[not json';
    expect(deferredAppCode()).toEqual([]);
  });
});
