import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DiscoverySort } from '@server/modules/outlets/schema';

/**
 * The home page's discovery state kept in the URL query (issue 16: shareable, back-button safe):
 * `q` search text, `open` open now, `veg` veg only, `cost` a cost-for-two range, `off` a minimum live
 * discount, `sort`, and `view=map`. Pure: parse tolerates anything (an unknown value is ignored),
 * serialize writes a stable order and leaves defaults out, so equal states are equal URLs.
 */

export type CostRangeId = 'lt300' | '300-600' | '600-1200' | 'gt1200';

/** Cost-for-two ranges (paise, both ends inclusive; the filter names them in whole rupees). */
export const COST_RANGES: readonly { id: CostRangeId; min?: number; max?: number }[] = [
  { id: 'lt300', max: 299_99 },
  { id: '300-600', min: 300_00, max: 600_00 },
  { id: '600-1200', min: 600_01, max: 1200_00 },
  { id: 'gt1200', min: 1200_01 },
];

/** "At least this much off now" choices. */
export const DISCOUNT_STEPS = [10, 20, 30] as const;

/** The orders' names (`i18n._` them). */
export const SORT_LABELS: Record<DiscoverySort, MessageDescriptor> = {
  relevance: msg`Best match`,
  distance: msg`Nearest`,
  discount: msg`Highest discount now`,
  newest: msg`Newest offers`,
};

/**
 * The default order's name when the shopper's place is not known (issue 28: "Nearest" to nobody): the
 * city's outlets by name, or, once filtered, nearest the city's centre (docs/discovery.md).
 */
export const SORT_WITHOUT_PLACE = {
  byName: msg({ message: 'A to Z', comment: 'Sort order: outlets by name, when the shopper has given no location' }),
  fromCentre: msg({ message: 'Near the city centre', comment: 'Sort order: nearest the city centre, when the shopper has given no location' }),
};

export type DiscoveryView = 'list' | 'map';

export interface DiscoveryParams {
  q: string;
  openNow: boolean;
  veg: boolean;
  cost: CostRangeId | null;
  minDiscount: number | null;
  sort: DiscoverySort | null;
  view: DiscoveryView;
}

export const EMPTY_DISCOVERY: DiscoveryParams = { q: '', openNow: false, veg: false, cost: null, minDiscount: null, sort: null, view: 'list' };

const SORTS: readonly DiscoverySort[] = ['relevance', 'distance', 'discount', 'newest'];

export function parseDiscoveryParams(search: string): DiscoveryParams {
  const p = new URLSearchParams(search);
  const cost = p.get('cost');
  const off = Number(p.get('off'));
  const sort = p.get('sort');
  return {
    q: (p.get('q') ?? '').trim().slice(0, 100),
    openNow: p.get('open') === '1',
    veg: p.get('veg') === '1',
    cost: COST_RANGES.some((r) => r.id === cost) ? (cost as CostRangeId) : null,
    minDiscount: (DISCOUNT_STEPS as readonly number[]).includes(off) ? off : null,
    sort: SORTS.includes(sort as DiscoverySort) ? (sort as DiscoverySort) : null,
    view: p.get('view') === 'map' ? 'map' : 'list',
  };
}

/** `q=…&open=1&…` in a fixed order, defaults left out ('' when nothing is set). */
export function serializeDiscoveryParams(d: DiscoveryParams): string {
  const p = new URLSearchParams();
  if (d.q) p.set('q', d.q);
  if (d.openNow) p.set('open', '1');
  if (d.veg) p.set('veg', '1');
  if (d.cost) p.set('cost', d.cost);
  if (d.minDiscount) p.set('off', String(d.minDiscount));
  if (d.sort && d.sort !== defaultSort(d.q)) p.set('sort', d.sort);
  if (d.view === 'map') p.set('view', 'map');
  return p.toString();
}

/** Browsing is nearest first; a search is best match first. */
export function defaultSort(q: string): DiscoverySort {
  return q ? 'relevance' : 'distance';
}

/** The sort in force (relevance makes no sense without a search text). */
export function effectiveSort(d: DiscoveryParams): DiscoverySort {
  if (!d.sort || (d.sort === 'relevance' && !d.q)) return defaultSort(d.q);
  return d.sort;
}

/** How many filters narrow the list (the sort and the view aside). */
export function activeFilterCount(d: DiscoveryParams): number {
  return [d.openNow, d.veg, d.cost !== null, d.minDiscount !== null].filter(Boolean).length;
}

/** The filters and sort as the server's input (outlets.nearby, outlets.search, outlets.mapPins). */
export function discoveryInput(d: DiscoveryParams): {
  openNow: boolean;
  veg: boolean;
  costForTwoMinPaise?: number;
  costForTwoMaxPaise?: number;
  minDiscountPercent?: number;
  sort?: DiscoverySort;
} {
  const range = COST_RANGES.find((r) => r.id === d.cost);
  const sort = effectiveSort(d);
  return {
    openNow: d.openNow,
    veg: d.veg,
    ...(range?.min !== undefined ? { costForTwoMinPaise: range.min } : {}),
    ...(range?.max !== undefined ? { costForTwoMaxPaise: range.max } : {}),
    ...(d.minDiscount ? { minDiscountPercent: d.minDiscount } : {}),
    ...(sort !== defaultSort(d.q) ? { sort } : {}),
  };
}
