import { describe, expect, it } from 'vitest';
import { parse } from 'regexparam';
import { SERVER_PATHS } from '@server/http/server-paths';
import { RESERVED_FIRST_SEGMENTS, isBusinessConsolePath, paths } from './paths';
import { shellRoutes } from './routes';

describe('isBusinessConsolePath', () => {
  it('is the signed-in console only: not the landing page, not the login page', () => {
    for (const p of ['/for-bussiness/promotion-organizer/daily-offers/3', '/for-bussiness/dashboard/coupons/1', '/for-bussiness/account/gstin']) {
      expect(isBusinessConsolePath(p), p).toBe(true);
    }
    for (const p of ['/for-bussiness', '/for-bussiness/', '/for-bussiness/login', '/for-bussiness/login/', '/for-business-form', '/', '/bengaluru/kaapi-katte']) {
      expect(isBusinessConsolePath(p), p).toBe(false);
    }
  });
});

describe('the outlet pages (`/{city}/{name}`) leave every other path alone', () => {
  const others = [
    ...Object.entries(paths)
      .filter(([name]) => name !== 'outlet')
      .flatMap(([, p]) => [p.path, ...('overlayPath' in p ? [p.overlayPath] : [])]),
    ...Object.values(SERVER_PATHS),
  ].filter((p) => p !== '/');

  it('reserves the first segment of every other screen and of every server path (derived, not listed)', () => {
    expect(others.length).toBeGreaterThan(25);
    for (const path of others) {
      const first = path.split('/')[1]!;
      expect(RESERVED_FIRST_SEGMENTS, path).toContain(first);
      expect(paths.outlet.pattern.test(`/${first}/some-name`), path).toBe(false);
      expect(paths.outlet.pattern.test(`/${first}/some-name/about/12`), path).toBe(false);
    }
    // The two the hand-kept list had missed.
    expect(paths.outlet.pattern.test('/notifications/12')).toBe(false);
    expect(paths.outlet.pattern.test('/unsubscribe/x')).toBe(false);
    // And a real outlet page still matches.
    expect(paths.outlet.pattern.test('/bengaluru/kaapi-katte')).toBe(true);
  });

  it('is the route table: every route the app matches is a path of `paths`', () => {
    const fromTable = new Set(
      Object.values(paths).flatMap((p) => [
        ...('pattern' in p ? [p.pattern.source] : [parse(p.path, p.path === paths.forBusiness.path).pattern.source]),
        ...('overlayPath' in p ? [parse(p.overlayPath).pattern.source] : []),
      ]),
    );
    for (const route of shellRoutes()) expect(fromTable, route.pattern.source).toContain(route.pattern.source);
  });
});
