import type { Context } from 'koa';
import type { QueryBuilder, Model } from 'objection';
import { z, type ZodType } from 'zod';
import { AppError } from '../lib/errors.ts';

/**
 * The ra-data-simple-rest list dialect (CONVENTIONS §G), parsed and validated in one place:
 * `sort=["name","ASC"]`, `range=[0,24]` (inclusive), `filter={"q":"…","id":[1,2]}`.
 * A bad JSON value, an unknown filter or sort field, or an oversized range is a 400, never a 500.
 */
export interface ListQuery<F> {
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Inclusive row range; null when the request sent none (getMany). */
  range: { start: number; end: number } | null;
  filter: F;
}

export interface ListSpec<F> {
  /** Validates the filter object. Use `z.strictObject` so unknown keys are refused. */
  filterSchema: ZodType<F>;
  /** Fields a client may sort by (camelCase, as in the JSON records). */
  sortable: readonly string[];
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  /** Largest number of rows one request may ask for. */
  maxRows?: number;
}

export const DEFAULT_MAX_ROWS = 1000;

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') {
    throw new AppError('BAD_REQUEST', `Invalid ${name}: give it once, as JSON`, { details: { [name]: 'must be JSON' } });
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', `Invalid ${name}: not valid JSON`, { details: { [name]: 'is not valid JSON' } });
  }
}

function fail(name: string, message: string): never {
  throw new AppError('BAD_REQUEST', `Invalid ${name}: ${message}`, { details: { [name]: message } });
}

const sortTuple = z.tuple([z.string().min(1), z.enum(['ASC', 'DESC'])]);
const rangeTuple = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export function parseListParams<F>(query: Record<string, unknown>, spec: ListSpec<F>): ListQuery<F> {
  const maxRows = spec.maxRows ?? DEFAULT_MAX_ROWS;

  const rawSort = parseJsonParam('sort', query.sort);
  let sort = spec.defaultSort ?? { field: 'id', order: 'ASC' as const };
  if (rawSort !== undefined) {
    const parsed = sortTuple.safeParse(rawSort);
    if (!parsed.success) fail('sort', 'must be ["field","ASC"|"DESC"]');
    const [field, order] = parsed.data;
    if (!spec.sortable.includes(field)) fail('sort', `cannot sort by "${field}"`);
    sort = { field, order };
  }

  const rawRange = parseJsonParam('range', query.range);
  let range: ListQuery<F>['range'] = null;
  if (rawRange !== undefined) {
    const parsed = rangeTuple.safeParse(rawRange);
    if (!parsed.success) fail('range', 'must be [start,end] with whole numbers ≥ 0');
    const [start, end] = parsed.data;
    if (end < start) fail('range', 'end must not be before start');
    if (end - start + 1 > maxRows) fail('range', `at most ${maxRows} rows at a time`);
    range = { start, end };
  }

  const rawFilter = parseJsonParam('filter', query.filter) ?? {};
  if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) {
    fail('filter', 'must be a JSON object');
  }
  const filter = spec.filterSchema.safeParse(rawFilter);
  if (!filter.success) {
    const issue = filter.error.issues[0];
    const key = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue?.path.join('.');
    const message = issue?.code === 'unrecognized_keys' ? `unknown field "${key}"` : `${key}: ${issue?.message}`;
    fail('filter', message);
  }
  return { sort, range, filter: filter.data };
}

/**
 * Applies a validated filter: arrays → `IN`, `q` → case-insensitive search over `searchColumns`,
 * anything else → equality. Keys are camelCase; Knex's snake-case mapper turns them into columns.
 */
export function applyFilter<M extends Model>(
  qb: QueryBuilder<M, M[]>,
  filter: Record<string, unknown>,
  options: { searchColumns?: readonly string[]; table?: string } = {},
): QueryBuilder<M, M[]> {
  const col = (c: string) => (options.table ? `${options.table}.${c}` : c);
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === 'q') {
      const text = String(value).trim();
      if (!text || !options.searchColumns?.length) continue;
      const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      qb.where((w) => {
        for (const c of options.searchColumns ?? []) w.orWhere(col(c), 'ilike', pattern);
      });
    } else if (Array.isArray(value)) {
      qb.whereIn(col(key), value);
    } else if (value === null) {
      qb.whereNull(col(key));
    } else {
      qb.where(col(key), value as string | number | boolean);
    }
  }
  return qb;
}

/** Runs a list query: filter, sort (with `id` as tie-breaker), range; returns rows and the total. */
export async function runListQuery<M extends Model>(
  qb: QueryBuilder<M, M[]>,
  list: ListQuery<Record<string, unknown>>,
  options: { searchColumns?: readonly string[]; table?: string } = {},
): Promise<{ results: M[]; total: number }> {
  applyFilter(qb, list.filter, options);
  const col = (c: string) => (options.table ? `${options.table}.${c}` : c);
  qb.orderBy(col(list.sort.field), list.sort.order.toLowerCase() as 'asc' | 'desc');
  if (list.sort.field !== 'id') qb.orderBy(col('id'), 'asc');
  if (list.range) {
    const page = await qb.range(list.range.start, list.range.end);
    return { results: page.results, total: page.total };
  }
  const results = await qb.limit(DEFAULT_MAX_ROWS);
  return { results, total: results.length };
}

/**
 * `Content-Range: <resource> <start>-<end>/<total>`, on every list response (react-admin reads the
 * total after the slash). An empty page is `<resource> *\/0` (a star for the range).
 */
export function setContentRange(ctx: Context, resource: string, start: number, count: number, total: number): void {
  ctx.set('Content-Range', count === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + count - 1}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
}

/** Reply to a list request in the ra-data-simple-rest shape. */
export function sendList(ctx: Context, resource: string, list: ListQuery<unknown>, page: { results: unknown[]; total: number }): void {
  setContentRange(ctx, resource, list.range?.start ?? 0, page.results.length, page.total);
  ctx.body = page.results;
}

