/**
 * Outlet page links (SPEC §2): `/{city}/{name}` and `/{category}/{outlet-name}/instore-offers/{outletId}`.
 * Pure (no UI, no messages: the tab names are in tab-labels.ts), so the journeys read it too.
 */
export const OUTLET_TABS = ['instore-offers', 'upcoming-offers', 'menu', 'photos', 'about'] as const;
export type OutletTab = (typeof OUTLET_TABS)[number];

/** The overlays every outlet page accepts (login and signup are the auth panel's). */
export const OUTLET_OVERLAYS = ['how-it-works', 'instant-offer', 'shuffle-unlock', 'login', 'signup'] as const;

/** `/{first}/{name}/{tab}/{outletId}`: `first` is the category (in-store links) or the city. */
export function outletTabHref(first: string, name: string, tab: OutletTab, outletId: number | string): string {
  return `/${first}/${name}/${tab}/${outletId}`;
}

/** The in-store link of an outlet (what cards and search results open). */
export function instoreHref(outlet: { id: number; slug: string; category: { slug: string } }): string {
  return outletTabHref(outlet.category.slug, outlet.slug, 'instore-offers', outlet.id);
}

/** The outlet's short page `/{city}/{name}`. */
export function cityOutletHref(outlet: { slug: string; city: { slug: string } }): string {
  return `/${outlet.city.slug}/${outlet.slug}`;
}

/**
 * The pattern of every outlet page path:
 *   /{first}/{name}[/{tab}/{outletId}][/{overlay}[/how-it-works]]
 * where `first` is none of `reserved`: the first segments of the other screens and of the server's own
 * paths, which client/app/paths.ts derives from the route table (`RESERVED_FIRST_SEGMENTS`), so
 * `/{city}/{name}` never swallows another screen. Named groups become wouter params.
 */
export function outletRoute(reserved: readonly string[]): RegExp {
  const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const taken = reserved.length ? `(?!(?:${reserved.map(escape).join('|')})(?:/|$))` : '';
  return new RegExp(
    `^/(?<first>${taken}[a-z0-9][a-z0-9-]*)` +
      `/(?<name>[a-z0-9][a-z0-9-]*)` +
      `(?:/(?<tab>${OUTLET_TABS.join('|')})/(?<outletId>[0-9]{1,12}))?` +
      `(?:/(?<overlay>[a-z0-9][a-z0-9-]*)(?:/(?<sub>how-it-works))?)?/?$`,
  );
}

export type OutletRouteParams = {
  first: string;
  name: string;
  tab?: OutletTab;
  outletId?: string;
  overlay?: string;
  sub?: string;
};

/** The page's own path without an overlay (what `outletPageRedirect` stores and overlays close to). */
export function outletBasePath(params: OutletRouteParams): string {
  const base = `/${params.first}/${params.name}`;
  return params.tab && params.outletId ? `${base}/${params.tab}/${params.outletId}` : base;
}
