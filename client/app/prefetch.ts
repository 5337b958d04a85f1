import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { createStore } from 'jotai';
import { locationAtom, selectedCategoryAtom, selectedCityAtom } from '@client/features/outlets/atoms';
import { outletListQuery, type OutletListFilters } from '@client/features/outlets/hooks/use-outlet-list';
import { OUTLET_PAGE_SIZE } from '@client/features/outlets/paging';
import { discoveryInput, parseDiscoveryParams } from '@client/features/outlets/lib/discovery-params';
import type { TrpcClient } from '@client/lib/trpc';
import { paths } from './paths';
import { shellOf } from './routes';

type JotaiStore = ReturnType<typeof createStore>;

/** An answer the server put in the page (server/modules/outlets/first-screen.ts). */
export type SentCall = { path: string; input: unknown; result: SuperJsonResult };
/** superjson's envelope: the JSON, and `meta` only when some value is not plain JSON (a Date…). */
type SuperJsonResult = { json: unknown; meta?: unknown };

/** The answers in the page's `#first-screen` data block, if it has one. */
function sentCalls(doc: Document | undefined): SentCall[] {
  const text = doc?.getElementById('first-screen')?.textContent;
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as { calls?: unknown };
    return Array.isArray(parsed.calls) ? (parsed.calls as SentCall[]) : [];
  } catch {
    return [];
  }
}

/** A superjson path's keys: `.` separates them, `\\` escapes the next character (a dot or a backslash in a key). */
function pathKeys(path: string): string[] {
  const keys: string[] = [];
  let key = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === '\\' && i + 1 < path.length) key += path[++i];
    else if (c === '.') {
      keys.push(key);
      key = '';
    } else key += c;
  }
  keys.push(key);
  return keys;
}

/**
 * The answer's value: its JSON as it is, with the Dates superjson's `meta` names revived (the nearby
 * list's offers end at a time); null when `meta` names anything else (a Map, a BigInt), which only
 * superjson itself reads. Shared references (`referentialEqualities`) are left as the equal copies the
 * JSON already holds: nothing on a screen depends on two values being the same object.
 */
export function withDates(result: SuperJsonResult): { data: unknown } | null {
  if (result.meta === undefined) return { data: result.json };
  const meta = result.meta as { values?: unknown } | null;
  if (!meta || typeof meta !== 'object') return null;
  const values = meta.values;
  if (values === undefined) return { data: result.json };
  if (!values || typeof values !== 'object' || Array.isArray(values)) return null;
  const data = structuredClone(result.json) as Record<string, unknown>;
  for (const [path, annotation] of Object.entries(values as Record<string, unknown>)) {
    if (!Array.isArray(annotation) || annotation.length !== 1 || annotation[0] !== 'Date') return null;
    const keys = pathKeys(path);
    const last = keys.pop()!;
    let parent: unknown = data;
    for (const key of keys) parent = parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[key] : undefined;
    if (!parent || typeof parent !== 'object') return null;
    const value = (parent as Record<string, unknown>)[last];
    if (typeof value !== 'string') return null;
    (parent as Record<string, unknown>)[last] = new Date(value);
  }
  return { data };
}

/** Orders keys by code unit: `localeCompare` would build the locale's collator first, tens of milliseconds at start-up on a slow phone. */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** JSON with keys sorted and undefined left out: how an input is compared with the one the server answered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(byKey))
      : v,
  ) ?? 'undefined';
}

/**
 * The first screen's data: taken from the page itself when the server sent it there (the home list
 * with no place or city chosen, an outlet's details: server/modules/outlets/first-screen.ts), else
 * asked for as soon as the app's code runs, alongside the page's own code and before React renders
 * (issue 18): the requests otherwise start only once the page has rendered its
 * loading state, one render later on a slow phone. Each prefetch uses the same query (key and call) as
 * the page, so the page finds the answer in the cache; one whose input depends on what the page works
 * out at run time (a device position not yet confirmed, a chosen city to look up) is left to the page.
 */
