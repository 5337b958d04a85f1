import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createTRPCClient, httpBatchLink, type TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, notFound } from '../lib/errors.ts';
import { createLogger } from '../lib/logger.ts';
import { createContextInner } from './context.ts';
import { trpcMiddleware } from './koa.ts';
import { businessProcedure, createCallerFactory, publicProcedure, router, salesProcedure, userProcedure } from './trpc.ts';
import { failure as failureOf } from '../test/trpc.ts';

/**
 * The error vocabulary over tRPC, through the real Koa glue and the real client: a router made for the
 * test throws each kind of failure a service can raise.
 */
const testRouter = router({
  notFound: publicProcedure.query(() => {
    throw notFound('Error fetching outlet Details');
  }),
  unprocessable: publicProcedure.query(() => {
    throw new AppError('UNPROCESSABLE_CONTENT', 'Minimum bill is ₹50');
  }),
  tooMany: publicProcedure.query(() => {
    throw new AppError('TOO_MANY_REQUESTS', 'Please wait before asking for another OTP.', { retryAfter: 42 });
  }),
  duplicate: publicProcedure.query(() => {
    throw Object.assign(new Error('duplicate key'), { code: '23505', detail: 'Key (phone_number)=(9) already exists.' });
  }),
  crash: publicProcedure.query(() => {
    throw new Error('secret internals: password=hunter2');
  }),
  validate: publicProcedure
    .input(z.object({ phoneNumber: z.string().regex(/^\d{10}$/, 'Please enter a valid phone number') }))
    .mutation(({ input }) => input.phoneNumber),
  echoDate: publicProcedure.input(z.object({ at: z.date() })).query(({ input }) => ({ at: input.at, year: input.at.getUTCFullYear() })),
  me: userProcedure.query(({ ctx }) => ctx.principal.consumerId),
  owner: businessProcedure.query(({ ctx }) => ctx.principal.businessOwnerId),
  sales: salesProcedure.query(({ ctx }) => ctx.principal.salesStaffId),
});

let server: http.Server;
let client: ReturnType<typeof createTRPCClient<typeof testRouter>>;
let baseUrl: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(trpcMiddleware({ router: testRouter, logger: createLogger({ level: 'silent' }), maxBatchSize: 10, maxBodySize: 10_000 }));
  server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
  client = createTRPCClient<typeof testRouter>({ links: [httpBatchLink({ url: baseUrl, transformer: superjson })] });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const failure = (p: Promise<unknown>) => failureOf<TRPCClientError<typeof testRouter>>(p);

