import type Router from '@koa/router';
import { listCities } from './service.ts';

/** `GET /api/cmn/cities` (SPEC §7). The back office's `/api/admin/cities` is generated from admin.ts. */
export function citiesRest({ api }: { api: Router; admin: Router }): void {
  api.get('/cmn/cities', async (ctx) => {
    ctx.body = { cities: await listCities() };
  });
}
