import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { locationAtom, selectedCityAtom } from '@client/features/outlets/atoms';
import { outletListQuery } from '@client/features/outlets/hooks/use-outlet-list';
import { createTrpcClient } from '@client/lib/trpc';
import { fixtureLink } from '@client/testing/render';
import superjson from 'superjson';
import { prefetchFirstScreen, rendersOnServer, withDates } from './prefetch';

const page = { items: [], totalCount: 0, offSet: 1, limit: 16, hasMore: false };

function setup() {
  const calls: { path: string; input: unknown }[] = [];
  const answer = (path: string, value: unknown) => (input: unknown) => {
    calls.push({ path, input });
    return value;
  };
  const trpcClient = createTrpcClient([
    fixtureLink({
      'cities.list': answer('cities.list', []),
      'categories.list': answer('categories.list', []),
      'outlets.nearby': answer('outlets.nearby', page),
      'outlets.bySlug': answer('outlets.bySlug', { id: 7 }),
      'outlets.byId': answer('outlets.byId', { id: 7 }),
    }),
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  return { calls, trpcClient, queryClient, store: createStore() };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('prefetchFirstScreen', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks for the home page’s cities, categories and first page of outlets, under the keys the page reads', async () => {
    const deps = setup();
    prefetchFirstScreen('/', deps);
    await settle();
    expect(deps.calls.map((c) => c.path).sort()).toEqual(['categories.list', 'cities.list', 'outlets.nearby']);
    expect(deps.calls.find((c) => c.path === 'outlets.nearby')!.input).toEqual({ noLocation: true, openNow: false, veg: false, offSet: 1, limit: 16 });
    // The home page's hook finds it: the same key as `useOutletList` builds.
    const key = outletListQuery(deps.trpcClient, { category: undefined, noLocation: true, city: undefined, openNow: false, veg: false }).queryKey;
    expect(deps.queryClient.getQueryData(key)).toEqual({ pages: [page], pageParams: [1] });
  });

  it('leaves the list to the page when its input is still to be worked out (a chosen city, a device position)', async () => {
    for (const set of [
      (s: ReturnType<typeof createStore>) => s.set(selectedCityAtom, 'mumbai'),
      (s: ReturnType<typeof createStore>) =>
        s.set(locationAtom, { latitude: 12.9, longitude: 77.6, landmark: null, state: null, locality: null, division: null, isSelectedLocation: false, fetchedLocation: true }),
    ]) {
      sessionStorage.clear();
      const deps = setup();
      set(deps.store);
      prefetchFirstScreen('/', deps);
      await settle();
      expect(deps.calls.map((c) => c.path).sort()).toEqual(['categories.list', 'cities.list']);
    }
  });

  it('uses a place chosen by hand for the home list', async () => {
    const deps = setup();
    deps.store.set(locationAtom, { latitude: 19.07, longitude: 72.87, landmark: null, state: null, locality: 'Bandra', division: 'Mumbai', isSelectedLocation: true, fetchedLocation: false });
    prefetchFirstScreen('/login', deps);
    await settle();
    expect(deps.calls.find((c) => c.path === 'outlets.nearby')!.input).toEqual({ latitude: 19.07, longitude: 72.87, noLocation: false, openNow: false, veg: false, offSet: 1, limit: 16 });
  });

  it('asks for an outlet page’s details by its path, or by the id an in-store link carries', async () => {
    const deps = setup();
    prefetchFirstScreen('/bengaluru/adrak-chai-adda', deps);
    prefetchFirstScreen('/cafes/adrak-chai-adda/instore-offers/45', deps);
    await settle();
    expect(deps.calls).toEqual([
      { path: 'outlets.bySlug', input: { first: 'bengaluru', slug: 'adrak-chai-adda' } },
      { path: 'outlets.byId', input: { outletId: 45 } },
    ]);
  });

  it('takes the answers the server put in the page instead of asking again, for exactly the same calls', async () => {
    const sentPage = { ...page, totalCount: 3 };
    const doc = document.implementation.createHTMLDocument('');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'first-screen';
    block.textContent = JSON.stringify({
      calls: [
        { path: 'cities.list', input: undefined, result: superjson.serialize([{ id: 1, slug: 'bengaluru' }]) },
        { path: 'categories.list', input: undefined, result: superjson.serialize([]) },
        { path: 'outlets.nearby', input: { noLocation: true, openNow: false, veg: false, offSet: 1, limit: 16 }, result: superjson.serialize(sentPage) },
        { path: 'outlets.bySlug', input: { first: 'bengaluru', slug: 'adrak-chai-adda' }, result: superjson.serialize({ id: 9 }) },
      ],
    });
    doc.body.append(block);

    const home = setup();
    prefetchFirstScreen('/', { ...home, document: doc });
    await settle();
    expect(home.calls).toEqual([]);
    const key = outletListQuery(home.trpcClient, { category: undefined, noLocation: true, city: undefined, openNow: false, veg: false }).queryKey;
    expect(home.queryClient.getQueryData(key)).toEqual({ pages: [sentPage], pageParams: [1] });

    const outlet = setup();
    prefetchFirstScreen('/bengaluru/adrak-chai-adda', { ...outlet, document: doc });
    await settle();
    expect(outlet.calls).toEqual([]);

    // A shopper with a place chosen asks for something else: the server's answer is not used.
    const placed = setup();
    placed.store.set(locationAtom, { latitude: 19.07, longitude: 72.87, landmark: null, state: null, locality: null, division: null, isSelectedLocation: true, fetchedLocation: false });
    prefetchFirstScreen('/bengaluru/adrak-chai-adda', { ...placed, document: doc });
    await settle();
    expect(placed.calls.map((c) => c.path)).toEqual(['outlets.bySlug']);
  });

  it('uses an answer with Dates (superjson `meta`), and asks again for one with anything else rather than load superjson first', async () => {
    const docWith = (result: unknown) => {
      const doc = document.implementation.createHTMLDocument('');
      const block = doc.createElement('script');
      block.type = 'application/json';
      block.id = 'first-screen';
      block.textContent = JSON.stringify({ calls: [{ path: 'outlets.bySlug', input: { first: 'bengaluru', slug: 'adrak-chai-adda' }, result }] });
      doc.body.append(block);
      return doc;
    };
    const input = { first: 'bengaluru', slug: 'adrak-chai-adda', latitude: undefined, longitude: undefined };
    const dated = setup();
    prefetchFirstScreen('/bengaluru/adrak-chai-adda', { ...dated, document: docWith(superjson.serialize({ id: 9, updatedAt: new Date('2026-11-23T10:00:00Z') })) });
    await settle();
    expect(dated.calls).toEqual([]);
    const utils = createTRPCQueryUtils({ queryClient: dated.queryClient, client: dated.trpcClient });
    expect(utils.outlets.bySlug.getData(input)).toEqual({ id: 9, updatedAt: new Date('2026-11-23T10:00:00Z') });

    const mapped = setup();
    prefetchFirstScreen('/bengaluru/adrak-chai-adda', { ...mapped, document: docWith(superjson.serialize({ id: 9, tags: new Map([[1, 2]]) })) });
    await settle();
    expect(mapped.calls.map((c) => c.path)).toEqual(['outlets.bySlug']);
  });
});

