import fc from 'fast-check';
import { z } from 'zod';

/**
 * Arbitraries for the route fuzz test (`server/app.fuzz.test.ts`): hostile values, and near-valid
 * inputs generated from a zod schema's JSON Schema, where each field is usually of the right shape (so
 * the request gets past validation and reaches the service and the database) and sometimes hostile.
 * Test code only.
 */

/** The subset of JSON Schema that `z.toJSONSchema` produces and the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

/** A zod schema as JSON Schema (its input side), or `{}` (anything) when zod cannot express it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Every property name in a JSON Schema, at any depth. */
export function propertyNamesOf(schema: JsonSchema, out = new Set<string>()): Set<string> {
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    out.add(name);
    propertyNamesOf(p, out);
  }
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.prefixItems ?? [])]) propertyNamesOf(s, out);
  if (schema.items) propertyNamesOf(schema.items, out);
  return out;
}

const INT4_MAX = 2_147_483_647;
const SAFE = Number.MAX_SAFE_INTEGER;

/** A string that does not compress (PostgreSQL compresses long values before it indexes them). */
export function noise(length: number, seed = 1): string {
  let x = seed;
  let s = '';
  while (s.length < length) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    s += String.fromCharCode(0x21 + (x % 0x5e));
  }
  return s;
}

/** Scalars and small structures that have broken servers before: JSON-safe. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  INT4_MAX,
  INT4_MAX + 1,
  -INT4_MAX - 2,
  32_768,
  SAFE,
  SAFE + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0x1F',
  '١٢٣',
  'null',
  'undefined',
  'true',
  'abc',
  '\u0000',
  'a\u0000b',
  '%zz',
  '%E0%A4',
  '\uD800',
  '\uDFFFx\uD800',
  '😀👍🏽',
  'नमस्ते',
  '\u202Eevil',
  '\r\n\t',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '9'.repeat(40),
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '99999-01-01',
  '2026-12-24T25:61:00Z',
  '24:61',
  '25:00',
  '23:59:60',
  '-infinity',
  'epoch',
  'x'.repeat(300),
  noise(3000, 7),
  [],
  {},
  [null],
  [1, 2, 3],
  ['1', '2'],
  [[[]]],
  { a: 1 },
  { '': null },
  [{}],
  { id: { id: { id: 1 } } },
];

/** Values only superjson can carry (tRPC inputs): they reach zod as real NaN, BigInt, Date, Map… */
export const SUPERJSON_VALUES: readonly unknown[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  undefined,
  new Date(Number.NaN),
  new Date(8.64e15),
  new Date(-8.64e15),
  2n ** 70n,
  -1n,
  new Map([[1, 2]]),
  new Set([1]),
  /x/g,
];

export function hostileArb(withSuperjson = false): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
    { weight: withSuperjson ? 3 : 0, arbitrary: fc.constantFrom(...SUPERJSON_VALUES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.maxSafeInteger() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>(1, 'a', null, -1, '\u0000', INT4_MAX + 1), { maxLength: 3 }) },
  );
}

export interface GenOptions {
  /** Strings that exist in the test's world (uuids, codes, slugs), offered now and then. */
  known: readonly string[];
  /** Ids of seeded rows, the most useful first (fields named `id`/`…Id` draw mostly from these). */
  ids: readonly number[];
  hostile: fc.Arbitrary<unknown>;
}

const ID_NAME = /(^id$|Id$|_ID$|^ID$|Ids$)/;

function intArb(min: number, max: number, o: GenOptions): fc.Arbitrary<number> {
  const lo = Math.max(Math.ceil(min), -SAFE);
  const hi = Math.min(Math.floor(max), SAFE);
  if (lo > hi) return fc.constant(lo);
  const clamp32 = (v: number) => Math.max(-INT4_MAX - 1, Math.min(INT4_MAX, v));
  const smallLo = clamp32(Math.max(lo, -3));
  const smallHi = clamp32(Math.min(hi, Math.max(smallLo, 0) + 12));
  const edges = [lo, hi, lo + 1, hi - 1, 0, 1, ...o.ids, INT4_MAX, INT4_MAX + 1, 32_767, 32_768, 1e15].filter((v) => v >= lo && v <= hi);
  return fc.oneof(
    { weight: 5, arbitrary: smallLo <= smallHi ? fc.integer({ min: smallLo, max: smallHi }) : fc.constant(lo) },
    { weight: 3, arbitrary: fc.constantFrom(...(edges.length ? edges : [lo])) },
    { weight: 1, arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number) },
  );
}

function numberArb(s: JsonSchema, o: GenOptions): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e308;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e308;
  const edges = [min, max, 0, 0.5, 1, 99.99, 100.001, 1e9, 1e15, 1e300, ...o.ids].filter((v) => v >= min && v <= max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: s.exclusiveMinimum !== undefined, maxExcluded: s.exclusiveMaximum !== undefined }) },
    { weight: 2, arbitrary: fc.constantFrom(...(edges.length ? edges : [min])) },
  );
}

function patternArb(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
}

