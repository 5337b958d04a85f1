import type { Knex } from 'knex';
import type { Model, ModelClass } from 'objection';
import { AuditLogEntry, MODELS, type BaseModel } from '../db/models/index.ts';
import type { AuditAction } from '../db/tables.ts';
import { AppError, conflict, notFound } from '../lib/errors.ts';
import { runtime } from '../lib/runtime.ts';
import { applyFilter, type ListQuery } from '../rest/ra-list-params.ts';
import { updateSchemaOf, type AdminResourceDeclaration } from './declaration.ts';

/**
 * The generic back-office service: list, read, create, update and delete any declared resource over
 * its Objection model, with the audit row written in the same transaction as the change and deletes
 * refused (409, nothing changed) while other data still depends on the record.
 * Resource-specific rules plug in through `ResourceHooks` (see `server/admin/hooks.ts`).
 */

export type AdminRecord = Record<string, unknown> & { id: number | string };

export interface AdminActor {
  salesStaffId: number;
}

export interface HookContext {
  trx: Knex.Transaction;
  actor: AdminActor;
  declaration: AdminResourceDeclaration;
  /** Writes one audit row (for side effects on other resources, e.g. an approval creating an outlet). */
  audit: (entry: { action: AuditAction; resource: string; recordId: string | number; before: AdminRecord | null; after: AdminRecord | null }) => Promise<void>;
}

export interface ResourceHooks {
  /** Turns the validated create body into the row to insert (hash a password, make a slug, check rules). */
  beforeCreate?(input: Record<string, unknown>, ctx: HookContext): Promise<Record<string, unknown>>;
  /** Runs after the insert, in the same transaction (e.g. outlet grants). */
  afterCreate?(record: AdminRecord, input: Record<string, unknown>, ctx: HookContext): Promise<void>;
  beforeUpdate?(patch: Record<string, unknown>, before: AdminRecord, ctx: HookContext): Promise<Record<string, unknown>>;
  afterUpdate?(record: AdminRecord, patch: Record<string, unknown>, before: AdminRecord, ctx: HookContext): Promise<void>;
  /** Throw an AppError to refuse a delete. */
  beforeDelete?(before: AdminRecord, ctx: HookContext): Promise<void>;
  /**
   * The writes themselves, for a table whose module's service is its only writer (outlets): the
   * engine calls these instead of writing through the model. `insert` returns the new id.
   */
  insert?(row: Record<string, unknown>, ctx: HookContext): Promise<number>;
  patch?(id: number, row: Record<string, unknown>, before: AdminRecord, ctx: HookContext): Promise<void>;
  remove?(id: number, before: AdminRecord, ctx: HookContext): Promise<void>;
  /** Adds virtual fields (e.g. `outletIds`) to records read from the table. */
  decorate?(records: AdminRecord[], db: Knex): Promise<void>;
  /** Custom actions, `POST /api/admin/<resource>/:id/<action>`; the body is already validated. */
  actions?: Record<string, (id: number, input: Record<string, unknown>, ctx: HookContext) => Promise<AdminRecord>>;
}

export interface BoundResource {
  declaration: AdminResourceDeclaration;
  hooks: ResourceHooks;
}

type AnyModel = ModelClass<Model> & typeof BaseModel;

const modelCache = new Map<string, AnyModel>();

/**
 * The Objection model of a table: the one declared in `server/db/models`. Every back-office resource has
 * one (none is made on the fly: a plain model would not know `timestamps`, so a moderated row's
 * `updated_at` would stand still); a resource without one stops the engine at its first use.
 * Models are never bound to a database: every query below passes the runtime's Knex or the transaction.
 */
export function modelFor(table: string): AnyModel {
  const cached = modelCache.get(table);
  if (cached) return cached;
  const model = MODELS.find((m) => m.tableName === table) as AnyModel | undefined;
  if (!model) throw new Error(`No Objection model is declared for the back-office table ${table} (server/db/models)`);
  modelCache.set(table, model);
  return model;
}

const idColumnOf = (d: AdminResourceDeclaration) => d.idColumn ?? 'id';
const column = (d: AdminResourceDeclaration, field: string) => (field === 'id' ? idColumnOf(d) : field);

/** A row as the browser sees it: hidden columns removed, `id` present, dates as ISO strings. */
function present(d: AdminResourceDeclaration, row: Model): AdminRecord {
  const json = JSON.parse(JSON.stringify(row.toJSON())) as Record<string, unknown>;
  for (const h of d.hidden ?? []) delete json[h];
  json.id = json[idColumnOf(d)] as number;
  return json as AdminRecord;
}

async function attachStaffNames(records: AdminRecord[], db: Knex, from: string, to: string): Promise<void> {
  const ids = [...new Set(records.map((r) => r[from]).filter((v): v is number => typeof v === 'number'))];
  const names = new Map<number, string>();
  if (ids.length) {
    for (const s of await db('salesStaff').whereIn('id', ids).select('id', 'name')) names.set(s.id, s.name);
  }
  for (const r of records) r[to] = typeof r[from] === 'number' ? (names.get(r[from] as number) ?? null) : null;
}

