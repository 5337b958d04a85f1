import type { AnyTRPCRouter, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { MODULES } from '../modules/index.ts';
import type { ModuleManifest, RouterRecordOf } from '../modules/manifest.ts';
import { createCallerFactory, router } from './trpc.ts';

/** Every module's tRPC routers under their keys (`trpc.<key>.<procedure>`); a key declared twice is a startup error. */
function routerRecordOf<const Ms extends readonly ModuleManifest[]>(modules: Ms): RouterRecordOf<Ms> {
  const record: Record<string, AnyTRPCRouter> = {};
  for (const m of modules) {
    for (const [key, moduleRouter] of Object.entries(m.router ?? {})) {
      if (key in record) throw new Error(`The tRPC router key "${key}" is declared twice (again by module ${m.name}).`);
      record[key] = moduleRouter;
    }
  }
  return record as RouterRecordOf<Ms>;
}

export const appRouter = router(routerRecordOf(MODULES));

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);
