import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseListParams } from './ra-list-params.ts';
import { idFilterSchema } from '../modules/common/list-schema.ts';
import { AppError } from '../lib/errors.ts';

const spec = {
  filterSchema: z.strictObject({ q: z.string().optional(), id: idFilterSchema.optional(), isActive: z.boolean().optional() }),
  sortable: ['id', 'name'] as const,
};

function errorOf(query: Record<string, unknown>): AppError {
  try {
    parseListParams(query, spec);
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a 400');
}

describe('parseListParams', () => {
  it('defaults to id ascending, no range, empty filter', () => {
    expect(parseListParams({}, spec)).toEqual({ sort: { field: 'id', order: 'ASC' }, range: null, filter: {} });
  });

  it('reads sort, inclusive range and filter', () => {
    const list = parseListParams({ sort: '["name","DESC"]', range: '[10,19]', filter: '{"q":"caf","isActive":true}' }, spec);
    expect(list).toEqual({ sort: { field: 'name', order: 'DESC' }, range: { start: 10, end: 19 }, filter: { q: 'caf', isActive: true } });
  });

  it('accepts getMany ids', () => {
    expect(parseListParams({ filter: '{"id":[1,2,3]}' }, spec).filter).toEqual({ id: [1, 2, 3] });
  });

  it.each([
    [{ sort: 'not json' }, 'sort'],
    [{ sort: '["password","ASC"]' }, 'sort'],
    [{ sort: '["name","SIDEWAYS"]' }, 'sort'],
    [{ sort: '{"field":"name"}' }, 'sort'],
    [{ range: '[5,1]' }, 'range'],
    [{ range: '[-1,5]' }, 'range'],
    [{ range: '[0,5000]' }, 'range'],
    [{ range: '[0' }, 'range'],
    [{ filter: '{"role":"admin"}' }, 'filter'],
    [{ filter: '[1,2]' }, 'filter'],
    [{ filter: '{"isActive":"maybe"}' }, 'filter'],
    [{ filter: '{oops' }, 'filter'],
    [{ sort: ['["id","ASC"]', '["id","ASC"]'] }, 'sort'],
  ])('refuses %j with a 400 naming %s', (query, field) => {
    const e = errorOf(query);
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('BAD_REQUEST');
    expect(Object.keys(e.details ?? {})).toEqual([field]);
  });

  it('names the unknown filter field', () => {
    expect(errorOf({ filter: '{"role":"admin"}' }).message).toContain('role');
  });
});
