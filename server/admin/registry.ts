import type { BoundResource } from './engine.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import { MODULES } from '../modules/index.ts';
import type { ModuleManifest } from '../modules/manifest.ts';

/**
 * The back office's resources, each bound to the server-side rules its module's manifest gives
 * (`admin: { declaration, hooks }`: password hashing, slugs, grants, approvals). A resource without
 * hooks runs on its declaration alone. The order is the menu's (ADMIN_RESOURCES, which the admin front
 * end imports: it cannot import the manifests, they pull in the server).
 */
export function bindAdminResources(modules: readonly ModuleManifest[] = MODULES): readonly BoundResource[] {
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

// Bound on first use, not at import: services that look resources up (e.g. day-discounts) are part of
// the module list this file reads, so they load while it is still being evaluated.
let bound: readonly BoundResource[] | null = null;

/** Every bound resource, in menu order. */
export function boundResources(): readonly BoundResource[] {
  bound ??= bindAdminResources();
  return bound;
}

export function boundResource(name: string): BoundResource {
  const found = boundResources().find((b) => b.declaration.name === name);
  if (!found) throw new Error(`No admin resource named ${name}`);
  return found;
}
