import { publicProcedure, router } from '../../trpc/trpc.ts';
import { createPromoterApplicationSchema } from './schema.ts';
import { createPromoterApplication } from './service.ts';

export const promoterApplicationsRouter = router({
  create: publicProcedure
    .input(createPromoterApplicationSchema)
    .mutation(({ input, ctx }) => createPromoterApplication(input, { ip: ctx.ip })),
});
