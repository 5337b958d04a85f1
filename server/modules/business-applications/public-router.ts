import { publicProcedure, router } from '../../trpc/trpc.ts';
import { submitApplicationSchema } from './schema.ts';
import { submitApplication } from './public-service.ts';

/** `trpc.businessApplications.submit`: the public /for-business-form (documents uploaded first over REST). */
export const businessApplicationsRouter = router({
  submit: publicProcedure.input(submitApplicationSchema).mutation(({ input, ctx }) => submitApplication(input, { ip: ctx.ip, language: ctx.language })),
});
