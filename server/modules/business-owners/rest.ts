import type Router from '@koa/router';
import { z } from 'zod';
import { actorOf, requireSales } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { createRecord, listRecords, type AdminRecord } from '../../admin/engine.ts';
import { businessOwnerDetails, businessOwnerHooks } from './service.ts';
import { businessOwnersAdmin } from './admin.ts';

const legacyOwner = (r: AdminRecord) => ({
  ...businessOwnerDetails(r as never),
  NAME: r.name,
  EMAIL: r.email ?? null,
  IS_ACTIVE: String(r.isActive),
  OUTLET_IDS: r.outletIds ?? [],
});

const listQuerySchema = z.object({
  offSet: z.coerce.number().int().min(0).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  searchString: z.string().trim().max(100).optional(),
});

/**
 * Sales paths (SPEC §7): `POST /api/onboarding/bo/signup` creates a business-owner account;
 * `GET /api/business-owners` lists them, `POST /api/business-owners` creates one. Same service, same
 * schema and same audit row as the back office's `/api/admin/business-owners`.
 */
export function businessOwnersRest({ api }: { api: Router; admin: Router }): void {
  const owners = () => ({ declaration: businessOwnersAdmin, hooks: businessOwnerHooks });
  const create = async (ctx: Parameters<Parameters<Router['post']>[1]>[0]) => {
    const record = await createRecord(owners(), ctx.request.body, actorOf(ctx));
    ctx.status = 201;
    ctx.body = { message: 'Business owner created', businessOwnerDetails: legacyOwner(record) };
  };
  api.post('/onboarding/bo/signup', requireSales(), create);
  api.post('/business-owners', requireSales(), create);
  api.get('/business-owners', requireSales(), async (ctx) => {
    const q = parseWith(listQuerySchema, ctx.query);
    const start = (Math.max(q.offSet, 1) - 1) * q.limit;
    const page = await listRecords(owners(), {
      sort: { field: 'id', order: 'DESC' },
      range: { start, end: start + q.limit - 1 },
      filter: q.searchString ? { q: q.searchString } : {},
    });
    ctx.body = { businessOwners: page.results.map(legacyOwner), totalCount: page.total };
  });
}
