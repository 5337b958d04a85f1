import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { trackInputSchema } from './schema.ts';
import { trackEvents } from './service.ts';

/** `POST /api/analytics/track`: the REST twin of `analytics.track` (works with navigator.sendBeacon JSON blobs). */
export function analyticsRest({ api }: { api: Router; admin: Router }): void {
  api.post('/analytics/track', async (ctx) => {
    const result = await trackEvents(parseWith(trackInputSchema, ctx.request.body), { ip: ctx.ip || null });
    ctx.status = 202;
    ctx.body = result;
  });
}
