import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageViewBatcher, sanitizePath, visitorId } from './analytics';

const view = (path: string) => ({ path, referrerPath: null, visitorId: 'abcdefgh12', occurredAt: '2026-11-21T10:00:00.000Z' });

afterEach(() => {
  vi.useRealTimers();
});

describe('page view analytics', () => {
  it('keeps no query string, fragment or long numbers in paths', () => {
    expect(sanitizePath('/signup?referal=MEABC123')).toBe('/signup');
    expect(sanitizePath('/cafes/kaapi/instore-offers/12#x')).toBe('/cafes/kaapi/instore-offers/12');
    expect(sanitizePath('/track/9876543210')).toBe('/track/:n');
  });

  it('makes one random visitor id per browser', () => {
    const first = visitorId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorId()).toBe(first);
  });

  it('sends views in one batch after the flush delay', async () => {
    vi.useFakeTimers();
    const send = vi.fn().mockResolvedValue(undefined);
    const batcher = new PageViewBatcher(send, { flushMs: 1000, batchSize: 10 });
    batcher.add(view('/'));
    batcher.add(view('/faqs'));
    batcher.add(view('/terms'));
    expect(send).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].map((e: { path: string }) => e.path)).toEqual(['/', '/faqs', '/terms']);
    expect(batcher.pending).toBe(0);
  });

  it('sends at once when the batch is full', () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const batcher = new PageViewBatcher(send, { flushMs: 60_000, batchSize: 2 });
    batcher.add(view('/a'));
    batcher.add(view('/b'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('hands what is left to the beacon when the page is hidden, and swallows failures', async () => {
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const beacon = vi.fn().mockReturnValue(true);
    const batcher = new PageViewBatcher(send, { flushMs: 60_000, beacon });
    batcher.add(view('/a'));
    batcher.flushOnHide();
    expect(beacon).toHaveBeenCalledWith([view('/a')]);
    expect(send).not.toHaveBeenCalled();

    batcher.add(view('/b'));
    batcher.flush();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
