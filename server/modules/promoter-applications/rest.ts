import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { createPromoterApplicationSchema } from './schema.ts';
import { createPromoterApplication } from './service.ts';

/** `POST /api/promoter-applications`: the /become-promoter interest form. */
export function promoterApplicationsRest({ api }: { api: Router; admin: Router }): void {
  api.post('/promoter-applications', async (ctx) => {
    const row = await createPromoterApplication(parseWith(createPromoterApplicationSchema, ctx.request.body), { ip: ctx.ip || null });
    ctx.status = 201;
    ctx.body = { success: true, id: row.id, createdAt: row.createdAt.toISOString() };
  });
}
