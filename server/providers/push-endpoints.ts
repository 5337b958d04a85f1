import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may post a web push (docs/notifications.md "Which push services"): a browser gives
 * us a subscription whose endpoint URL we later POST to, so an endpoint is an address the server will
 * call on a shopper's say-so. Two rules keep that from reaching inside our network:
 *
 * 1. At subscribe time and again at send time, the endpoint must be `https:` on a browser push
 *    service's host (`PUSH_ENDPOINT_HOSTS`: FCM, Mozilla, Apple, Microsoft by default), with no port
 *    and no credentials in the URL. The text of the URL is all this looks at.
 * 2. At send time, the host's name is resolved ONCE, every address it resolves to must be a public
 *    unicast address (not private, loopback, link-local, unique-local, shared, reserved, multicast…),
 *    and the connection is made to one of those checked addresses (`checkedLookup` is the socket's
 *    `lookup`): a DNS answer that changes between the check and the connection (rebinding) is never
 *    used. Redirects are never followed (the answer is only a status).
 *
 * Mastodon's outgoing requests take the same shape (resolve, refuse private addresses, connect to the
 * checked address); this is written for our one use.
 */

/** The browsers' push services (Chrome/Android, Firefox, Safari, Edge). `*.` matches any subdomain. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Why `pattern` is not a host pattern, or null when it is: a DNS name of two labels or more, or `*.`
 * and such a name; never an IP address or a single label (`localhost`).
 */
export function hostPatternProblem(pattern: string): string | null {
  const name = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
  if (net.isIP(name)) return 'is an IP address, not a host name';
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return 'is not a host name like fcm.googleapis.com or *.notify.windows.com';
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'is not a host name like fcm.googleapis.com or *.notify.windows.com';
  return null;
}

/** Whether `host` (lower case, as `URL` gives it) is one of `patterns` (exact names, or `*.domain`: any name under it). */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p));
}

export interface PushEndpointRules {
  /** Host names and `*.domain` patterns (PUSH_ENDPOINT_HOSTS). */
  hosts: readonly string[];
  /**
   * Tests only: also plain `http:` and any port, so a test can run a push service on this machine.
   * Nothing in the app's configuration sets it.
   */
  plainHttpForTests?: boolean;
}

/** Why the server would not post to `endpoint` (a short English reason for logs), or null when it would. */
export function pushEndpointRefusal(endpoint: string, rules: PushEndpointRules): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  const local = rules.plainHttpForTests === true;
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  if (url.port && !local) return 'a port in the URL';
  const host = url.hostname;
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) return 'an IP address';
  if (!hostMatches(host, rules.hosts)) return 'not a browser push service';
  return null;
}

/** What a name resolves to (dns.lookup's `all: true` answer). */
export type LookupAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address. */
export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The address's kind when it is not a public unicast address (`loopback`, `private`, `linkLocal`,
 * `uniqueLocal`, `carrierGradeNat`, `reserved`, `multicast`, `unspecified`, …), else null. An IPv4
 * address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is.
 */
export function nonPublicKind(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : range;
}

export class PushAddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushAddressRefused';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A socket `lookup` that resolves the name once with `resolve`, refuses unless EVERY address passes
 * `allowed` (by default: public unicast), and hands the socket exactly those checked addresses, so it
 * connects to an address that was checked and never resolves the name again.
 */
export function checkedLookup(resolve: Resolver, allowed: (address: string) => boolean = (a) => nonPublicKind(a) === null) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | number, callback: LookupCallback): void => {
    const all = typeof options === 'object' && options.all === true;
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length) {
          callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), all ? [] : '', undefined);
          return;
        }
        const bad = addresses.find((a) => !allowed(a.address));
        if (bad) {
          const kind = nonPublicKind(bad.address) ?? 'not allowed';
          callback(new PushAddressRefused(`${hostname} resolves to a ${kind} address`), all ? [] : '', undefined);
          return;
        }
        if (all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, all ? [] : '', undefined),
    );
  };
}
