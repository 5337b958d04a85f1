import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '@server/trpc/app-router';
import { fixtureLink } from '@client/testing/render';
import { createTrpcClient, lazyLink } from './trpc';

/** A link in the middle of a chain: notes each call's path and passes it on. */
function recordingLink(seen: string[]): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        seen.push(op.path);
        return next(op).subscribe(observer);
      });
}

describe('lazyLink', () => {
  it('loads its links on the first call, once, and runs every call through them in order', async () => {
    const seen: string[] = [];
    const load = vi.fn(async () => [recordingLink(seen), fixtureLink({ 'cities.list': () => [{ id: 1 }], 'categories.list': () => [] })]);
    const client = createTrpcClient([lazyLink(load)]);
    expect(load).not.toHaveBeenCalled();
    const [cities, categories] = await Promise.all([client.cities.list.query(), client.categories.list.query()]);
    expect(cities).toEqual([{ id: 1 }]);
    expect(categories).toEqual([]);
    await client.cities.list.query();
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['cities.list', 'categories.list', 'cities.list']);
  });

  it('fails the calls made while its code does not load, and tries again on the next call', async () => {
    const load = vi
      .fn<() => Promise<TRPCLink<AppRouter>[]>>()
      .mockRejectedValueOnce(Object.assign(new Error('Failed to fetch dynamically imported module'), { name: 'TypeError' }))
      .mockResolvedValue([fixtureLink({ 'cities.list': () => [] })]);
    const client = createTrpcClient([lazyLink(load)]);
    await expect(client.cities.list.query()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(client.cities.list.query()).resolves.toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('transport links (issue 28)', () => {
  it('log a failed query in development only: the production console stays quiet', async () => {
    const { transportLinksFor } = await import('./trpc-transport');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const logged = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'log').mockImplementation(() => {})];
    try {
      await expect(createTrpcClient(transportLinksFor(false)).cities.list.query()).rejects.toThrow('Failed to fetch');
      expect(logged.every((spy) => spy.mock.calls.length === 0)).toBe(true);
      await expect(createTrpcClient(transportLinksFor(true)).cities.list.query()).rejects.toThrow('Failed to fetch');
      expect(logged.some((spy) => spy.mock.calls.length > 0)).toBe(true);
    } finally {
      logged.forEach((spy) => spy.mockRestore());
      vi.unstubAllGlobals();
    }
  });
});
