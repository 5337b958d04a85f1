import type Router from '@koa/router';
import { consumerOf } from '../../rest/guards.ts';
import { getMyReferrals } from './service.ts';

/** `GET /api/user/referrals`: the shopper's code, share path and Golden Keys (no spec path; documented in docs/referrals.md). */
export function referralsRest({ api }: { api: Router }): void {
  api.get('/user/referrals', async (ctx) => {
    const mine = await getMyReferrals(consumerOf(ctx).consumerId);
    ctx.body = {
      REFERRAL_CODE: mine.code,
      SHARE_PATH: mine.sharePath,
      REFERRED_COUNT: mine.referredCount,
      GOLD_KEYS: mine.goldKeys,
      recent: mine.recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
  });
}
