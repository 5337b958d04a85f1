import type Router from '@koa/router';
import { unauthorized } from '../../lib/errors.ts';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import { searchHistoryInputSchema } from './schema.ts';
import { listSearchHistory } from './service.ts';

/** `GET /api/user/searchHistory?limit=3` (SPEC §7, §9): the signed-in shopper's recent searches. */
export function searchHistoryRest({ api }: { api: Router; admin: Router }): void {
  api.get('/user/searchHistory', async (ctx) => {
    const principal = ctx.state.principal as Principal | null | undefined;
    if (principal?.kind !== 'consumer') throw unauthorized();
    const entries = await listSearchHistory(principal.consumerId, parseWith(searchHistoryInputSchema, ctx.query));
    ctx.body = { searchHistory: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
  });
}