describe('rendersOnServer', () => {
  it('renders the home page, outlet pages and their tabs and overlays, not the sign-in panel over them', () => {
    for (const path of ['/', '/bengaluru/kaapi-katte', '/cafes/kaapi-katte/instore-offers/12', '/cafes/kaapi-katte/instore-offers/12/how-it-works']) {
      expect(rendersOnServer(path, '', false), path).toBe(true);
    }
    // The panel's code loads on demand (the server's render would suspend: React error 419 on hydrating).
    for (const path of ['/bengaluru/kaapi-katte/login', '/cafes/kaapi-katte/instore-offers/12/signup']) {
      expect(rendersOnServer(path, '', false), path).toBe(false);
      expect(rendersOnServer(path, '', true), path).toBe(false);
    }
    expect(rendersOnServer('/enter-amount/12', '', true)).toBe(false);
    expect(rendersOnServer('/bengaluru/kaapi-katte', '?q=x', false)).toBe(false);
  });
});

describe('withDates', () => {
  it('reads an answer with Dates exactly as superjson does, keys with dots and backslashes included', () => {
    const value = {
      items: [{ liveOffer: { validUntil: new Date('2026-11-23T18:30:00.000Z') } }, { liveOffer: null }],
      'a.b\\c': { at: new Date('2026-01-01T00:00:00.000Z') },
      name: 'Cafe',
    };
    const sent = JSON.parse(JSON.stringify(superjson.serialize(value))) as Parameters<typeof withDates>[0];
    expect(sent.meta).toBeDefined();
    expect(withDates(sent)).toEqual({ data: superjson.deserialize(superjson.serialize(value)) });
    // The page's JSON is left as it was (the server renders from it too).
    expect(JSON.stringify(sent.json)).toContain('2026-11-23T18:30:00.000Z');
  });

  it('takes plain JSON as it is, reads shared values as equal copies, and leaves anything but Dates to superjson (the page asks itself)', () => {
    expect(withDates({ json: { a: 1 } })).toEqual({ data: { a: 1 } });
    const withMap = JSON.parse(JSON.stringify(superjson.serialize({ m: new Map([[1, 2]]) }))) as Parameters<typeof withDates>[0];
    expect(withDates(withMap)).toBeNull();
    const shared = { x: 1, at: new Date(0) };
    const withRefs = JSON.parse(JSON.stringify(superjson.serialize({ a: shared, b: shared, c: [shared] }))) as Parameters<typeof withDates>[0];
    expect(withRefs.meta).toHaveProperty('referentialEqualities');
    expect(withDates(withRefs)).toEqual({ data: { a: shared, b: shared, c: [shared] } });
  });
});
