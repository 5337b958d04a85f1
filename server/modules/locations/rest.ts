import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import { locationSearchInputSchema } from './schema.ts';
import { searchLocations } from './service.ts';

/** `GET /api/outlet/location/search` (SPEC §7): the text is `location` (or `query`). */
export function locationsRest({ api }: { api: Router; admin: Router }): void {
  api.get('/outlet/location/search', async (ctx) => {
    const { query, ...rest } = ctx.query;
    const input = parseWith(locationSearchInputSchema, { location: query, ...rest });
    const principal = ctx.state.principal as Principal | null | undefined;
    ctx.body = await searchLocations(input, principal?.kind === 'consumer' ? principal.consumerId : null);
  });
}