async function decorate(bound: BoundResource, records: AdminRecord[], db: Knex): Promise<AdminRecord[]> {
  const d = bound.declaration;
  if (d.createdByColumn) await attachStaffNames(records, db, d.createdByColumn, d.createdByColumn.replace(/Id$/, 'Name'));
  await bound.hooks.decorate?.(records, db);
  return records;
}

export async function listRecords(
  bound: BoundResource,
  list: ListQuery<Record<string, unknown>>,
): Promise<{ results: AdminRecord[]; total: number }> {
  const d = bound.declaration;
  const { db } = runtime();
  const model = modelFor(d.table);
  const qb = model.query(db);
  const filter = Object.fromEntries(Object.entries(list.filter).map(([k, v]) => [column(d, k), v]));
  applyFilter(qb, filter, { searchColumns: d.list.search });
  qb.orderBy(column(d, list.sort.field), list.sort.order.toLowerCase() as 'asc' | 'desc');
  if (column(d, list.sort.field) !== idColumnOf(d)) qb.orderBy(idColumnOf(d), 'asc');
  let rows: Model[];
  let total: number;
  if (list.range) {
    const page = await qb.range(list.range.start, list.range.end);
    rows = page.results;
    total = page.total;
  } else {
    rows = await qb.limit(1000);
    total = rows.length;
  }
  return { results: await decorate(bound, rows.map((r) => present(d, r)), db), total };
}

async function findRecord(bound: BoundResource, id: number, db: Knex, forUpdate = false): Promise<AdminRecord> {
  const d = bound.declaration;
  const qb = modelFor(d.table).query(db).findById(id);
  if (forUpdate) qb.forUpdate();
  const row: Model | undefined = await qb;
  if (!row) throw notFound(`${d.singularLabel ?? singular(d)} not found`);
  const [record] = await decorate(bound, [present(d, row)], db);
  return record!;
}

export function getRecord(bound: BoundResource, id: number): Promise<AdminRecord> {
  return findRecord(bound, id, runtime().db);
}

/** Runs `work` in one transaction with an audit writer bound to the actor. */
export async function withAudit<T>(
  declaration: AdminResourceDeclaration,
  actor: AdminActor,
  work: (ctx: HookContext) => Promise<T>,
): Promise<T> {
  return runtime().db.transaction(async (trx) => {
    const ctx: HookContext = {
      trx,
      actor,
      declaration,
      audit: async (entry) => {
        await AuditLogEntry.query(trx).insert({
          salesStaffId: actor.salesStaffId,
          action: entry.action,
          resource: entry.resource,
          recordId: String(entry.recordId),
          before: entry.before,
          after: entry.after,
        });
      },
    };
    return work(ctx);
  });
}

function refuse(operation: string, d: AdminResourceDeclaration): never {
  throw new AppError('BAD_REQUEST', `${d.label} cannot be ${operation} in the back office.`);
}

export async function createRecord(bound: BoundResource, body: unknown, actor: AdminActor): Promise<AdminRecord> {
  const d = bound.declaration;
  if (!d.operations.create) refuse('created', d);
  const input = d.createSchema.parse(body ?? {}) as Record<string, unknown>;
  return withAudit(d, actor, (ctx) => createInTransaction(bound, input, ctx));
}

/** The create steps inside a caller's transaction (an approval creates an owner and an outlet at once). */
export async function createInTransaction(
  bound: BoundResource,
  input: Record<string, unknown>,
  outer: HookContext,
): Promise<AdminRecord> {
  const d = bound.declaration;
  const ctx: HookContext = { ...outer, declaration: d };
  let row = bound.hooks.beforeCreate ? await bound.hooks.beforeCreate(input, ctx) : { ...input };
  if (d.createdByColumn) row = { ...row, [d.createdByColumn]: ctx.actor.salesStaffId };
  const id = bound.hooks.insert ? await bound.hooks.insert(row, ctx) : await insertThroughModel(d, row, ctx.trx);
  let record = await findRecord(bound, id, ctx.trx);
  if (bound.hooks.afterCreate) {
    await bound.hooks.afterCreate(record, input, ctx);
    record = await findRecord(bound, id, ctx.trx);
  }
  await ctx.audit({ action: 'create', resource: d.name, recordId: id, before: null, after: record });
  return record;
}

async function insertThroughModel(d: AdminResourceDeclaration, row: Record<string, unknown>, trx: Knex.Transaction): Promise<number> {
  const inserted = await modelFor(d.table).query(trx).insert(row).returning('*');
  const id: unknown = inserted.$id();
  if (typeof id !== 'number') throw new Error(`The insert into ${d.table} returned no ${idColumnOf(d)}`);
  return id;
}

