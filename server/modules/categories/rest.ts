import type Router from '@koa/router';
import { idSchema } from '../common/schema.ts';
import { parseListParams, sendList } from '../../rest/ra-list-params.ts';
import { parseWith } from '../../rest/validate.ts';
import { categoryFilterSchema, categorySortable } from './schema.ts';
import { getCategory, listCategories, listCategoriesForAdmin } from './service.ts';

/** `GET /api/cmn/category` (SPEC §7) and the back office's `/api/admin/categories`. */
export function categoriesRest({ api, admin }: { api: Router; admin: Router }): void {
  api.get('/cmn/category', async (ctx) => {
    ctx.body = { categories: await listCategories() };
  });

  admin.get('/categories', async (ctx) => {
    const list = parseListParams(ctx.query, { filterSchema: categoryFilterSchema, sortable: categorySortable });
    sendList(ctx, 'categories', list, await listCategoriesForAdmin(list));
  });
  admin.get('/categories/:id', async (ctx) => {
    ctx.body = await getCategory(parseWith(idSchema, ctx.params.id));
  });
}
