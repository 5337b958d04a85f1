import { publicProcedure, router } from '../../trpc/trpc.ts';
import { listCities } from './service.ts';

export const citiesRouter = router({
  list: publicProcedure.query(() => listCities()),
});