describe('tRPC error mapping over HTTP', () => {
  it.each([
    ['notFound', 'NOT_FOUND', 404, 'Error fetching outlet Details'],
    ['unprocessable', 'UNPROCESSABLE_CONTENT', 422, 'Minimum bill is ₹50'],
    ['tooMany', 'TOO_MANY_REQUESTS', 429, 'Please wait before asking for another OTP.'],
    ['duplicate', 'CONFLICT', 409, 'This record already exists.'],
    ['crash', 'INTERNAL_SERVER_ERROR', 500, 'Internal server error'],
  ] as const)('%s → %s (%i)', async (procedure, code, status, message) => {
    const e = await failure(client[procedure].query());
    expect(e.data?.code).toBe(code);
    expect(e.data?.httpStatus).toBe(status);
    expect(e.message).toBe(message);
  });

  it('names the field of a database conflict', async () => {
    const e = await failure(client.duplicate.query());
    expect(e.data?.fieldErrors).toEqual({ phoneNumber: 'already exists' });
  });

  it('sends Retry-After with a 429', async () => {
    const res = await fetch(`${baseUrl}/tooMany`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
  });

  it('never leaks a stack or internals', async () => {
    const res = await fetch(`${baseUrl}/crash`);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('at ');
  });

  it('puts input field errors in data.fieldErrors with the schema message', async () => {
    const e = await failure(client.validate.mutate({ phoneNumber: '12' }));
    expect(e.data?.code).toBe('BAD_REQUEST');
    expect(e.message).toBe('Please enter a valid phone number');
    expect(e.data?.fieldErrors).toEqual({ phoneNumber: 'Please enter a valid phone number' });
  });

  it('round-trips Dates through superjson', async () => {
    const at = new Date('2026-11-21T10:00:00Z');
    const out = await client.echoDate.query({ at });
    expect(out.at).toBeInstanceOf(Date);
    expect(out.year).toBe(2026);
  });

  it('answers a query (GET) as tRPC does: JSON content type, superjson body, a batch keyed by call', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { at: '2026-11-21T10:00:00.000Z' }, meta: { values: { at: ['Date'] } } }));
    const one = await fetch(`${baseUrl}/echoDate?input=${input}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toContain('application/json');
    expect(await one.json()).toEqual({ result: { data: { json: { at: '2026-11-21T10:00:00.000Z', year: 2026 }, meta: { values: { at: ['Date'] }, v: 1 } } } });
    const batchInput = encodeURIComponent(JSON.stringify({ 0: { json: { at: '2026-01-01T00:00:00.000Z' }, meta: { values: { at: ['Date'] } } } }));
    const batch = await fetch(`${baseUrl}/echoDate,notFound?batch=1&input=${batchInput}`);
    // One call failed: tRPC answers the batch with 207 and each call's own result.
    expect(batch.status).toBe(207);
    const body = (await batch.json()) as [{ result: unknown }, { error: { json: { data: { httpStatus: number } } } }];
    expect(body[0].result).toEqual({ data: { json: { at: '2026-01-01T00:00:00.000Z', year: 2026 }, meta: { values: { at: ['Date'] }, v: 1 } } });
    expect(body[1].error.json.data.httpStatus).toBe(404);
    // A mutation sent as a GET is refused by tRPC itself, not by the glue.
    expect((await fetch(`${baseUrl}/validate?input=${encodeURIComponent(JSON.stringify({ json: { phoneNumber: '9876543210' } }))}`)).status).toBe(405);
  });

  it("answers plain queries exactly as tRPC's own resolveResponse does", async () => {
    const date = (iso: string) => ({ json: { at: iso }, meta: { values: { at: ['Date'] } } });
    const urls = [
      `/echoDate?input=${encodeURIComponent(JSON.stringify(date('2026-11-21T10:00:00.000Z')))}`,
      '/notFound',
      '/tooMany',
      '/crash',
      '/duplicate',
      `/echoDate,tooMany,unprocessable?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: date('2026-01-01T00:00:00.000Z') }))}`,
      `/echoDate,echoDate?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: date('2026-01-01T00:00:00.000Z'), 1: date('2027-01-01T00:00:00.000Z') }))}`,
    ];
    for (const url of urls) {
      const direct = await fetch(`${baseUrl}${url}`);
      // An event-stream accept header sends the call through resolveResponse (it changes nothing for queries).
      const viaTrpc = await fetch(`${baseUrl}${url}`, { headers: { accept: 'text/event-stream' } });
      expect(direct.status, url).toBe(viaTrpc.status);
      expect(direct.headers.get('retry-after'), url).toBe(viaTrpc.headers.get('retry-after'));
      expect(direct.headers.get('vary'), url).toBe(viaTrpc.headers.get('vary'));
      expect(await direct.json(), url).toEqual(await viaTrpc.json());
    }
  });

  it('leaves what is not a plain query to tRPC: bad input, unknown paths, HEAD, oversized batches', async () => {
    expect((await fetch(`${baseUrl}/echoDate?input=%7Bnot-json`)).status).toBe(400);
    expect((await fetch(`${baseUrl}/no.such.procedure`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/echoDate`, { method: 'HEAD' })).status).toBe(204);
    const tooMany = Array.from({ length: 11 }, () => 'notFound').join(',');
    expect((await fetch(`${baseUrl}/${tooMany}?batch=1`)).status).toBe(400);
  });

  it('refuses an oversized body', async () => {
    const res = await fetch(`${baseUrl}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { phoneNumber: 'x'.repeat(20_000) } }),
    });
    expect(res.status).toBe(413);
  });
});

describe('base procedures', () => {
  const createCaller = createCallerFactory(testRouter);
  const consumer = { kind: 'consumer' as const, sessionId: 1, consumerId: 7, isApp: false };
  const owner = { kind: 'business' as const, sessionId: 2, businessOwnerId: 8, isApp: false };
  const sales = { kind: 'sales' as const, sessionId: 3, salesStaffId: 9, isApp: false };

  it('lets each principal through its own procedure only', async () => {
    expect(await createCaller(createContextInner({ principal: consumer })).me()).toBe(7);
    expect(await createCaller(createContextInner({ principal: owner })).owner()).toBe(8);
    expect(await createCaller(createContextInner({ principal: sales })).sales()).toBe(9);
    for (const [principal, procedure] of [
      [null, 'me'],
      [owner, 'me'],
      [consumer, 'owner'],
      [sales, 'owner'],
      [consumer, 'sales'],
      [owner, 'sales'],
    ] as const) {
      await expect(createCaller(createContextInner({ principal }))[procedure]()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
