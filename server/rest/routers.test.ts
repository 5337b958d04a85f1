import type Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../modules/index.ts';
import type { ModuleManifest } from '../modules/manifest.ts';
import { ADMIN_RESOURCES } from '../admin/resources.ts';
import { bindAdminResources } from '../admin/registry.ts';
import { restRouters } from './routers.ts';

/**
 * The REST routers are built from the module list (server/modules/index.ts). Route precedence follows
 * the mount order, so the order is pinned here: it is the order server/app.ts mounted the modules in
 * before the manifests (REST_MODULES, then the sales sign-in on its own router).
 */
describe('REST routers from the module manifests', () => {
  it('mount every module’s REST adapters in the established order', () => {
    const mounts = (MODULES as readonly ModuleManifest[]).flatMap((m) => (m.rest ? [m.rest.name] : []));
    expect(mounts).toEqual([
      'categoriesRest',
      'citiesRest',
      'authRest',
      'usersRest',
      'referralsRest',
      'supportTicketsRest',
      'outletsRest',
      'locationsRest',
      'searchHistoryRest',
      'analyticsRest',
      'promoterApplicationsRest',
      'adminResourcesRest',
      'businessAuthRest',
      'businessOwnersRest',
      'dayDiscountsRest',
      'outletSalesRest',
      'billsRest',
      'shufflesRest',
      'couponsRest',
      'ordersRest',
      'paymentsRest',
      'groupBillsRest',
      'redeemedHistoryRest',
      'businessAccountRest',
      'subAccountsRest',
      'promotionsRest',
      'dashboardsRest',
      'counterRest',
      'payLinksRest',
      'businessApplicationsPublicRest',
      'salesAuthRest',
      'favouritesRest',
      'reviewsRest',
      'notificationsRest',
    ]);
  });

  it('resolve every registered path to its own route: no route is shadowed by one mounted before it', () => {
    const routers = restRouters();
    const checked: string[] = [];
    for (const [name, router] of Object.entries(routers) as [string, Router][]) {
      for (const layer of router.stack) {
        if (!layer.methods.length) continue; // middleware (the sales guard)
        const path = String(layer.path).replace(/:(\w+)/g, '7');
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
          const first = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
          expect(first?.path, `${name}: ${method} ${path}`).toBe(layer.path);
          expect(first, `${name}: ${method} ${path}`).toBe(layer);
          checked.push(`${method} ${path}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(100);
  });

  it('guard the back office router before any resource route', () => {
    const { admin } = restRouters();
    expect(admin.stack[0]!.methods).toEqual([]);
    expect(admin.stack.slice(1).every((l) => l.methods.length > 0)).toBe(true);
  });
});

describe('admin resources from the module manifests', () => {
  it('bind every menu entry to exactly one module, in menu order', () => {
    expect(bindAdminResources(MODULES).map((b) => b.declaration)).toEqual(ADMIN_RESOURCES);
  });

  it('refuse a menu entry no module declares, and a module resource missing from the menu', () => {
    const withoutOutlets = (MODULES as readonly ModuleManifest[]).filter((m) => m.name !== 'outlet-sales');
    expect(() => bindAdminResources(withoutOutlets)).toThrow(/outlets must be declared by exactly one module/);
    const stray = { name: 'stray', admin: { declaration: { ...ADMIN_RESOURCES[0]!, name: 'stray' } } };
    expect(() => bindAdminResources([...MODULES, stray])).toThrow(/stray, which server\/admin\/resources.ts does not list/);
  });
});
