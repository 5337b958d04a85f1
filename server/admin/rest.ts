import type Router from '@koa/router';
import type { Context } from 'koa';
import path from 'node:path';
import { idSchema } from '../modules/common/schema.ts';
import { notFound } from '../lib/errors.ts';
import { runtime } from '../lib/runtime.ts';
import { parseListParams, sendList } from '../rest/ra-list-params.ts';
import { actorOf } from '../rest/guards.ts';
import { parseWith } from '../rest/validate.ts';
import { documentNameOf, filterSchemaOf, type AdminResourceDeclaration } from './declaration.ts';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  runAction,
  updateRecord,
  type BoundResource,
} from './engine.ts';
import type { RestContext } from '../modules/manifest.ts';

const DOCUMENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
};

/** The declaration's `document` fields by their name in the documents route (`gstCertificateKey` → `gstCertificate`). */
function documentFieldsOf(d: AdminResourceDeclaration): Map<string, string> {
  return new Map(
    Object.entries(d.fields)
      .filter(([, spec]) => spec.kind === 'document')
      .map(([source]) => [documentNameOf(source), source]),
  );
}

/**
 * `GET /api/admin/<resource>/:id/documents/:name`: the bytes of a record's document (e.g. a business
 * application's cheque), for sales staff only (the admin router's guard). Documents may live under the
 * private storage prefix that `/uploads` never serves; this is how the back office shows them. The key
 * comes from the record, never from the request. Not cached by shared caches, never sniffed or run.
 */
function mountDocuments(admin: Router, bound: BoundResource): void {
  const d = bound.declaration;
  const documents = documentFieldsOf(d);
  if (!documents.size) return;
  admin.get(`/${d.name}/:id/documents/:name`, async (ctx) => {
    const source = documents.get(ctx.params.name ?? '');
    if (!source) throw notFound('No such document');
    const record = await getRecord(bound, parseWith(idSchema, ctx.params.id));
    const key = record[source];
    if (typeof key !== 'string' || !key) throw notFound('No document was uploaded');
    const bytes = await runtime().storage.get(key);
    if (!bytes) throw notFound('The document file is missing');
    const ext = path.extname(key).toLowerCase();
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Content-Disposition', `inline; filename="${documentNameOf(source)}-${record.id}${ext}"`);
    ctx.type = DOCUMENT_TYPES[ext] ?? 'application/octet-stream';
    ctx.body = bytes;
  });
}

/**
 * Generates `/api/admin/<resource>` in the ra-data-simple-rest dialect (CONVENTIONS §G) for each bound
 * resource: list (sort/range/filter, Content-Range), getMany (`filter={"id":[…]}`), getOne, and the
 * create/update/delete routes its declaration allows (others answer 405), plus its custom actions.
 */
export function mountAdminResources(admin: Router, resources: readonly BoundResource[]): void {
  for (const bound of resources) {
    const d = bound.declaration;
    const listSpec = {
      filterSchema: filterSchemaOf(d),
      sortable: d.list.sortable,
      // A request without `sort` (getMany) gets id order, as the dialect says; the UI sends its own default.
      defaultSort: { field: 'id', order: 'ASC' as const },
    };
    const base = `/${d.name}`;
    admin.get(base, async (ctx) => {
      const list = parseListParams(ctx.query, listSpec) as Parameters<typeof listRecords>[1];
      sendList(ctx, d.name, list, await listRecords(bound, list));
    });
    admin.get(`${base}/:id`, async (ctx) => {
      ctx.body = await getRecord(bound, parseWith(idSchema, ctx.params.id));
    });
    // Verbs a declaration does not offer answer 405 with a sentence react-admin can show.
    const allow = (extra: string[]) => ['GET', 'HEAD', ...extra].join(', ');
    const refuse = (what: string, allowed: string[]) => (ctx: Context) => {
      ctx.set('Allow', allow(allowed));
      ctx.throw(405, `${d.label} cannot be ${what} in the back office.`);
    };
    const collectionVerbs = d.operations.create ? ['POST'] : [];
    const itemVerbs = [...(d.operations.update ? ['PUT'] : []), ...(d.operations.delete ? ['DELETE'] : [])];
    if (d.operations.create) {
      admin.post(base, async (ctx) => {
        ctx.status = 201;
        ctx.body = await createRecord(bound, ctx.request.body, actorOf(ctx));
      });
    } else {
      admin.post(base, refuse('created', collectionVerbs));
    }
    if (d.operations.update) {
      admin.put(`${base}/:id`, async (ctx) => {
        ctx.body = await updateRecord(bound, parseWith(idSchema, ctx.params.id), ctx.request.body, actorOf(ctx));
      });
    } else {
      admin.put(`${base}/:id`, refuse('edited', itemVerbs));
    }
    if (d.operations.delete) {
      admin.delete(`${base}/:id`, async (ctx) => {
        ctx.body = await deleteRecord(bound, parseWith(idSchema, ctx.params.id), actorOf(ctx));
      });
    } else {
      admin.delete(`${base}/:id`, refuse('deleted', itemVerbs));
    }
    mountDocuments(admin, bound);
    for (const action of Object.keys(d.actions ?? {})) {
      admin.post(`${base}/:id/${action}`, async (ctx) => {
        ctx.body = await runAction(bound, action, parseWith(idSchema, ctx.params.id), ctx.request.body, actorOf(ctx));
      });
    }
  }
}

/** The REST_MODULES entry for server/app.ts. */
export function adminResourcesRest({ admin }: { admin: Router }, { adminResources }: RestContext): void {
  mountAdminResources(admin, adminResources);
}
