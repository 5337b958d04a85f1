import http from 'node:http';
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import type { LookupAddress } from './push-endpoints.ts';
import { createWebPush, deriveVapidKeys } from './web-push.ts';

/**
 * The web push provider's defences, against a push service on this machine (never the internet): a
 * test resolver stands in for DNS, and the server counts every connection and request it gets.
 */

const silent = createLogger({ level: 'silent' });
const keys = deriveVapidKeys('web-push-test-secret-0123456789abcdef');

const requests: { method: string; path: string }[] = [];
let connections = 0;
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  requests.length = 0;
  connections = 0;
  answer = (_req, res) => res.writeHead(201).end();
});

const browser = createECDH('prime256v1');
browser.generateKeys();
const target = (endpoint: string) => ({ endpoint, p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') });
const options = { ttlSeconds: 60 };

/** A provider whose push service is `push.test` (and `other.test`), resolved by `resolve`. */
function provider(resolve: (host: string) => LookupAddress[], allowAddress?: (address: string) => boolean) {
  const resolved: string[] = [];
  const push = createWebPush(
    {
      keys,
      subject: 'mailto:support@bachat.test',
      endpoints: { hosts: ['push.test', 'other.test'], plainHttpForTests: true },
      resolve: async (host) => {
        resolved.push(host);
        return resolve(host);
      },
      allowAddress,
      timeoutMs: 5_000,
    },
    silent,
  );
  return { push, resolved };
}

const loopbackAllowed = (a: string) => a === '127.0.0.1';
const toLoopback = () => [{ address: '127.0.0.1', family: 4 }];

describe('web push sending', () => {
  it('posts to the push service at the checked address (a test allows its own loopback server)', async () => {
    const { push, resolved } = provider(toLoopback, loopbackAllowed);
    expect(await push.send(target(`http://push.test:${port}/push/1`), '{"t":1}', options)).toEqual({ ok: true, status: 201 });
    expect(requests).toEqual([{ method: 'POST', path: '/push/1' }]);
    expect(resolved).toEqual(['push.test']);
  });

  it('never follows a redirect: a 303 to an internal address is the outcome, and the internal address is never asked', async () => {
    answer = (req, res) => {
      if (req.url === '/push/redirect') res.writeHead(303, { Location: `http://127.0.0.1:${port}/internal/secrets` }).end();
      else res.writeHead(200).end('secret');
    };
    const { push } = provider(toLoopback, loopbackAllowed);
    for (const status of [301, 302, 303, 307, 308]) {
      answer = (req, res) => res.writeHead(req.url === '/push/redirect' ? status : 200, { Location: `http://127.0.0.1:${port}/internal/secrets` }).end();
      const outcome = await push.send(target(`http://push.test:${port}/push/redirect`), '{}', options);
      expect(outcome).toEqual({ ok: false, status, gone: false, retryable: false, reason: `push service answered ${status} (redirects are not followed)` });
    }
    expect(requests.map((r) => r.path)).toEqual(Array(5).fill('/push/redirect'));
  });

  it('refuses a name that resolves to a loopback, private, link-local or unique-local address, without connecting', async () => {
    for (const address of ['127.0.0.1', '10.20.30.40', '169.254.169.254', '::1', 'fc00::1', 'fd12:3456::1']) {
      const { push } = provider(() => [{ address, family: address.includes(':') ? 6 : 4 }]);
      const outcome = await push.send(target(`http://push.test:${port}/push/inside`), '{}', options);
      expect(outcome, address).toMatchObject({ ok: false, status: null, gone: false, retryable: false });
      expect(outcome.ok === false && outcome.reason, address).toMatch(/^address refused: push\.test resolves to a (loopback|private|linkLocal|uniqueLocal) address$/);
    }
    expect(connections).toBe(0);
    expect(requests).toEqual([]);
  });

  it('a name with a public address and a private one is refused too', async () => {
    const { push } = provider(() => [
      { address: '142.250.183.10', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    expect(await push.send(target(`http://push.test:${port}/push/mixed`), '{}', options)).toMatchObject({ ok: false, retryable: false, reason: 'address refused: push.test resolves to a loopback address' });
    expect(connections).toBe(0);
  });

  it('DNS rebinding: the name is resolved once per connection, and the connection goes to the address that was checked', async () => {
    // First answer: the (allowed) test server; any later answer would be somewhere else entirely.
    let n = 0;
    const { push, resolved } = provider(() => (n++ === 0 ? toLoopback() : [{ address: '10.0.0.1', family: 4 }]), loopbackAllowed);
    expect(await push.send(target(`http://push.test:${port}/push/rebind`), '{}', options)).toEqual({ ok: true, status: 201 });
    expect(resolved).toEqual(['push.test']);
    expect(requests).toEqual([{ method: 'POST', path: '/push/rebind' }]);
    // A name that rebinds to a private address for its next connection is refused at that connection.
    expect(await push.send(target(`http://other.test:${port}/push/rebind`), '{}', options)).toMatchObject({ ok: false, reason: 'address refused: other.test resolves to a private address' });
    expect(requests).toHaveLength(1);
  });

  it('an endpoint off the push services is not posted to at all, and the subscription is reported gone (it is deleted)', async () => {
    const { push, resolved } = provider(toLoopback, loopbackAllowed);
    for (const endpoint of [`http://127.0.0.1:${port}/x`, `http://evil.test:${port}/x`, 'https://LOCALHOST./x', 'https://metadata.google.internal/computeMetadata/v1/']) {
      expect(await push.send(target(endpoint), '{}', options), endpoint).toMatchObject({ ok: false, status: null, gone: true, retryable: false });
    }
    expect(resolved).toEqual([]);
    expect(connections).toBe(0);
  });

  it('404/410 mean gone; 429 and 5xx are retryable; other 4xx are not', async () => {
    const { push } = provider(toLoopback, loopbackAllowed);
    const cases: [number, boolean, boolean][] = [
      [404, true, false],
      [410, true, false],
      [429, false, true],
      [503, false, true],
      [400, false, false],
      [413, false, false],
    ];
    for (const [status, gone, retryable] of cases) {
      answer = (_req, res) => res.writeHead(status).end();
      expect(await push.send(target(`http://push.test:${port}/push/s`), '{}', options), String(status)).toMatchObject({ ok: false, status, gone, retryable });
    }
  });

  it('an unreachable push service is retryable', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const { push } = provider(toLoopback, loopbackAllowed);
    expect(await push.send(target(`http://push.test:${deadPort}/push/x`), '{}', options)).toMatchObject({ ok: false, status: null, gone: false, retryable: true });
  });
});
