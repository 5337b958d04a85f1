import Router from '@koa/router';
import { MODULES } from '../modules/index.ts';
import type { ModuleManifest, RestRouters } from '../modules/manifest.ts';
import { requireSales } from './guards.ts';
import { bindAdminResources } from '../admin/registry.ts';

/**
 * The REST routers with every module's adapters mounted, in the order of the module list (route
 * precedence follows it). `/api/admin` is guarded: no session 401, not sales 403 (react-admin logs out
 * on both). server/app.ts routes each request to one of them by prefix.
 */
export function restRouters(modules: readonly ModuleManifest[] = MODULES): RestRouters {
  const routers: RestRouters = {
    api: new Router({ prefix: '/api' }),
    adminAuth: new Router({ prefix: '/api/admin/auth' }),
    admin: new Router({ prefix: '/api/admin' }),
  };
  routers.admin.use(requireSales());
  const context = { adminResources: bindAdminResources(modules) };
  for (const m of modules) m.rest?.(routers, context);
  return routers;
}
