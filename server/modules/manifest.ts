import type Router from '@koa/router';
import type { AnyTRPCRouter } from '@trpc/server';
import type { AdminResourceDeclaration } from '../admin/declaration.ts';
import type { BoundResource, ResourceHooks } from '../admin/engine.ts';
import type { JobDefinition } from '../jobs/jobs.ts';
import type { DomainEventSubscriptions } from '../lib/domain-events.ts';

/**
 * What a module gives the app, in one place (`server/modules/<module>/module.ts`). The composition
 * root lists the manifests (`server/modules/index.ts`); from that one list come the tRPC app router
 * (server/trpc/app-router.ts), the REST mounts (server/rest/routers.ts, used by server/app.ts),
 * the back office's resources with their hooks (server/admin/registry.ts) and the job runner's queues
 * (server/jobs/jobs.ts) and the domain events' subscribers (server/lib/domain-events.ts).
 */
export interface ModuleManifest {
  /** The module's folder name (plural kebab-case), for error messages and tests. */
  readonly name: string;
  /** tRPC routers by their key in the app router (camelCase: the client calls `trpc.<key>.<procedure>`). */
  readonly router?: Readonly<Record<string, AnyTRPCRouter>>;
  /** Mounts the module's REST adapters; modules are mounted in the order of the list (route precedence). */
  readonly rest?: RestMount;
  /** The module's back-office resource: its (pure) declaration and the server-side hooks it needs. */
  readonly admin?: AdminBinding;
  /** Background and scheduled work (server/jobs/jobs.ts): its queues, handlers and crons. */
  readonly jobs?: readonly JobDefinition[];
  /**
   * Domain events it subscribes to (server/lib/domain-events.ts): capture, refund, expiry, announced once
   * by payments inside their transaction; run in the order of the module list.
   */
  readonly on?: DomainEventSubscriptions;
}

/** The REST routers a module mounts on (server/app.ts picks one per request by prefix). */
export interface RestRouters {
  /** `/api`: the documented REST paths (SPEC §7). */
  api: Router;
  /** `/api/admin`: the back office (ra-data-simple-rest), behind `requireSales()`. */
  admin: Router;
  /** `/api/admin/auth`: the back office's sign-in, before that guard. */
  adminAuth: Router;
}

/** What the composition root gives every mount besides the routers. */
export interface RestContext {
  /** The back office's resources bound to their modules' hooks (server/admin/registry.ts). */
  readonly adminResources: readonly BoundResource[];
}

export type RestMount = (routers: RestRouters, context: RestContext) => void;

export interface AdminBinding {
  /** From the module's `admin.ts`; the back-office menu (server/admin/resources.ts) lists the same object. */
  readonly declaration: AdminResourceDeclaration;
  /** Rules the generic engine cannot know (server/admin/engine.ts); none when the declaration says it all. */
  readonly hooks?: ResourceHooks;
}

/** Declares a module's manifest (checks its shape, keeps its exact type for the app router's inference). */
export function defineModule<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type RouterRecords<M> = M extends { readonly router: infer R } ? R : never;

/** The tRPC router record of a list of manifests: every module's routers under their keys, fully typed. */
export type RouterRecordOf<Ms extends readonly ModuleManifest[]> =
  UnionToIntersection<RouterRecords<Ms[number]>> extends infer I ? { [K in keyof I]: I[K] } : never;
