import net from 'node:net';
import type Koa from 'koa';
import type { TrustProxy } from '../env.ts';

/**
 * Who the client is, behind however many proxies TRUST_PROXY says we have (docs/operations.md).
 *
 * The chain is read from the socket outwards, as Express's `proxy-addr` does: the socket's peer first,
 * then X-Forwarded-For from right to left (each proxy appends the address it saw). Walking it, every
 * address TRUST_PROXY trusts is a proxy; the first one it does not trust is the client. So a client can
 * prepend whatever it likes to X-Forwarded-For: those entries lie beyond the first untrusted address
 * and are never read. With nothing trusted (the default) the socket's peer is the client and the
 * header is ignored.
 */
export type TrustFn = (address: string, hop: number) => boolean;

/** The trust rule of a parsed TRUST_PROXY: `hop` 0 is the socket's peer, 1 the last X-Forwarded-For entry… */
export function compileTrust(setting: TrustProxy): TrustFn {
  switch (setting.mode) {
    case 'none':
      return () => false;
    case 'hops':
      return (_address, hop) => hop < setting.hops;
    case 'ranges': {
      const list = new net.BlockList();
      for (const r of setting.ranges) list.addSubnet(r.address, r.prefix, r.family);
      return (address) => {
        const version = net.isIP(address);
        // BlockList matches IPv4-mapped IPv6 (`::ffff:10.0.0.1`) against IPv4 ranges.
        return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
      };
    }
  }
}

/** `::ffff:203.0.113.7` → `203.0.113.7`, so one client has one address whichever way it arrived. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The client's address, and the X-Forwarded-For entries that were believed (client first, nearest
 * proxy last; empty when the socket's peer is the client), from the socket's peer and the raw header.
 * A trusted proxy that reports something that is not an IP address is taken at its word no further:
 * the client is then that proxy.
 */
export function resolveClient(
  socketAddress: string,
  forwardedFor: string | undefined,
  trust: TrustFn,
): { ip: string; ips: string[] } {
  const chain = [socketAddress];
  if (forwardedFor && trust(socketAddress, 0)) {
    const entries = forwardedFor.split(',').map((e) => e.trim()).filter(Boolean);
    for (let i = entries.length - 1; i >= 0; i--) chain.push(entries[i]!);
  }
  let hop = 0;
  while (hop < chain.length - 1 && trust(chain[hop]!, hop)) hop++;
  while (hop > 0 && net.isIP(chain[hop]!) === 0) hop--;
  return { ip: normalizeAddress(chain[hop]!), ips: chain.slice(1, hop + 1).reverse().map(normalizeAddress) };
}

const CLIENT = Symbol('bachat#client');

type ProxiedRequest = Koa.Request & { [CLIENT]?: { ip: string; ips: string[] } };

/**
 * Makes `ctx.ip`, `ctx.ips`, `ctx.protocol` and `ctx.secure` follow TRUST_PROXY for every request of
 * this app. Koa's own `proxy` option trusts any X-Forwarded-For (or the last N entries) from any peer;
 * it stays off, and these getters on the app's request prototype take its place:
 * - `ip`: the client address as resolved above (the rate limits key on it);
 * - `ips`: the X-Forwarded-For entries believed, client first (empty when nothing is trusted);
 * - `protocol`: `https` on a TLS socket; otherwise X-Forwarded-Proto's first value, only when the
 *   socket's peer is a trusted proxy; otherwise `http`. `secure` (Koa's) reads `protocol`.
 * `host` keeps reading the Host header only (Koa reads X-Forwarded-Host only with `proxy` on).
 */
export function applyProxyTrust(app: Koa, setting: TrustProxy): void {
  const trust = compileTrust(setting);
  app.proxy = false;
  const client = (req: ProxiedRequest) =>
    (req[CLIENT] ??= resolveClient(req.socket.remoteAddress ?? '', req.get('X-Forwarded-For') || undefined, trust));
  Object.defineProperties(app.request, {
    ip: {
      configurable: true,
      get(this: ProxiedRequest) {
        return client(this).ip;
      },
      set(this: ProxiedRequest, ip: string) {
        this[CLIENT] = { ...client(this), ip };
      },
    },
    ips: {
      configurable: true,
      get(this: ProxiedRequest) {
        return client(this).ips;
      },
    },
    protocol: {
      configurable: true,
      get(this: ProxiedRequest) {
        if ((this.socket as { encrypted?: boolean }).encrypted) return 'https';
        if (!trust(this.socket.remoteAddress ?? '', 0)) return 'http';
        const proto = this.get('X-Forwarded-Proto').split(',', 1)[0]!.trim().toLowerCase();
        return proto === 'https' ? 'https' : 'http';
      },
    },
  });
}
