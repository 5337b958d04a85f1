import { describe, expect, it } from 'vitest';
import { paths } from '@client/app/paths';
import { outletBasePath, type OutletRouteParams } from './links';

const match = (path: string) => paths.outlet.pattern.exec(path)?.groups as OutletRouteParams | undefined;

describe('outlet page paths (SPEC §2)', () => {
  it('matches /{city}/{name} and its overlays', () => {
    expect(match('/bengaluru/kaapi-katte')).toMatchObject({ first: 'bengaluru', name: 'kaapi-katte' });
    expect(match('/delhi/cafe-x/login')).toMatchObject({ first: 'delhi', name: 'cafe-x', overlay: 'login' });
  });

  it('matches the in-store link shape and each child tab with its overlays', () => {
    expect(match('/cafes/kaapi-katte/instore-offers/12')).toMatchObject({ first: 'cafes', tab: 'instore-offers', outletId: '12' });
    for (const tab of ['upcoming-offers', 'menu', 'photos', 'about']) {
      expect(match(`/bengaluru/kaapi-katte/${tab}/12`)).toMatchObject({ tab, outletId: '12' });
    }
    expect(match('/cafes/kaapi-katte/instore-offers/12/how-it-works')).toMatchObject({ overlay: 'how-it-works' });
    expect(match('/cafes/kaapi-katte/instore-offers/12/signup')).toMatchObject({ overlay: 'signup' });
    expect(match('/cafes/kaapi-katte/about/12/345/how-it-works')).toMatchObject({ overlay: '345', sub: 'how-it-works' });
  });

  it('leaves the other screens alone', () => {
    for (const path of ['/enter-amount/12', '/payment-breakdown/12', '/for-bussiness/login', '/clientpage/sales', '/redeemed-history/3', '/faqs', '/']) {
      expect(match(path)).toBeUndefined();
    }
    // Screens added after the list was first written are reserved too (it is derived from the route table).
    for (const path of ['/notifications/12', '/unsubscribe/x', '/healthz/x', '/assets/main']) expect(match(path), path).toBeUndefined();
  });

  it('knows the page path without its overlay', () => {
    expect(outletBasePath(match('/cafes/kaapi-katte/instore-offers/12/login')!)).toBe('/cafes/kaapi-katte/instore-offers/12');
    expect(outletBasePath(match('/delhi/cafe-x/signup')!)).toBe('/delhi/cafe-x');
  });
});
