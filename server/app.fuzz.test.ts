import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import superjson from 'superjson';
import supertest from 'supertest';
import { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restRouters } from './rest/routers.ts';
import type * as Validate from './rest/validate.ts';
import { healthRoutes } from './modules/health/rest.ts';
import { appRouter } from './trpc/app-router.ts';
import { useTestDatabase } from './test/setup.ts';
import { bearer, createTestApp } from './test/app.ts';
import { testDb } from './test/database.ts';
import { createLogger } from './lib/logger.ts';
import { resolveSession } from './modules/sessions/service.ts';
import { businessWorld, fillOutlet, giveGoldKeys, grant, insertCoupon, insertOwner, insertSalesStaff, newShopper, png } from './test/factories.ts';
import {
  asText,
  enc,
  hostileArb,
  jsonSchemaOf,
  noise,
  objectArb,
  propertyNamesOf,
  short,
  validArb,
  type GenOptions,
  type JsonSchema,
} from './test/fuzz.ts';

/**
 * Issue 12: a client's mistake is a 4xx, never a 5xx, and a refused request writes nothing.
 *
 * Every REST route (read from the routers' own `stack`, so routes added later are covered without
 * touching this file) and every tRPC procedure (`appRouter._def.procedures`) gets hostile requests from
 * fast-check, as each principal (anonymous, shopper, business owner, sales), over a small seeded world
 * so ids resolve some of the time. Inputs are generated from the zod schemas themselves (tRPC: the
 * procedure's input; REST: the schemas its handler was seen to parse, or any module schema), each
 * field mostly well-shaped and sometimes hostile; plus malformed JSON, wrong content types and
 * encodings, bad path parameters, repeated query keys and superjson-only values (NaN, BigInt, Date…).
 *
 * Asserted for every response: status < 500 (for tRPC also no INTERNAL_SERVER_ERROR inside a batch or
 * stream); an error has the transport's error shape; and a refused request (≥ 400) wrote no row (row
 * triggers log every write while the test runs).
 *
 *   FUZZ_RUNS=200 npx vitest run --config server/vitest.config.ts server/app.fuzz.test.ts   # deeper
 *   FUZZ_SEED=<seed> … -t '<route>'                                                          # replay
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// Which zod schemas a REST handler parses with (rest/validate.ts), so its fuzz inputs can follow them.
const recorded = vi.hoisted(() => ({ schemas: new Set<unknown>() }));
vi.mock('./rest/validate.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Validate>();
  return {
    ...original,
    parseWith: ((schema, value) => {
      recorded.schemas.add(schema);
      return original.parseWith(schema, value);
    }) satisfies typeof original.parseWith,
  };
});

useTestDatabase({ reset: false });

// --- what the app serves ------------------------------------------------------------------------------

interface RestRoute {
  method: string;
  path: string;
  params: string[];
}

const REST_ROUTES: RestRoute[] = (() => {
  const routers = restRouters();
  const seen = new Set<string>();
  const out: RestRoute[] = [];
  for (const router of [healthRoutes(), routers.adminAuth, routers.admin, routers.api]) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') continue;
      for (const method of layer.methods) {
        const key = `${method} ${layer.path}`;
        if (method === 'HEAD' || seen.has(key)) continue;
        seen.add(key);
        out.push({ method, path: layer.path, params: layer.paramNames.map((p) => String(p.name)) });
      }
    }
  }
  return out;
})();

interface ProcedureInfo {
  name: string;
  type: 'query' | 'mutation';
  inputs: unknown[];
}

const PROCEDURES: ProcedureInfo[] = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>)
  .filter(([, p]) => p._def.type === 'query' || p._def.type === 'mutation')
  .map(([name, p]) => ({ name, type: p._def.type as 'query' | 'mutation', inputs: p._def.inputs }));

// --- the world ----------------------------------------------------------------------------------------

type PrincipalName = 'anonymous' | 'shopper' | 'owner' | 'sales';
const PRINCIPALS: PrincipalName[] = ['anonymous', 'shopper', 'owner', 'sales'];

/** The route or procedure under test (`POST /api/…`, `trpc outlets.byId`). */
let currentKey = '';
/** Rows a refused request writes on purpose: counters of attempts, which must count the refused ones. */
const WRITES_ON_REFUSAL: { table: string; only?: RegExp; why: string }[] = [
  { table: 'rate_limit_counters', why: 'a rate limit counts every attempt, refused ones included' },
  { table: 'otp_challenges', why: 'a wrong code counts towards burning the challenge' },
  { table: 'sales_staff', only: /^POST \/api\/admin\/auth\/login$/, why: 'failed sales logins count towards the lockout' },
];
const writeAllowedOnRefusal = (table: string) => WRITES_ON_REFUSAL.some((w) => w.table === table && (!w.only || w.only.test(currentKey)));
/** Writes to these may end a principal's session (logout, account deletion): check the tokens again. */
const PRINCIPAL_TABLES = new Set(['sessions', 'consumers', 'business_owners', 'business_owner_outlets', 'sales_staff']);

