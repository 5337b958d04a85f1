import type Router from '@koa/router';
import { consumerOf } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { outletRowOf } from '../outlets/wire.ts';
import { favouriteInputSchema, favouritesListInputSchema } from './schema.ts';
import { addFavourite, listFavouriteIds, listFavourites, removeFavourite } from './service.ts';

/** The signed-in shopper's favourites over REST (docs/discovery.md "Favourites"). */
export function favouritesRest({ api }: { api: Router; admin: Router }): void {
  api.get('/user/favourites', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const list = await listFavourites(consumerId, parseWith(favouritesListInputSchema, ctx.query));
    ctx.body = {
      favourites: list.items.map((c) => ({ ...outletRowOf(c, list.totalCount), FAVOURITED_AT: c.favouritedAt.toISOString() })),
      totalCount: list.totalCount,
      offSet: list.offSet,
      limit: list.limit,
    };
  });
  api.get('/user/favourites/ids', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    ctx.body = { outletIds: await listFavouriteIds(consumerId) };
  });
  api.put('/user/favourites/:outletId', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { outletId } = parseWith(favouriteInputSchema, { outletId: ctx.params.outletId });
    ctx.body = await addFavourite(consumerId, outletId);
  });
  api.delete('/user/favourites/:outletId', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { outletId } = parseWith(favouriteInputSchema, { outletId: ctx.params.outletId });
    ctx.body = await removeFavourite(consumerId, outletId);
  });
}