export function prefetchFirstScreen(
  pathname: string,
  deps: {
    queryClient: QueryClient;
    trpcClient: TrpcClient;
    store: JotaiStore;
    document?: Document;
    /** The sent answers themselves, instead of reading them from the document (the server's render). */
    answers?: SentCall[];
    search?: string;
  },
): void {
  const { queryClient, trpcClient, store } = deps;
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  const ignore = () => undefined;
  const place = store.get(locationAtom);
  // What the server already answered in the page: used only for exactly the same call.
  const calls = deps.answers ?? sentCalls(deps.document ?? (typeof document === 'undefined' ? undefined : document));
  // An answer that is plain JSON, or JSON with Dates (superjson's `meta` naming them), is used; one with
  // anything else is left to the page's own call, rather than bring superjson into the first screen's code.
  const sent = (path: string, input: unknown): { data: unknown } | null => {
    const match = calls.find((c) => c.path === path && canonical(c.input) === canonical(input));
    if (!match || typeof match.result !== 'object' || match.result === null || !('json' in match.result)) return null;
    return withDates(match.result);
  };

  const page = shellOf(pathname);
  if (page === 'home') {
    const cities = sent('cities.list', undefined);
    if (cities) utils.cities.list.setData(undefined, cities.data as never);
    else void utils.cities.list.prefetch().catch(ignore);
    const categories = sent('categories.list', undefined);
    if (categories) utils.categories.list.setData(undefined, categories.data as never);
    else void utils.categories.list.prefetch().catch(ignore);
    // The home list with no city chosen and no place, or a place chosen by hand (home-page.tsx,
    // `listFilters`): a device position is confirmed by the page first.
    // The URL's filters and sort narrow the list as the page asks for it (use-discovery-params.ts); a
    // search or the map asks for something else.
    const discovery = parseDiscoveryParams(deps.search ?? (typeof location === 'undefined' ? '' : location.search));
    const narrowing = discoveryInput(discovery);
    const category = store.get(selectedCategoryAtom) ?? undefined;
    let filters: OutletListFilters | null = null;
    if (discovery.q || discovery.view === 'map') filters = null;
    else if (store.get(selectedCityAtom) === null && place === null) filters = { category, noLocation: true, city: undefined, ...narrowing };
    else if (place?.isSelectedLocation) filters = { category, latitude: place.latitude, longitude: place.longitude, noLocation: false, ...narrowing };
    if (filters) {
      const query = outletListQuery(trpcClient, filters);
      const first = sent('outlets.nearby', { ...filters, offSet: query.initialPageParam, limit: OUTLET_PAGE_SIZE });
      if (first) queryClient.setQueryData(query.queryKey, { pages: [first.data], pageParams: [query.initialPageParam] });
      else void queryClient.prefetchInfiniteQuery(query).catch(ignore);
    }
    return;
  }

  const outlet = page === 'outlet' ? paths.outlet.pattern.exec(pathname)?.groups : undefined;
  if (outlet?.first && outlet.name) {
    // use-outlet-details.ts: by the id in the path when it has one, else by the path.
    const point = { latitude: place?.latitude, longitude: place?.longitude };
    if (outlet.outletId) {
      const input = { outletId: Number(outlet.outletId), ...point };
      const answer = sent('outlets.byId', input);
      if (answer) utils.outlets.byId.setData(input, answer.data as never);
      else void utils.outlets.byId.prefetch(input).catch(ignore);
    } else {
      const input = { first: outlet.first, slug: outlet.name, ...point };
      const answer = sent('outlets.bySlug', input);
      if (answer) utils.outlets.bySlug.setData(input, answer.data as never);
      else void utils.outlets.bySlug.prefetch(input).catch(ignore);
    }
  }
}

/**
 * The pages the server renders (client/app/server-render.tsx): home at `/` and outlet pages with their
 * data, and a signed-out shopper's `/enter-amount/{id}` (its sign-in prompt); never with a query.
 */
export function rendersOnServer(pathname: string, search: string, signedIn: boolean): boolean {
  if (search !== '') return false;
  const page = shellOf(pathname);
  // The sign-in panel over an outlet page (`…/login`, `…/signup`) is the client's alone: its code loads
  // on demand, so the server's render would suspend there (React error 419 when the page hydrates),
  // and a signed-in shopper is taken on to the page instead of seeing it.
  const overlay = page === 'outlet' ? paths.outlet.pattern.exec(pathname)?.groups?.overlay : undefined;
  if (overlay === 'login' || overlay === 'signup') return false;
  return page === 'outlet' || (page === 'home' && pathname === '/') || (page === 'enter-amount' && !signedIn);
}

/**
 * Whether this browser's first render of `pathname` is the one the server rendered into the page
 * (a first visit's: no city, category or place chosen, which the server cannot see), so boot.tsx can
 * hydrate the server's markup instead of rendering over it.
 */
export function firstScreenIsServers(pathname: string, search: string, store: JotaiStore, signedIn: boolean): boolean {
  return (
    rendersOnServer(pathname, search, signedIn) &&
    store.get(selectedCityAtom) === null &&
    store.get(selectedCategoryAtom) === null &&
    store.get(locationAtom) === null
  );
}
