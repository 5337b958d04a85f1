import type { BoundResource } from './engine.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import type { ModuleManifest } from '../modules/manifest.ts';

/**
 * The back office's resources, each bound to the server-side rules its module's manifest gives
 * (`admin: { declaration, hooks }`: password hashing, slugs, grants, approvals). A resource without
 * hooks runs on its declaration alone. The order is the menu's (ADMIN_RESOURCES, which the admin front
 * end imports: it cannot import the manifests, they pull in the server). The REST composition root
 * (server/rest/routers.ts) binds them from the module list and hands them to the admin module's mount.
 */
export function bindAdminResources(modules: readonly ModuleManifest[]): readonly BoundResource[] {
  const bindings = modules.flatMap((m) => (m.admin ? [{ module: m.name, ...m.admin }] : []));
  for (const b of bindings) {
    if (!ADMIN_RESOURCES.includes(b.declaration)) {
      throw new Error(`Module ${b.module} declares the admin resource ${b.declaration.name}, which server/admin/resources.ts does not list.`);
    }
  }
  return ADMIN_RESOURCES.map((declaration) => {
    const owners = bindings.filter((b) => b.declaration === declaration);
    if (owners.length !== 1) {
      throw new Error(`The admin resource ${declaration.name} must be declared by exactly one module manifest (found ${owners.length}).`);
    }
    return { declaration, hooks: owners[0]!.hooks ?? {} };
  });
}
