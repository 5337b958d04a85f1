import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_DELAY_MS, registerServiceWorkerWhenIdle } from './service-worker';

function fakeWindow(readyState: DocumentReadyState, withIdle: boolean) {
  const register = vi.fn(() => Promise.resolve({}));
  const listeners: Record<string, () => void> = {};
  const win = {
    navigator: { serviceWorker: { register } },
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    requestIdleCallback: withIdle ? (fn: () => void) => setTimeout(fn, 50) : undefined,
  } as unknown as Window;
  return { win, register, listeners };
}

describe('registerServiceWorkerWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the load event, then a pause and an idle moment, before registering /sw.js', () => {
    vi.useFakeTimers();
    const { win, register, listeners } = fakeWindow('loading', true);
    registerServiceWorkerWhenIdle(win);
    vi.advanceTimersByTime(10_000);
    expect(register).not.toHaveBeenCalled();
    listeners.load!();
    vi.advanceTimersByTime(999);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers after a delay where there is no idle callback, and at once-loaded pages too', () => {
    vi.useFakeTimers();
    const { win, register } = fakeWindow('complete', false);
    registerServiceWorkerWhenIdle(win);
    vi.advanceTimersByTime(1_000 + SERVICE_WORKER_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing where service workers are not supported', () => {
    const win = { navigator: {}, document: { readyState: 'complete' }, addEventListener: vi.fn() } as unknown as Window;
    expect(() => registerServiceWorkerWhenIdle(win)).not.toThrow();
    expect(win.addEventListener).not.toHaveBeenCalled();
  });
});
