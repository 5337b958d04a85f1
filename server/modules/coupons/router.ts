import { router, userProcedure } from '../../trpc/trpc.ts';
import { listCoupons } from './service.ts';

export const couponsRouter = router({
  /** The shopper's coupons: active, expired and redeemed, with counts. */
  list: userProcedure.query(({ ctx }) => listCoupons(ctx.principal.consumerId)),
});