function stringArb(s: JsonSchema, o: GenOptions): fc.Arbitrary<string> {
  switch (s.format) {
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constant(`${noise(70, 3)}@example.com`));
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constantFrom(...o.known.filter((k) => /^[0-9a-f-]{36}$/.test(k)), '00000000-0000-0000-0000-000000000000'));
    case 'date-time':
    case 'datetime':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2999-12-31') }).map((d) => d.toISOString().slice(0, 10));
    case 'time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(11, 19));
    default:
      break;
  }
  const byPattern = s.pattern ? patternArb(s.pattern) : null;
  // Known strings that fit the pattern (a real date for a date-shaped pattern, a real time…): a random
  // string matching `^\d{4}-\d{2}-\d{2}$` is rarely a date, and the call would stop at validation.
  const fitting = s.pattern ? o.known.filter((k) => safeTest(s.pattern!, k)) : [];
  const max = s.maxLength;
  const min = s.minLength ?? 0;
  const plain = fc.string({ minLength: Math.min(min, 30), maxLength: Math.max(Math.min(max ?? 30, 30), Math.min(min, 30)) });
  const edges = [
    ...(max !== undefined ? [noise(max, 5)] : [noise(3000, 11), noise(8000, 13)]),
    ...(min > 0 ? [noise(min, 17)] : []),
    'x'.repeat(Math.max(min, 1)),
    ' '.repeat(Math.max(min, 1)),
    `a\u0000${'b'.repeat(Math.max(min - 2, 0))}`,
  ];
  return fc.oneof(
    { weight: 5, arbitrary: byPattern ?? plain },
    { weight: fitting.length ? 5 : 0, arbitrary: fc.constantFrom(...(fitting.length ? fitting : [''])) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    { weight: o.known.length ? 2 : 0, arbitrary: fc.constantFrom(...(o.known.length ? o.known : [''])) },
    { weight: 1, arbitrary: plain },
  );
}

/** A value that fits the schema's shape (types, enums, patterns, bounds, including the extreme ends). */
export function validArb(s: JsonSchema, o: GenOptions, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => validArb(b, o, depth)));
  if (s.allOf?.length) return validArb(s.allOf[0]!, o, depth);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t) => validArb({ ...s, type: t }, o, depth)));
  switch (s.type) {
    case 'string':
      return stringArb(s, o);
    case 'integer':
      return intArb(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -SAFE), s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : SAFE), o);
    case 'number':
      return numberArb(s, o);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems?.length) return fc.tuple(...s.prefixItems.map((p) => mixedArb(p, o, depth + 1)));
      const items = s.items ?? {};
      const maxLength = Math.min(s.maxItems ?? 4, 4);
      return fc.array(mixedArb(items, o, depth + 1), { minLength: Math.min(s.minItems ?? 0, maxLength), maxLength });
    }
    case 'object':
      return objectArb(s, o, depth);
    default:
      return s.properties ? objectArb(s, o, depth) : o.hostile;
  }
}

/** Mostly a value of the right shape, sometimes a hostile one; an id field mostly a seeded row's id. */
export function mixedArb(s: JsonSchema, o: GenOptions, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const idLike = ID_NAME.test(name) && o.ids.length > 0 && !s.enum && types.some((t) => t === 'integer' || t === 'number' || t === 'string');
  const seeded = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...o.ids.slice(0, 2)) }, { weight: 2, arbitrary: fc.constantFrom(...o.ids) });
  const id = types.includes('string') && !types.includes('integer') && !types.includes('number') ? seeded.map(String) : seeded;
  return fc.oneof(
    { weight: idLike ? 8 : 0, arbitrary: idLike ? id : fc.constant(null) },
    { weight: 5, arbitrary: validArb(s, o, depth) },
    { weight: 1, arbitrary: o.hostile },
  );
}

/**
 * An object for the schema: required fields present (now and then one is missing), optional ones at
 * random, each mostly of the right shape, sometimes with an unexpected extra key.
 */
export function objectArb(s: JsonSchema, o: GenOptions, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  if (!props.length) {
    return fc.dictionary(fc.constantFrom('id', 'a', '__proto__', 'constructor', ''), o.hostile, { maxKeys: 2 });
  }
  const required = (s.required ?? []).filter((k) => s.properties?.[k]);
  const model = Object.fromEntries(props.map(([k, p]) => [k, mixedArb(p, o, depth + 1, k)]));
  const base = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    { weight: 8, arbitrary: base },
    {
      weight: required.length ? 1 : 0,
      arbitrary: fc.tuple(base, fc.constantFrom(...(required.length ? required : ['']))).map(([v, k]) => {
        const { [k]: _dropped, ...rest } = v;
        return rest;
      }),
    },
    { weight: 1, arbitrary: fc.tuple(base, o.hostile).map(([v, extra]) => ({ ...v, unexpectedKey: extra })) },
  );
}

/** A value as a query-string or path parameter would carry it. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

/** `encodeURIComponent`, with lone surrogates (which have no UTF-8 form) replaced rather than thrown on. */
export function enc(v: string): string {
  return encodeURIComponent(v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** Truncates long strings inside a value so a failure message stays readable. */
export function short(v: unknown, max = 120): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v));
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}