let server: http.Server;
let distDir = '';
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
let request: ReturnType<typeof supertest>;
const serverErrors: string[] = [];
const headersOf: Record<PrincipalName, Record<string, string>> = { anonymous: {}, shopper: {}, owner: {}, sales: {} };
let gen: GenOptions;
let genTrpc: GenOptions;
let outletA = 1;
let schemaPool: JsonSchema[] = [];
let unionSchema: JsonSchema = {};
const learned = new Map<string, JsonSchema[]>();

async function seedWorld() {
  const w = await businessWorld();
  outletA = w.outletA;
  const content = await fillOutlet(w.outletA);
  await fillOutlet(w.outletB);
  const shopperId = await newShopper();
  await giveGoldKeys(shopperId, 5);
  await insertCoupon(shopperId, w.outletA, { code: 'SHFUZZ0001' });
  const sales = await insertSalesStaff('sales.fuzz');
  headersOf.shopper = await bearer('consumer', shopperId);
  headersOf.owner = w.authA;
  headersOf.sales = sales.auth;
  // A paid order, so receipts, history and dashboards have something to find.
  const order = await request
    .post('/api/outlet/route/v1/create')
    .set(headersOf.shopper)
    .set('Idempotency-Key', 'fuzz-order-0001')
    .send({ outletId: w.outletA, amount: '1000' });
  const orderId = String(order.body?.order?.ORDER_ID ?? '');
  if (orderId) await request.post(`/api/payments/demo/${orderId}/complete`).set(headersOf.shopper).send({ outcome: 'pay' });
  const receipt = orderId ? await request.get(`/api/payments/order/${orderId}`).set(headersOf.shopper) : null;
  const known = [
    orderId,
    String(receipt?.body?.receipt?.RECEIPT_CODE ?? ''),
    String(receipt?.body?.receipt?.VERIFICATION_CODE ?? ''),
    'SHFUZZ0001',
    'anita-cafe',
    'bala-mess',
    'owner.a',
    'sales.fuzz',
    'monday',
    'today',
    '9876500001',
    '9876543210',
    'owner@example.com',
    // Dates and times that parse: today's, the fixtures' future day, a leap day, the far ends.
    new Date().toISOString().slice(0, 10),
    '2026-12-24',
    '2028-02-29',
    '1970-01-01',
    '9999-12-31',
    new Date().toISOString(),
    '00:00',
    '12:00',
    '18:30',
    '23:59',
    '24:00',
    '12:00:00',
    '#FF6600',
    'R',
    'D',
    'E',
    'Highlight',
    'food',
  ].filter(Boolean);
  // The owner's outlets first: business calls name one of them to get past the ownership check.
  const ids = [...new Set([w.outletA, w.outletA2, 1, 2, 3, w.outletB, content.adR, content.eventId, content.slotR, content.menuId, content.photoId])];
  gen = { known, ids, hostile: hostileArb(false) };
  genTrpc = { known, ids, hostile: hostileArb(true) };
}

/** Logs every row written while the test runs (transactional: a rolled-back write leaves no trace). */
async function installWriteLog() {
  const db = testDb();
  await db.raw('CREATE TABLE fuzz_writes (table_name text NOT NULL, op text NOT NULL)');
  await db.raw(`CREATE FUNCTION fuzz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
  const tables = (await db.raw(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'knex_migrations%' AND tablename <> 'fuzz_writes'`,
  )) as { rows: { tablename: string }[] };
  for (const { tablename } of tables.rows) {
    await db.raw(`CREATE TRIGGER fuzz_log_write AFTER INSERT OR UPDATE OR DELETE ON ?? FOR EACH ROW EXECUTE FUNCTION fuzz_log_write()`, [tablename]);
  }
}

async function takeWrites(): Promise<string[]> {
  const result = (await testDb().raw('DELETE FROM fuzz_writes RETURNING table_name, op')) as { rows: { table_name: string; op: string }[] };
  return result.rows.map((r) => `${r.op} ${r.table_name}`);
}

