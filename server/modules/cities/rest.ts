import type Router from '@koa/router';
import { idSchema } from '../common/schema.ts';
import { parseListParams, sendList } from '../../rest/ra-list-params.ts';
import { parseWith } from '../../rest/validate.ts';
import { cityFilterSchema, citySortable } from './schema.ts';
import { getCity, listCities, listCitiesForAdmin } from './service.ts';

/** `GET /api/cmn/cities` (SPEC §7) and the back office's `/api/admin/cities`. */
export function citiesRest({ api, admin }: { api: Router; admin: Router }): void {
  api.get('/cmn/cities', async (ctx) => {
    ctx.body = { cities: await listCities() };
  });

  admin.get('/cities', async (ctx) => {
    const list = parseListParams(ctx.query, { filterSchema: cityFilterSchema, sortable: citySortable });
    sendList(ctx, 'cities', list, await listCitiesForAdmin(list));
  });
  admin.get('/cities/:id', async (ctx) => {
    ctx.body = await getCity(parseWith(idSchema, ctx.params.id));
  });
}
