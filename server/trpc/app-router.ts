import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { categoriesRouter } from '../modules/categories/router.ts';
import { citiesRouter } from '../modules/cities/router.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  categories: categoriesRouter,
  cities: citiesRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);
