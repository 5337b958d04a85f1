import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp } from '../test/app.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';
import { testDb } from '../test/database.ts';
import { fakeSms } from '../test/fake-sms.ts';
import { applyProxyTrust, compileTrust, resolveClient } from './proxy.ts';

useTestDatabase();

const trustOf = (TRUST_PROXY: string) => compileTrust(parseEnv({ TRUST_PROXY }).TRUST_PROXY);

describe('resolveClient', () => {
  it('with nothing trusted, is the socket address whatever X-Forwarded-For says', () => {
    expect(resolveClient('203.0.113.7', '6.6.6.6, 7.7.7.7', trustOf(''))).toEqual({ ip: '203.0.113.7', ips: [] });
    expect(resolveClient('::ffff:203.0.113.7', undefined, trustOf(''))).toEqual({ ip: '203.0.113.7', ips: [] });
  });

  it('with a hop count, is the entry that many proxies back, ignoring what the client prepended', () => {
    expect(resolveClient('10.0.0.5', '6.6.6.6, 203.0.113.7', trustOf('1')).ip).toBe('203.0.113.7');
    expect(resolveClient('10.0.0.5', '203.0.113.7', trustOf('1'))).toEqual({ ip: '203.0.113.7', ips: ['203.0.113.7'] });
    expect(resolveClient('10.0.0.5', '6.6.6.6, 203.0.113.7, 172.16.0.9', trustOf('2'))).toEqual({
      ip: '203.0.113.7',
      ips: ['203.0.113.7', '172.16.0.9'],
    });
    // Fewer entries than hops: the leftmost there is.
    expect(resolveClient('10.0.0.5', '203.0.113.7', trustOf('3')).ip).toBe('203.0.113.7');
    // No header at all: the socket.
    expect(resolveClient('10.0.0.5', undefined, trustOf('1')).ip).toBe('10.0.0.5');
  });

  it('with a list, walks past trusted proxies (IPv4 and IPv6 CIDRs) to the first untrusted address', () => {
    const trust = trustOf('10.0.0.0/8,127.0.0.1,fd00::/8');
    expect(resolveClient('10.0.0.5', '6.6.6.6, 203.0.113.7, 10.9.9.9', trust).ip).toBe('203.0.113.7');
    expect(resolveClient('::ffff:127.0.0.1', '6.6.6.6, 2001:db8::7, fd12::1', trust).ip).toBe('2001:db8::7');
    expect(resolveClient('fd00::1', '203.0.113.7', trust).ip).toBe('203.0.113.7');
    // A peer outside the list is the client, whatever it forwards.
    expect(resolveClient('198.51.100.1', '203.0.113.7', trust).ip).toBe('198.51.100.1');
    // Every entry trusted: the leftmost.
    expect(resolveClient('10.0.0.5', '10.1.1.1', trust).ip).toBe('10.1.1.1');
  });

  it('does not take a garbage entry from a trusted proxy as the client', () => {
    expect(resolveClient('10.0.0.5', 'not-an-ip', trustOf('1')).ip).toBe('10.0.0.5');
    expect(resolveClient('10.0.0.5', '<script>, 10.1.1.1', trustOf('10.0.0.0/8')).ip).toBe('10.1.1.1');
  });
});

describe('ctx.ip, ctx.protocol and ctx.secure', () => {
  function probe(TRUST_PROXY: string) {
    const app = new Koa();
    applyProxyTrust(app, parseEnv({ TRUST_PROXY }).TRUST_PROXY);
    app.use((ctx) => {
      ctx.body = { ip: ctx.ip, ips: ctx.ips, protocol: ctx.protocol, secure: ctx.secure };
    });
    return supertest(app.callback());
  }
  const forged = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7', 'X-Forwarded-Proto': 'https' };

  it('ignore proxy headers when nothing is trusted', async () => {
    const res = await probe('').get('/').set(forged);
    expect(res.body).toEqual({ ip: '127.0.0.1', ips: [], protocol: 'http', secure: false });
  });

  it('follow a trusted hop', async () => {
    const res = await probe('1').get('/').set(forged);
    expect(res.body).toEqual({ ip: '203.0.113.7', ips: ['203.0.113.7'], protocol: 'https', secure: true });
  });

  it('follow a peer inside the trusted list, and only such a peer', async () => {
    expect((await probe('127.0.0.0/8,::1').get('/').set(forged)).body).toMatchObject({ ip: '203.0.113.7', secure: true });
    expect((await probe('10.0.0.0/8').get('/').set(forged)).body).toEqual({ ip: '127.0.0.1', ips: [], protocol: 'http', secure: false });
  });
});

describe('the per-IP OTP send limit behind proxies (REST)', () => {
  const LIMIT = '2';
  const production = (extra: Record<string, string> = {}) =>
    parseEnv({
      ...PRODUCTION_ENV,
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory',
      OTP_SENDS_PER_IP_PER_HOUR: LIMIT,
      ...extra,
    });
  let phone = 9_100_000_000;
  /** A new shopper asks for a sign-up OTP: one send counted against the client's IP. */
  const signUp = (request: supertest.Agent, forwardedFor?: string) => {
    const req = request
      .post('/api/onboarding/signup')
      .send({ phoneNumber: String(phone++), name: 'Asha Rao', email: 'asha@example.in', isApk: 'false' });
    return forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req;
  };
  const countedIps = async () => (await testDb()('otpChallenges').orderBy('createdAt').select('clientIp')).map((r) => r.clientIp);

  it('with no TRUST_PROXY (production too), a forged X-Forwarded-For changes nothing: the socket address is counted', async () => {
    const { request } = createTestApp({ env: production(), sms: fakeSms() });
    expect((await signUp(request, '6.6.6.1')).status).toBe(200);
    expect((await signUp(request, '6.6.6.2')).status).toBe(200);
    const refused = await signUp(request, '6.6.6.3');
    expect(refused.status).toBe(429);
    expect(await countedIps()).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('with TRUST_PROXY=1, counts the address the load balancer saw and ignores a forged leftmost one', async () => {
    const { request } = createTestApp({ env: production({ TRUST_PROXY: '1' }), sms: fakeSms() });
    expect((await signUp(request, '6.6.6.1, 203.0.113.7')).status).toBe(200);
    expect((await signUp(request, '6.6.6.2, 203.0.113.7')).status).toBe(200);
    expect((await signUp(request, '6.6.6.3, 203.0.113.7')).status).toBe(429);
    // Another shopper behind the same load balancer has their own allowance.
    expect((await signUp(request, '198.51.100.9')).status).toBe(200);
    expect(await countedIps()).toEqual(['203.0.113.7', '203.0.113.7', '198.51.100.9']);
  });

  it('with a CIDR list, walks past the trusted proxies to the client and ignores a forged leftmost address', async () => {
    const { request } = createTestApp({ env: production({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1,::1,fd00::/8' }), sms: fakeSms() });
    // The socket (loopback) and the CDN edge (10.x / fd00::) are proxies; the next address is the client.
    expect((await signUp(request, '6.6.6.1, 203.0.113.7, 10.20.30.40')).status).toBe(200);
    expect((await signUp(request, '6.6.6.2, 203.0.113.7, 10.20.30.41')).status).toBe(200);
    expect((await signUp(request, '6.6.6.3, 203.0.113.7, fd00::1')).status).toBe(429);
    expect((await signUp(request, '6.6.6.4, 2001:db8::7, fd00::1')).status).toBe(200);
    expect(await countedIps()).toEqual(['203.0.113.7', '203.0.113.7', '2001:db8::7']);
  });
});
