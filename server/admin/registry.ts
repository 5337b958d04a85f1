import type { BoundResource, ResourceHooks } from './engine.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import { outletHooks } from '../modules/outlets/sales-service.ts';
import { businessOwnerHooks } from '../modules/business-owners/service.ts';
import { businessApplicationHooks } from '../modules/business-applications/service.ts';
import { auditLogHooks } from '../modules/audit-log/service.ts';

/**
 * Server-side rules for the resources that need more than the generic engine (password hashing,
 * slugs, grants, approvals). A resource without an entry here runs on its declaration alone.
 */
const HOOKS: Record<string, ResourceHooks> = {
  outlets: outletHooks,
  'business-owners': businessOwnerHooks,
  'business-applications': businessApplicationHooks,
  'audit-log': auditLogHooks,
};

export const BOUND_RESOURCES: readonly BoundResource[] = ADMIN_RESOURCES.map((declaration) => ({
  declaration,
  hooks: HOOKS[declaration.name] ?? {},
}));

export function boundResource(name: string): BoundResource {
  const bound = BOUND_RESOURCES.find((b) => b.declaration.name === name);
  if (!bound) throw new Error(`No admin resource named ${name}`);
  return bound;
}
