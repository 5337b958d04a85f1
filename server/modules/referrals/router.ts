import { router, userProcedure } from '../../trpc/trpc.ts';
import { getMyReferrals } from './service.ts';

export const referralsRouter = router({
  mine: userProcedure.query(({ ctx }) => getMyReferrals(ctx.principal.consumerId)),
});
