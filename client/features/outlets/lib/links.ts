import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
/** Outlet page links (SPEC §2): `/{city}/{name}` and `/{category}/{outlet-name}/instore-offers/{outletId}`. */
export const OUTLET_TABS = ['instore-offers', 'upcoming-offers', 'menu', 'photos', 'about'] as const;
export type OutletTab = (typeof OUTLET_TABS)[number];

/** The tabs' names (`i18n._` them). */
export const OUTLET_TAB_LABELS: Record<OutletTab, MessageDescriptor> = {
  'instore-offers': msg({ message: 'In-store', comment: 'Outlet page tab: the offers at the outlet now' }),
  'upcoming-offers': msg({ message: 'Upcoming', comment: 'Outlet page tab: offers later today and tomorrow' }),
  menu: msg({ message: 'Menu', comment: 'Outlet page tab' }),
  photos: msg({ message: 'Photos', comment: 'Outlet page tab' }),
  about: msg({ message: 'About', comment: 'Outlet page tab' }),
};

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
 * Segments that belong to other screens, so `/{city}/{name}` never swallows them. Kept in one
 * place with the route's regular expression below.
 */
const RESERVED_FIRST_SEGMENTS = [
  'for-bussiness',
  'for-business-form',
  'clientpage',
  'enter-amount',
  'payment-breakdown',
  'payment-demo',
  'payment-success',
  'payment-failure',
  'redeemed-history',
  'profile',
  'coupons',
  'favourites',
  'settings',
  'support',
  'faqs',
  'refer-earn',
  'privacy',
  'terms',
  'about-us',
  'events',
  'become-promoter',
  'login',
  'signup',
  'api',
  'trpc',
  'uploads',
  'assets',
];

/**
 * Matches every outlet page path:
 *   /{first}/{name}[/{tab}/{outletId}][/{overlay}[/how-it-works]]
 * Named groups become wouter params.
 */
export const OUTLET_ROUTE = new RegExp(
  `^/(?<first>(?!(?:${RESERVED_FIRST_SEGMENTS.join('|')})(?:/|$))[a-z0-9][a-z0-9-]*)` +
    `/(?<name>[a-z0-9][a-z0-9-]*)` +
    `(?:/(?<tab>${OUTLET_TABS.join('|')})/(?<outletId>[0-9]{1,12}))?` +
    `(?:/(?<overlay>[a-z0-9][a-z0-9-]*)(?:/(?<sub>how-it-works))?)?/?$`,
);

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
