import { describe, expect, it } from 'vitest';
import { EMPTY_DISCOVERY, activeFilterCount, discoveryInput, effectiveSort, parseDiscoveryParams, serializeDiscoveryParams } from './discovery-params';

describe('discovery params in the URL', () => {
  it('round-trip in a stable order, defaults left out', () => {
    const d = parseDiscoveryParams('sort=discount&veg=1&q=biryani&cost=300-600&open=1&off=20&view=map');
    expect(d).toEqual({ q: 'biryani', openNow: true, veg: true, cost: '300-600', minDiscount: 20, sort: 'discount', view: 'map' });
    expect(serializeDiscoveryParams(d)).toBe('q=biryani&open=1&veg=1&cost=300-600&off=20&sort=discount&view=map');
    expect(serializeDiscoveryParams(EMPTY_DISCOVERY)).toBe('');
    // The default sort of each mode is not written.
    expect(serializeDiscoveryParams({ ...EMPTY_DISCOVERY, sort: 'distance' })).toBe('');
    expect(serializeDiscoveryParams({ ...EMPTY_DISCOVERY, q: 'dosa', sort: 'relevance' })).toBe('q=dosa');
  });

  it('ignore values they do not know', () => {
    expect(parseDiscoveryParams('open=yes&veg=true&cost=cheap&off=15&sort=price&view=grid')).toEqual(EMPTY_DISCOVERY);
  });

  it('map to the server’s filters: paise ranges, percent and the sort in force', () => {
    const d = parseDiscoveryParams('cost=lt300&off=10&veg=1');
    expect(discoveryInput(d)).toEqual({ openNow: false, veg: true, costForTwoMaxPaise: 29_999, minDiscountPercent: 10 });
    expect(discoveryInput(parseDiscoveryParams('cost=gt1200&sort=newest'))).toEqual({ openNow: false, veg: false, costForTwoMinPaise: 120_001, sort: 'newest' });
    expect(activeFilterCount(d)).toBe(3);
    // Relevance needs a search text; browsing falls back to nearest first.
    expect(effectiveSort(parseDiscoveryParams('sort=relevance'))).toBe('distance');
    expect(effectiveSort(parseDiscoveryParams('q=chai'))).toBe('relevance');
  });
});
