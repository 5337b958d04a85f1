import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env.ts';
import { checkedLookup, DEFAULT_PUSH_ENDPOINT_HOSTS, hostMatches, nonPublicKind, PushAddressRefused, pushEndpointRefusal, type LookupAddress } from './push-endpoints.ts';

const rules = { hosts: DEFAULT_PUSH_ENDPOINT_HOSTS };

describe('which push endpoints the server posts to', () => {
  it('the browsers’ push services over https', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://FCM.googleapis.com/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMZZ0bjLcL',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
      'https://db5.notify.windows.com/w/?token=x',
    ]) {
      expect(pushEndpointRefusal(ok, rules), ok).toBeNull();
    }
  });

  it('nothing else: the names that used to pass (LOCALHOST., metadata, kubernetes, nip.io), IP literals, http, ports, credentials', () => {
    const refused: [string, string][] = [
      ['https://LOCALHOST./x', 'not a browser push service'],
      ['https://localhost/x', 'not a browser push service'],
      ['https://metadata.google.internal/computeMetadata/v1/', 'not a browser push service'],
      ['https://kubernetes.default.svc/x', 'not a browser push service'],
      ['https://127.0.0.1.nip.io/x', 'not a browser push service'],
      ['https://fcm.googleapis.com.evil.example/x', 'not a browser push service'],
      ['https://evilfcm.googleapis.com/x', 'not a browser push service'],
      ['https://fcm.googleapis.com./x', 'not a browser push service'],
      ['https://notify.windows.com/x', 'not a browser push service'],
      ['https://x.notify.windows.com.evil.example/x', 'not a browser push service'],
      ['https://127.0.0.1/x', 'an IP address'],
      ['https://[::1]/x', 'an IP address'],
      ['https://169.254.169.254/latest/meta-data', 'an IP address'],
      ['http://fcm.googleapis.com/fcm/send/x', 'not https'],
      ['ftp://fcm.googleapis.com/x', 'not https'],
      ['javascript:alert(1)', 'not https'],
      ['https://fcm.googleapis.com:8443/x', 'a port in the URL'],
      ['https://user:pw@fcm.googleapis.com/x', 'credentials in the URL'],
      ['https://fcm.googleapis.com@127.0.0.1/x', 'credentials in the URL'],
      ['not a url', 'not a URL'],
    ];
    for (const [endpoint, reason] of refused) expect(pushEndpointRefusal(endpoint, rules), endpoint).toBe(reason);
  });

  it('`*.domain` matches names under it only; exact names match themselves only', () => {
    expect(hostMatches('a.b.notify.windows.com', ['*.notify.windows.com'])).toBe(true);
    expect(hostMatches('notify.windows.com', ['*.notify.windows.com'])).toBe(false);
    expect(hostMatches('xnotify.windows.com', ['*.notify.windows.com'])).toBe(false);
    expect(hostMatches('a.fcm.googleapis.com', ['fcm.googleapis.com'])).toBe(false);
  });

  it('plain http and ports only where a test asks for its own push service', () => {
    const local = { hosts: ['push.test'], plainHttpForTests: true };
    expect(pushEndpointRefusal('http://push.test:4000/p/1', local)).toBeNull();
    expect(pushEndpointRefusal('http://127.0.0.1:4000/p/1', local)).toBe('an IP address');
    expect(pushEndpointRefusal('http://other.test:4000/p/1', local)).toBe('not a browser push service');
  });

  it('PUSH_ENDPOINT_HOSTS: the four push services by default; host names or *.domain; never an IP or a single label', () => {
    expect(parseEnv({}).PUSH_ENDPOINT_HOSTS).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com']);
    expect(parseEnv({ PUSH_ENDPOINT_HOSTS: ' FCM.googleapis.com , *.push.example.com ' }).PUSH_ENDPOINT_HOSTS).toEqual(['fcm.googleapis.com', '*.push.example.com']);
    for (const bad of ['10.0.0.1', 'localhost', '*', '*.com.', 'fcm.googleapis.com,[::1]', ',']) {
      expect(() => parseEnv({ PUSH_ENDPOINT_HOSTS: bad }), bad).toThrow(EnvError);
    }
    expect(() => parseEnv({ PUSH_ENDPOINT_HOSTS: 'localhost' })).toThrow(/PUSH_ENDPOINT_HOSTS: "localhost" is not a host name/);
  });
});

describe('addresses a push may be sent to', () => {
  it('public unicast only: loopback, private, link-local, unique-local, shared, reserved and the rest are refused', () => {
    for (const a of ['8.8.8.8', '142.250.183.10', '2607:f8b0:4004:c07::5f', '::ffff:8.8.8.8']) expect(nonPublicKind(a), a).toBeNull();
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.9', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['192.0.2.10', 'reserved'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['64:ff9b::a00:1', 'rfc6052'],
      ['2002:a00:1::', '6to4'],
    ];
    for (const [a, kind] of refused) expect(nonPublicKind(a), a).toBe(kind);
  });

  const lookupOnce = (answer: LookupAddress[] | Error, all = true) => {
    let calls = 0;
    const lookup = checkedLookup(async () => {
      calls++;
      if (answer instanceof Error) throw answer;
      return answer;
    });
    return new Promise<{ err: Error | null; addresses: unknown; calls: number }>((resolve) =>
      lookup('push.test', { all }, (err, addresses) => resolve({ err, addresses, calls })),
    );
  };

  it('a name is resolved once, and refused when ANY of its addresses is not public', async () => {
    const ok = await lookupOnce([{ address: '142.250.183.10', family: 4 }, { address: '2607:f8b0:4004:c07::5f', family: 6 }]);
    expect(ok).toMatchObject({ err: null, calls: 1, addresses: [{ address: '142.250.183.10', family: 4 }, { address: '2607:f8b0:4004:c07::5f', family: 6 }] });
    const single = await lookupOnce([{ address: '142.250.183.10', family: 4 }], false);
    expect(single).toMatchObject({ err: null, addresses: '142.250.183.10' });
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '::1', 'fc00::7', 'fd00:ec2::254']) {
      const mixed = await lookupOnce([{ address: '142.250.183.10', family: 4 }, { address, family: address.includes(':') ? 6 : 4 }]);
      expect(mixed.err, address).toBeInstanceOf(PushAddressRefused);
      expect(mixed.err?.message).toMatch(/^push\.test resolves to a \w+ address$/);
    }
    const none = await lookupOnce([]);
    expect(none.err).toMatchObject({ code: 'ENOTFOUND' });
    const failed = await lookupOnce(Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' }));
    expect(failed.err).toMatchObject({ code: 'ESERVFAIL' });
  });
});
