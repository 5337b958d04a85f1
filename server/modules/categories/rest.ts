import type Router from '@koa/router';
import { listCategories } from './service.ts';

/** `GET /api/cmn/category` (SPEC §7). The back office's `/api/admin/categories` is generated from admin.ts. */
export function categoriesRest({ api }: { api: Router; admin: Router }): void {
  api.get('/cmn/category', async (ctx) => {
    ctx.body = { categories: await listCategories() };
  });
}