/** Every principal still signed in (a fuzzed logout or account deletion is re-done, not left to skew the rest). */
async function ensurePrincipals() {
  const tokenOf = (p: PrincipalName) => headersOf[p].Authorization?.slice('Bearer '.length) ?? '';
  if (!(await resolveSession(tokenOf('shopper')))) headersOf.shopper = await bearer('consumer', await newShopper());
  if (!(await resolveSession(tokenOf('owner')))) {
    const owner = await testDb()('businessOwners').where({ username: 'owner.a' }).first('id');
    const id = (owner?.id as number | undefined) ?? (await insertOwner({ username: `owner.fuzz.${Date.now()}` }));
    const outlet = await testDb()('outlets').orderBy('id').first('id');
    if (outlet) await grant(id, outlet.id as number);
    headersOf.owner = await bearer('business', id);
  }
  if (!(await resolveSession(tokenOf('sales')))) {
    const staff = await testDb()('salesStaff').orderBy('id').first('id');
    headersOf.sales = staff ? await bearer('sales', staff.id as number) : (await insertSalesStaff(`sales.fuzz.${Date.now()}`)).auth;
  }
  await takeWrites();
}

/** Every object schema the modules export (schema.ts files and back-office declarations). */
async function loadSchemaPool(): Promise<JsonSchema[]> {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');
  const files = fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => /(^|[/\\])([a-z-]*schema|admin)\.ts$/.test(f));
  const schemas = new Set<ZodType>();
  const collect = (v: unknown, depth: number) => {
    if (v instanceof ZodType) schemas.add(v);
    else if (depth < 2 && v && typeof v === 'object') for (const x of Object.values(v)) collect(x, depth + 1);
  };
  for (const f of files) collect(await import(path.join(root, f)), 0);
  return [...schemas].map(jsonSchemaOf).filter((s) => s.type === 'object' && Object.keys(s.properties ?? {}).length > 0);
}

// --- requests ---------------------------------------------------------------------------------------

interface Wire {
  principal: PrincipalName;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  text: string;
  body: unknown;
  headers: Record<string, string>;
}

/** How long one fuzzed request may take before it counts as unanswered (the test itself has 30 s). */
const ANSWER_DEADLINE_MS = 20_000;

async function send(wire: Wire): Promise<Answer> {
  const method = wire.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  let req = request[method](wire.url).agent(keepAlive).set({ ...headersOf[wire.principal], ...wire.headers });
  if (wire.body !== undefined) req = req.serialize((b: unknown) => b as string).send(wire.body as string);
  // Read every answer as text (a tRPC stream is JSON lines, a CSV is CSV) and parse JSON here. A
  // request the server never answers fails here with its wire, rather than holding the one socket
  // every later request waits for (a whole CI run once sat on it, every test timing out in turn).
  const answer = req.ok(() => true).timeout({ deadline: ANSWER_DEADLINE_MS }).buffer(true).parse((r, done) => {
    // An event stream the fuzz opened (the counter's live payments, an accepted request) never ends by
    // design: its status and headers are the answer; hang up, as a closed tab would.
    if (String((r as unknown as { headers: Record<string, string> }).headers['content-type'] ?? '').startsWith('text/event-stream')) {
      (r as unknown as { destroy: () => void }).destroy();
      done(null, '');
      return;
    }
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (chunk: string) => (text += chunk));
    r.on('end', () => done(null, text));
  });
  const res = await answer.catch((error: { timeout?: number }) => {
    if (error.timeout === undefined) throw error;
    lastFailure = `no answer within ${ANSWER_DEADLINE_MS / 1000} s\n  ${describeWire(wire)}`;
    throw new Error(lastFailure);
  });
  const text = typeof res.body === 'string' ? res.body : '';
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, text, body, headers: res.headers as Record<string, string> };
}

function describeWire(wire: Wire): string {
  const headers = Object.entries(wire.headers)
    .map(([k, v]) => `${k}: ${short(v, 60)}`)
    .join('; ');
  const body = wire.body === undefined ? '' : `\n  body: ${short(Buffer.isBuffer(wire.body) ? `<${wire.body.length} bytes>` : wire.body, 400)}`;
  return `${wire.method} ${short(wire.url, 400)} as ${wire.principal}${headers ? `\n  headers: ${headers}` : ''}${body}`;
}

let lastFailure = '';
/** FUZZ_STATS=1: how often each route answered each status (is the fuzz getting past validation?). */
const stats = new Map<string, Map<number, number>>();