/** Parses an update body: whole records and partial ones (updateMany) alike; only sent keys change. */
export function parseUpdate(d: AdminResourceDeclaration, body: unknown): Record<string, unknown> {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const parsed = updateSchemaOf(d).parse(raw) as Record<string, unknown>;
  // Zod fills defaults for absent keys even in a partial schema: an absent key must stay unchanged.
  for (const key of Object.keys(parsed)) if (!(key in raw)) delete parsed[key];
  return parsed;
}

export async function updateRecord(bound: BoundResource, id: number, body: unknown, actor: AdminActor): Promise<AdminRecord> {
  const d = bound.declaration;
  if (!d.operations.update) refuse('edited', d);
  const patch = parseUpdate(d, body);
  return withAudit(d, actor, async (ctx) => {
    const before = await findRecord(bound, id, ctx.trx, true);
    const row = bound.hooks.beforeUpdate ? await bound.hooks.beforeUpdate(patch, before, ctx) : { ...patch };
    if (Object.keys(row).length) {
      if (bound.hooks.patch) await bound.hooks.patch(id, row, before, ctx);
      else await modelFor(d.table).query(ctx.trx).patch(row).where(idColumnOf(d), id);
    }
    let record = await findRecord(bound, id, ctx.trx);
    if (bound.hooks.afterUpdate) {
      await bound.hooks.afterUpdate(record, patch, before, ctx);
      record = await findRecord(bound, id, ctx.trx);
    }
    await ctx.audit({ action: 'update', resource: d.name, recordId: id, before, after: record });
    return record;
  });
}

/** Counts what still depends on a record, by the declaration's orphan guards. */
export async function dependantsOf(d: AdminResourceDeclaration, id: number, db: Knex): Promise<{ label: string; count: number }[]> {
  const out: { label: string; count: number }[] = [];
  for (const g of d.orphanGuards ?? []) {
    const qb = db(g.table);
    if (g.via) qb.whereIn(g.column, db(g.via.table).select('id').where(g.via.column, id));
    else qb.where(g.column, id);
    const row = await qb.count({ n: '*' }).first();
    const count = Number(row?.n ?? 0);
    if (count > 0) out.push({ label: g.label, count });
  }
  return out;
}

function listOf(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export async function deleteRecord(bound: BoundResource, id: number, actor: AdminActor): Promise<AdminRecord> {
  const d = bound.declaration;
  if (!d.operations.delete) refuse('deleted', d);
  try {
    return await withAudit(d, actor, async (ctx) => {
      const before = await findRecord(bound, id, ctx.trx, true);
      const name = String(before[d.recordRepresentation] ?? id);
      const dependants = await dependantsOf(d, id, ctx.trx);
      if (dependants.length) {
        throw conflict(
          `Cannot delete ${singular(d)} "${name}": it still has ${listOf(dependants.map((x) => `${x.count} ${x.count === 1 ? x.label.replace(/s$/, '') : x.label}`))}. Nothing was deleted.`,
        );
      }
      await bound.hooks.beforeDelete?.(before, ctx);
      if (bound.hooks.remove) await bound.hooks.remove(id, before, ctx);
      else await modelFor(d.table).query(ctx.trx).delete().where(idColumnOf(d), id);
      await ctx.audit({ action: 'delete', resource: d.name, recordId: id, before, after: null });
      return before;
    });
  } catch (error) {
    // A foreign key no guard describes still refuses (23503, or 23001 for ON DELETE RESTRICT): say so
    // plainly; the transaction has rolled back.
    if (['23503', '23001'].includes(sqlStateOf(error) ?? '')) {
      throw conflict(`Cannot delete this ${singular(d)}: other records still refer to it. Nothing was deleted.`);
    }
    throw error;
  }
}

export async function runAction(
  bound: BoundResource,
  action: string,
  id: number,
  body: unknown,
  actor: AdminActor,
): Promise<AdminRecord> {
  const d = bound.declaration;
  const schema = d.actions?.[action];
  const handler = bound.hooks.actions?.[action];
  if (!schema || !handler) throw notFound('No such action');
  const input = schema.parse(body ?? {}) as Record<string, unknown>;
  return withAudit(d, actor, (ctx) => handler(id, input, ctx));
}

function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; nativeError?: { code?: unknown } } | null;
  const code = e?.nativeError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** "Business owners" → "business owner", for messages. */
export function singular(d: AdminResourceDeclaration): string {
  if (d.singularLabel) return d.singularLabel.toLowerCase();
  const l = d.label.toLowerCase();
  if (l.endsWith('ies')) return `${l.slice(0, -3)}y`;
  if (l.endsWith('s')) return l.slice(0, -1);
  return l;
}

/** Exposed for hooks that read a record inside their transaction. */
export { findRecord, attachStaffNames };
