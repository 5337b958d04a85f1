import { publicProcedure, router } from '../../trpc/trpc.ts';
import { listCategories } from './service.ts';

export const categoriesRouter = router({
  list: publicProcedure.query(() => listCategories()),
});