async function check(wire: Wire, res: Answer): Promise<void> {
  const writes = await takeWrites();
  if (process.env.FUZZ_LOG_STATUS && process.env.FUZZ_LOG_STATUS.split(',').includes(String(res.status))) {
    console.info(`${describeWire(wire)}\n  answer: ${res.status} ${short(res.text, 300)}`);
  }
  if (process.env.FUZZ_STATS) {
    const byStatus = stats.get(currentKey) ?? new Map<number, number>();
    byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    stats.set(currentKey, byStatus);
  }
  const problems: string[] = [];
  const isTrpc = wire.url.startsWith('/trpc');
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  if (isTrpc && res.text.includes('INTERNAL_SERVER_ERROR')) problems.push('a call inside the answer is INTERNAL_SERVER_ERROR');
  // 431: Node's HTTP parser refuses an oversized URL or header before the app sees the request.
  if (res.status >= 400 && wire.method !== 'HEAD' && res.status !== 431) {
    const body = res.body as { message?: unknown; error?: unknown } | unknown[] | null;
    if (isTrpc) {
      if (!body || typeof body !== 'object') problems.push('error answer is not tRPC JSON');
    } else if (wire.url.startsWith('/api') && (!body || Array.isArray(body) || typeof body.message !== 'string')) {
      problems.push('error answer has no JSON { message }');
    }
    const refusedWrites = writes.filter((w) => !writeAllowedOnRefusal(w.split(' ')[1]!));
    if (refusedWrites.length) problems.push(`refused, yet wrote: ${[...new Set(refusedWrites)].join(', ')}`);
  }
  if (writes.some((w) => PRINCIPAL_TABLES.has(w.split(' ')[1]!))) await ensurePrincipals();
  if (problems.length) {
    const logged = serverErrors.length ? `\n  server log: ${serverErrors.map((e) => short(e, 300)).join(' | ')}` : '';
    lastFailure = `${problems.join('; ')}\n  ${describeWire(wire)}\n  answer: ${res.status} ${short(res.text, 400)}${logged}`;
    throw new Error(lastFailure);
  }
}

async function fuzz<T>(arb: fc.Arbitrary<T>, toWire: (v: T) => Wire): Promise<void> {
  lastFailure = '';
  await ensurePrincipals(); // and forget writes of a run that ended early
  await fc.assert(
    fc.asyncProperty(arb, async (v) => {
      const wire = toWire(v);
      serverErrors.length = 0;
      await check(wire, await send(wire));
    }),
    {
      numRuns: RUNS,
      seed: SEED,
      endOnFailure: !process.env.FUZZ_SHRINK,
      reporter: (details) => {
        if (details.failed) throw new Error(`${lastFailure || String(details.errorInstance)}\n  (replay: FUZZ_SEED=${details.seed})`);
      },
    },
  );
}

const principalArb = fc.constantFrom(...PRINCIPALS);
/** Per route or procedure: the principals a plausible call was not refused for (401/403), found first. */
const admitted = new Map<string, PrincipalName[]>();
/** Mostly a principal the route admits (so calls get past the guard), now and then any. */
const principalFor = (key: string) => {
  const ok = admitted.get(key) ?? [];
  return ok.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ok) }, { weight: 1, arbitrary: principalArb }) : principalArb;
};

/** Sends a plausible call as each principal: which are admitted, and (REST) which schemas the handler parses. */
async function discover(key: string, wireFor: (principal: PrincipalName) => Wire): Promise<void> {
  const ok: PrincipalName[] = [];
  const schemas: JsonSchema[] = [];
  for (const principal of PRINCIPALS) {
    recorded.schemas.clear();
    const wire = wireFor(principal);
    serverErrors.length = 0;
    const res = await send(wire);
    await check(wire, res);
    if (res.status !== 401 && res.status !== 403) ok.push(principal);
    for (const schema of recorded.schemas) if (schema instanceof ZodType) schemas.push(jsonSchemaOf(schema));
  }
  admitted.set(key, ok);
  learned.set(
    key,
    schemas.filter((s) => s.type === 'object'),
  );
}

