import { publicProcedure, router } from '../../trpc/trpc.ts';
import { trackInputSchema } from './schema.ts';
import { trackEvents } from './service.ts';

export const analyticsRouter = router({
  track: publicProcedure.input(trackInputSchema).mutation(({ input, ctx }) => trackEvents(input, { ip: ctx.ip })),
});
