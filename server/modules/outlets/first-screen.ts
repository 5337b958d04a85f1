import superjson from 'superjson';
import { listCategories } from '../categories/service.ts';
import { listCities } from '../cities/service.ts';
import { nearbyOutletsInputSchema, NEARBY_PAGE_SIZE } from './schema.ts';
import { getOutletBySlug, getOutletDetails, listNearbyOutlets } from './service.ts';

/**
 * The first screen's public data, sent inside the page's HTML (issue 18). A shopper's first visit to
 * the home page or an outlet page otherwise waits for the app's code to arrive and run before it even
 * asks for the outlets, then for their pictures; with the answers in the HTML (and the first picture
 * preloaded from its head) the page renders complete the moment its code has run.
 *
 * Only what any visitor would be shown is sent: the home list as it is with no place and no city
 * chosen, the cities and categories, an outlet's details without a distance. The client uses an
 * answer only when its own first request would have been exactly that call (client/app/prefetch.ts),
 * and asks the server itself otherwise.
 */
export interface FirstScreenCall {
  /** The tRPC procedure, as the client names it (`outlets.nearby`). */
  path: string;
  /** Its input, as the client sends it. */
  input: unknown;
  /** The answer, superjson-serialised as tRPC sends it. */
  result: ReturnType<typeof superjson.serialize>;
}

export interface FirstScreen {
  calls: FirstScreenCall[];
  /** Pictures the first screen shows at the top, for `<link rel="preload" as="image">`. */
  images: string[];
}

const call = (path: string, input: unknown, result: unknown): FirstScreenCall => ({ path, input, result: superjson.serialize(result) });

/** The home page's first screen (`/`, `/login`, `/signup`). */
export async function homeFirstScreen(): Promise<FirstScreen> {
  // As the home page asks with no filter in its URL (client/features/outlets/lib/discovery-params.ts).
  const input = { noLocation: true, openNow: false, veg: false, offSet: 1, limit: NEARBY_PAGE_SIZE };
  const [nearby, cities, categories] = await Promise.all([listNearbyOutlets(nearbyOutletsInputSchema.parse(input)), listCities(), listCategories()]);
  return {
    calls: [call('cities.list', undefined, cities), call('categories.list', undefined, categories), call('outlets.nearby', input, nearby)],
    images: nearby.items.slice(0, 2).flatMap((o) => (o.photoUrl ? [o.photoUrl] : [])),
  };
}

/**
 * An outlet page's first screen, from its path: `/{first}/{name}` by the path, `/{first}/{name}/{tab}/{id}`
 * by the id (as client/features/outlets/hooks/use-outlet-details.ts asks). A missing outlet sends nothing.
 */
export async function outletFirstScreen(route: string): Promise<FirstScreen | null> {
  const [first, name, , id] = route.split('/').filter(Boolean);
  if (!first || !name) return null;
  try {
    if (id && /^\d{1,12}$/.test(id)) {
      const input = { outletId: Number(id) };
      const details = await getOutletDetails(input);
      return { calls: [call('outlets.byId', input, details)], images: details.photoUrl ? [details.photoUrl] : [] };
    }
    const input = { first, slug: name };
    const details = await getOutletBySlug(input);
    return { calls: [call('outlets.bySlug', input, details)], images: details.photoUrl ? [details.photoUrl] : [] };
  } catch {
    return null; // the page asks, and shows the error itself
  }
}