const MALFORMED_JSON = [
  '{"a":',
  "{'a':1}",
  '{"a":1}}',
  '\u0000',
  '',
  'null',
  '"text"',
  '123',
  '[1,2,',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}`,
  '{"a":1e999999}',
  `{"a":"${'\\u0000'.repeat(10)}"}`,
  '{"a":"\\ud800"}',
  '\uFEFF{"a":1}',
];

/** Upload bodies: a real picture (set up with the world), a truncated PNG header, noise. */
const FILES: Record<'picture' | 'truncated' | 'noise', Buffer> = {
  picture: Buffer.alloc(0),
  truncated: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  noise: Buffer.from(noise(200)),
};
const FILE_FIELDS = ['file', 'image', 'photo', 'picture', 'profilePic', 'menu', 'gstCertificate', 'cheque', 'document'];

function multipartOf(fields: Record<string, unknown>, fileField: string, file: Buffer): { body: Buffer; type: string } {
  const boundary = 'fuzzboundary7MA4YWxk';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${asText(v)}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** `k=v` pairs: arrays become repeated keys (`?a=1&a=2`) or JSON, objects JSON. */
function queryPairs(input: unknown, repeatArrays: boolean): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input === undefined ? [] : [`input=${enc(asText(input))}`];
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v) && repeatArrays) for (const x of v) pairs.push(`${enc(k)}=${enc(asText(x))}`);
    else pairs.push(`${enc(k)}=${enc(asText(v))}`);
  }
  return pairs;
}

const RAW_QUERY_BITS = [
  '%zz',
  '%E0%A4=1',
  'a[b]=1',
  'a[]=1&a[]=2',
  '=x',
  '&&',
  'x=%00',
  'outletId=1&outletId=2',
  'id=1&id=abc',
  'page=-1',
  'limit=1e309',
  'offSet=99999999999',
  '__proto__=1',
  'constructor=x&hasOwnProperty=1&toString=1',
];

/** react-admin's list parameters, as `/api/admin/<resource>` lists read them. */
const raListArb = fc.record(
  {
    sort: fc.oneof(fc.constantFrom('["id","ASC"]', '["name","DESC"]', '["id","SIDEWAYS"]', '["id; DROP TABLE x","ASC"]', '[]', '"id"', '[1,2]', '{bad'), fc.json({ maxDepth: 1 })),
    range: fc.oneof(
      fc.constantFrom('[0,24]', '[0,9999999999]', '[-5,3]', '[3,1]', '["a","b"]', '[0.5,2.5]', '[1e308,1e309]', '[0]', '[]', 'null'),
      fc.tuple(fc.integer(), fc.integer()).map((t) => JSON.stringify(t)),
    ),
    filter: fc.oneof(
      fc.constantFrom('{}', '{"q":"a"}', '{"id":[1,2,3]}', '{"id":["x",null]}', '{"id":2147483648}', '{"q":"\\u0000"}', '{"q":"%"}', '[]', 'null', '{bad'),
      fc.dictionary(fc.constantFrom('q', 'id', 'outletId', 'isActive', 'status', 'cityId', 'categoryId', 'isLive', 'name', 'createdAt'), hostileArb(), { maxKeys: 3 }).map((o) => JSON.stringify(o)),
    ),
  },
  { requiredKeys: [] },
);

const objectArbs = new Map<JsonSchema, fc.Arbitrary<Record<string, unknown>>>();
const objectFor = (s: JsonSchema, o: GenOptions) => {
  let arb = objectArbs.get(s);
  if (!arb) {
    arb = objectArb(s, o);
    objectArbs.set(s, arb);
  }
  return arb;
};

/** The input of a REST call: shaped like a schema the route was seen to parse, or like any module schema. */
function restInputArb(route: RestRoute): fc.Arbitrary<unknown> {
  const key = `${route.method} ${route.path}`;
  const seeded = fc.constant(null).chain(() => {
    const mine = learned.get(key) ?? [];
    return mine.length ? fc.constantFrom(...mine).chain((s) => objectFor(s, gen)) : fc.constantFrom(...schemaPool).chain((s) => objectFor(s, gen));
  });
  return fc.oneof(
    { weight: 8, arbitrary: seeded },
    { weight: 2, arbitrary: fc.constantFrom(...schemaPool).chain((s) => objectFor(s, gen)) },
    { weight: 2, arbitrary: objectFor(unionSchema, gen) },
    { weight: 1, arbitrary: gen.hostile },
  );
}

const paramArb = () =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...gen.ids.map(String)) },
    { weight: 2, arbitrary: fc.constantFrom(...gen.known) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'abc',
        '0',
        '-1',
        '1.5',
        '1e309',
        '2147483648',
        '9223372036854775808',
        'NaN',
        'Infinity',
        'null',
        '%zz',
        '%E0%A4',
        '%00',
        'a%00b',
        '%20',
        '%2F',
        '..',
        '%2e%2e',
        'x'.repeat(300),
        enc('😀'),
        enc('नमस्ते'),
        '00000000-0000-0000-0000-000000000000',
      ),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).filter((s) => s.length > 0).map((s) => enc(s)) },
  );

interface RestCase {
  principal: PrincipalName;
  input: unknown;
  params: Record<string, string>;
  form: string;
  repeatArrays: boolean;
  extra: string[];
  ra: Partial<Record<'sort' | 'range' | 'filter', string>> | null;
  method: string | null;
  headers: Record<string, string>;
  fileField: string;
  file: keyof typeof FILES;
  malformed: string;
}

const extraHeadersArb = fc.record(
  {
    'Idempotency-Key': fc.oneof(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', '', 'a', 'x'.repeat(300), 'bad key!'), fc.uuid()),
    Range: fc.constantFrom('outlets=0-24', 'bytes=0-0', 'items=abc'),
    'X-Razorpay-Signature': fc.constantFrom('f'.repeat(64), 'zz', ''),
    'X-Request-Id': fc.constantFrom('fuzz-req-12345678', '<script>', 'x'.repeat(500)),
    'Accept-Language': fc.constantFrom('hi-IN', '*', ';;;'),
    'Content-Type': fc.constantFrom('application/json; charset=latin1', 'application/json; charset=utf-16', 'application/vnd.api+json', 'application/json; boundary=x'),
  },
  { requiredKeys: [] },
);

/** `arb` once in `every` runs, null otherwise. */
const rarely = <T,>(arb: fc.Arbitrary<T>, every: number) => fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

function restCaseArb(route: RestRoute, key: string): fc.Arbitrary<RestCase> {
  const isAdminList = route.method === 'GET' && route.path.startsWith('/api/admin/') && route.params.length === 0;
  return fc.record({
    principal: principalFor(key),
    input: restInputArb(route),
    params: fc.record(Object.fromEntries(route.params.map((p) => [p, paramArb()]))) as fc.Arbitrary<Record<string, string>>,
    form: fc.constantFrom('json', 'json', 'json', 'json', 'json', 'json', 'query', 'query', 'malformed', 'text', 'form', 'multipart', 'multipart', 'multipart', 'encoding', 'none'),
    repeatArrays: fc.boolean(),
    extra: fc.array(
      fc.oneof(
        fc.constantFrom(...RAW_QUERY_BITS),
        fc.tuple(fc.constantFrom(...propertyNamesOf(unionSchema)), gen.hostile).map(([k, v]) => `${enc(k)}=${enc(asText(v))}`),
      ),
      { maxLength: 2 },
    ),
    ra: isAdminList ? rarely(raListArb, 2) : fc.constant(null),
    method: rarely(fc.constantFrom('PATCH', 'OPTIONS', 'HEAD', 'PUT', 'DELETE', 'POST', 'GET'), 12),
    headers: rarely(extraHeadersArb, 6).map((h) => h ?? {}),
    // `file` is the field most upload routes take; the others are theirs or unexpected.
    fileField: fc.oneof({ weight: 3, arbitrary: fc.constant('file') }, { weight: 2, arbitrary: fc.constantFrom(...FILE_FIELDS) }),
    file: fc.constantFrom('picture', 'picture', 'truncated', 'noise'),
    malformed: fc.constantFrom(...MALFORMED_JSON),
  }) as fc.Arbitrary<RestCase>;
}

function restWire(route: RestRoute, c: RestCase): Wire {
  const method = c.method ?? route.method;
  let url = route.path;
  for (const p of route.params) url = url.replace(`:${p}`, c.params[p] ?? '1');
  const headers: Record<string, string> = {};
  const pairs = [...c.extra];
  if (c.ra) for (const [k, v] of Object.entries(c.ra)) pairs.push(`${k}=${enc(v)}`);
  let body: string | Buffer | undefined;
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  if (!hasBody || c.form === 'query') pairs.push(...queryPairs(c.input, c.repeatArrays));
  else {
    const json = JSON.stringify(c.input) ?? 'null';
    switch (c.form) {
      case 'json':
        headers['Content-Type'] = 'application/json';
        body = json;
        break;
      case 'malformed':
        headers['Content-Type'] = 'application/json';
        body = c.malformed;
        break;
      case 'text':
        headers['Content-Type'] = 'text/plain';
        body = json;
        break;
      case 'form':
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = queryPairs(c.input, c.repeatArrays).join('&');
        break;
      case 'multipart': {
        const fields = c.input && typeof c.input === 'object' && !Array.isArray(c.input) ? (c.input as Record<string, unknown>) : { value: c.input };
        const m = multipartOf(fields, c.fileField, FILES[c.file]);
        headers['Content-Type'] = m.type;
        body = m.body;
        break;
      }
      case 'encoding':
        headers['Content-Type'] = 'application/json';
        headers['Content-Encoding'] = c.repeatArrays ? 'gzip' : 'br2';
        body = c.repeatArrays && c.extra.length ? zlib.gzipSync(json) : json;
        break;
      default:
        break;
    }
  }
  return { principal: c.principal, method, url: pairs.length ? `${url}?${pairs.join('&')}` : url, headers: { ...headers, ...c.headers }, body };
}

// --- tRPC ---------------------------------------------------------------------------------------------

const SUPERJSON_MALFORMED = [
  '{bad',
  '%zz',
  '[]',
  '"x"',
  '{"json":1,"meta":{"values":["bigint"]}}',
  '{"json":"x","meta":{"values":["bigint"]}}',
  '{"json":"nope","meta":{"values":["Date"]}}',
  '{"json":{"a":1},"meta":{"values":{"a":["set"]}}}',
  '{"json":[1],"meta":{"values":[["map"]]}}',
  '{"json":"x","meta":{"values":["regexp"]}}',
  '{"json":"x","meta":{"values":[["class","Nope"]]}}',
  '{"json":"x","meta":{"values":[["custom","Nope"]]}}',
  '{"json":{"a":1,"b":2},"meta":{"referentialEqualities":{"a":["b"]}}}',
  '{"json":{"a":{}},"meta":{"referentialEqualities":{"a":["__proto__.polluted"]}}}',
  '{"json":{"__proto__":{"polluted":1}}}',
  '{"0":{"json":1},"1":null}',
  '{"json":null,"meta":{"values":["undefined"],"v":1}}',
];

interface TrpcCase {
  principal: PrincipalName;
  input: unknown;
  form: 'plain' | 'batch' | 'raw' | 'wrongMethod' | 'wrongType' | 'encoding' | 'stream' | 'noInput';
  raw: string;
}

function trpcCaseArb(p: ProcedureInfo, key: string): fc.Arbitrary<TrpcCase> {
  const schemas = p.inputs.filter((s): s is ZodType => s instanceof ZodType).map(jsonSchemaOf);
  const shaped = schemas.length
    ? fc.tuple(...schemas.map((s) => (s.type === 'object' ? objectFor(s, genTrpc) : validArb(s, genTrpc)))).map((parts) =>
        parts.every((x) => x && typeof x === 'object' && !Array.isArray(x)) ? Object.assign({}, ...parts) : parts[0],
      )
    : genTrpc.hostile;
  return fc.record({
    principal: principalFor(key),
    input: fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: genTrpc.hostile }),
    form: fc.constantFrom('plain', 'plain', 'plain', 'plain', 'plain', 'batch', 'raw', 'wrongMethod', 'wrongType', 'encoding', 'stream', 'noInput'),
    raw: fc.constantFrom(...SUPERJSON_MALFORMED),
  }) as fc.Arbitrary<TrpcCase>;
}

function trpcWire(p: ProcedureInfo, c: TrpcCase): Wire {
  const serialized = c.form === 'raw' ? c.raw : c.form === 'noInput' ? undefined : JSON.stringify(superjson.serialize(c.input));
  const isBatch = c.form === 'batch' || c.form === 'stream';
  const payload = isBatch ? `{"0":${serialized ?? 'null'},"1":${serialized ?? 'null'}}` : serialized;
  const procPath = isBatch ? `${p.name},${p.name}` : p.name;
  const query = isBatch ? ['batch=1'] : [];
  const headers: Record<string, string> = c.form === 'stream' ? { 'trpc-accept': 'application/jsonl' } : {};
  const asGet = (p.type === 'query') !== (c.form === 'wrongMethod');
  if (asGet) {
    if (payload !== undefined) query.push(`input=${enc(payload)}`);
    return { principal: c.principal, method: 'GET', url: `/trpc/${procPath}${query.length ? `?${query.join('&')}` : ''}`, headers };
  }
  headers['Content-Type'] = c.form === 'wrongType' ? 'text/plain' : 'application/json';
  if (c.form === 'encoding') headers['Content-Encoding'] = payload && payload.length % 2 ? 'gzip' : 'br2';
  return { principal: c.principal, method: 'POST', url: `/trpc/${procPath}${query.length ? `?${query.join('&')}` : ''}`, headers, body: payload ?? '' };
}

// --- the tests ----------------------------------------------------------------------------------------

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-fuzz-dist-'));
  for (const spa of ['client', 'admin']) {
    fs.mkdirSync(path.join(distDir, spa, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(distDir, spa, 'index.html'), '<title>Bachat</title>');
    fs.writeFileSync(path.join(distDir, spa, 'assets', 'main-abc123.js'), 'console.info(1)');
  }
  const logger = createLogger(
    { level: 'error' },
    new Writable({
      write(chunk, _encoding, done) {
        const line = JSON.parse(String(chunk)) as { msg?: string; err?: { message?: string; stack?: string } };
        serverErrors.push(`${line.msg}: ${line.err?.stack?.split('\n').slice(0, 3).join(' ') ?? line.err?.message ?? ''}`);
        done();
      },
    }),
  );
  const { app } = createTestApp({ logger, distDir });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  request = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await seedWorld();
  FILES.picture = await png();
  schemaPool = await loadSchemaPool();
  const union: Record<string, JsonSchema> = {};
  for (const s of schemaPool) for (const [k, v] of Object.entries(s.properties ?? {})) union[k] ??= v;
  unionSchema = { type: 'object', properties: union };
  await installWriteLog();
}, 120_000);

afterAll(async () => {
  keepAlive.destroy();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  if (process.env.FUZZ_STATS) {
    for (const [key, byStatus] of stats) {
      console.info(`${key}: ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([st, n]) => `${st}×${n}`).join(' ')}`);
    }
  }
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('every route and procedure is enumerated from the app', () => {
  it('finds the REST routes and tRPC procedures (a broken enumeration must not pass as "no 5xx")', () => {
    expect(REST_ROUTES.length).toBeGreaterThan(100);
    expect(REST_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /healthz', 'POST /api/admin/auth/login', 'GET /api/admin/outlets/:id', 'POST /api/outlet/details']),
    );
    expect(PROCEDURES.length).toBeGreaterThan(60);
    expect(PROCEDURES.map((p) => p.name)).toEqual(expect.arrayContaining(['outlets.byId', 'orders.create']));
    expect(schemaPool.length).toBeGreaterThan(20);
  });
});

describe('REST: hostile requests are 4xx and change nothing', () => {
  it.each(REST_ROUTES)('$method $path', async (route) => {
    const key = `${route.method} ${route.path}`;
    currentKey = key;
    const url = route.params.reduce((u, p) => u.replace(`:${p}`, String(outletA)), route.path);
    await discover(key, (principal): Wire =>
      route.method === 'GET' || route.method === 'DELETE'
        ? { principal, method: route.method, url: `${url}?outletId=${outletA}`, headers: {} }
        : { principal, method: route.method, url, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ outletId: outletA }) },
    );
    await fuzz(restCaseArb(route, key), (c) => restWire(route, c));
  });
});

describe('tRPC: hostile calls are 4xx and change nothing', () => {
  it.each(PROCEDURES)('$type $name', async (p) => {
    const key = `trpc ${p.name}`;
    currentKey = key;
    await discover(key, (principal) => trpcWire(p, { principal, input: { outletId: outletA }, form: 'plain', raw: '' }));
    await fuzz(trpcCaseArb(p, key), (c) => trpcWire(p, c));
  });
});

describe('paths outside the routers: malformed paths, webhooks, static files', () => {
  it('answers 4xx (or the SPA) for hostile paths', async () => {
    const segment = fc.oneof(
      fc.constantFrom('%zz', '%E0%A4', '%', '%00', '..', '%2e%2e%2f', 'assets', 'index.html', 'main-abc123.js', 'x'.repeat(2000), '%F0%9F%98', '.env', '~'),
      fc.string({ unit: 'binary', maxLength: 12 }).map((s) => enc(s)),
    );
    const prefix = fc.constantFrom('', '/assets', '/uploads', '/clientpage/sales', '/clientpage/sales/assets', '/api', '/api/admin', '/api/admin/auth', '/trpc', '/api/payments/webhook');
    await fuzz(
      fc.record({
        principal: principalArb,
        prefix,
        segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
        method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'OPTIONS'),
        body: fc.constantFrom(...MALFORMED_JSON.slice(0, 6), '{"event":"payment.captured"}'),
        encoding: fc.constantFrom(undefined, 'gzip', 'br2', 'identity'),
      }),
      (c) => ({
        principal: c.principal,
        method: c.method,
        url: `${c.prefix}/${c.segments.join('/')}`,
        headers: c.method === 'POST' ? { 'Content-Type': 'application/json', ...(c.encoding ? { 'Content-Encoding': c.encoding } : {}) } : {},
        body: c.method === 'POST' ? c.body : undefined,
      }),
    );
  });

  it('answers 4xx to hostile payment webhooks', async () => {
    await fuzz(
      fc.record({
        provider: fc.constantFrom('sandbox', 'razorpay', 'SANDBOX', 'x'),
        method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT'),
        body: fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.json().map(String), hostileArb().map((v) => JSON.stringify({ event: 'payment.captured', payload: v }))),
        encoding: fc.constantFrom(undefined, undefined, 'gzip', 'br2', 'identity', 'deflate'),
        signature: fc.constantFrom('f'.repeat(64), '', 'x', '\u00ff'),
        eventId: fc.constantFrom('evt_1', '', 'x'.repeat(500)),
      }),
      (c) => ({
        principal: 'anonymous',
        method: c.method,
        url: `/api/payments/webhook/${c.provider}`,
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': c.signature,
          'X-Razorpay-Event-Id': c.eventId,
          ...(c.encoding ? { 'Content-Encoding': c.encoding } : {}),
        },
        body: c.method === 'GET' ? undefined : c.body,
      }),
    );
  });
});
