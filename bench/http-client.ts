import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The benchmarks' HTTP client: HTTP/1.1 over kept-alive TCP sockets, written and parsed by hand, in the
 * way load generators such as wrk do it.
 *
 * Why so bare: the app under test runs on this same thread (and, on PGlite, the database with it), so
 * every microsecond the client spends is counted as the API's. Measured on the outlet-details call
 * (`npm run bench -- discovery`): `fetch` (undici, WHATWG streams, AbortSignals) added about 0.4 ms a
 * call over `node:http`, and `node:http` (ClientRequest, agent, IncomingMessage streams) about 0.1 ms
 * over this. A client on a worker thread was tried as well: each call then paid two cross-thread
 * wake-ups, about 0.3 ms, which no real request pays either. The server side is untouched: it parses
 * real HTTP from a real socket and answers through the whole middleware stack.
 *
 * Each socket carries one request at a time (no pipelining); concurrent calls open more sockets, up to
 * `maxSockets`, and reuse them. Bodies are read by Content-Length or chunked transfer coding.
 *
 * Every request says `Accept-Encoding: gzip, deflate, br`, as a browser does, so the app compresses
 * what it would compress for a shopper (issue 18: measure what a user calls); a body is decoded only
 * when a caller reads it.
 */
export interface BenchResponse {
  status: number;
  /** The body, decoded (read lazily: timing loops that only check the status never pay for it). */
  readonly body: string;
  /** Bytes as they came over the wire. */
  wireBytes: number;
}

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

function response(status: number, raw: Buffer, coding: string | null): BenchResponse {
  let text: string | null = null;
  return {
    status,
    wireBytes: raw.length,
    get body() {
      if (text === null) {
        const decoded = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        text = decoded.toString('utf8');
      }
      return text;
    },
  };
}

export interface BenchHttpClient {
  request(method: string, url: string, init?: { headers?: Record<string, string>; body?: string }): Promise<BenchResponse>;
  close(): void;
}

interface Pending {
  resolve: (r: BenchResponse) => void;
  reject: (e: Error) => void;
}

class Connection {
  readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  closed = false;

  constructor(host: string, port: number, onIdle: (c: Connection) => void) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      const response = this.parse();
      if (!response) return;
      const p = this.pending!;
      this.pending = null;
      if (!this.closed) onIdle(this);
      p.resolve(response);
    });
    const fail = (e: Error) => {
      this.closed = true;
      const p = this.pending;
      this.pending = null;
      p?.reject(e);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed before the response ended')));
  }

  send(head: string, body: string | undefined, pending: Pending): void {
    this.pending = pending;
    this.socket.write(body === undefined ? head : head + body);
  }

  /** One whole response off the front of the buffer, or null while it is still arriving. */
  private parse(): BenchResponse | null {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const start = headEnd + 4;
    let body: Buffer;
    let end: number;
    if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const parts: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return null;
        const size = parseInt(this.buffer.toString('latin1', at, lineEnd), 16);
        if (size === 0) {
          if (this.buffer.length < lineEnd + 4) return null;
          end = lineEnd + 4;
          break;
        }
        if (this.buffer.length < lineEnd + 2 + size + 2) return null;
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      const size = length ? Number(length[1]) : 0;
      if (this.buffer.length < start + size) return null;
      body = this.buffer.subarray(start, start + size);
      end = start + size;
    }
    // Copied: the connection's buffer is reused for the next response.
    const raw = Buffer.from(body);
    const coding = /\r\ncontent-encoding: *([a-z]+)/i.exec(head)?.[1]?.toLowerCase() ?? null;
    this.buffer = this.buffer.subarray(end);
    if (/\r\nconnection: *close/i.test(head)) {
      this.closed = true;
      this.socket.destroy();
    }
    return response(status, raw, coding);
  }
}

export function createHttpClient(options: { maxSockets?: number } = {}): BenchHttpClient {
  const maxSockets = options.maxSockets ?? 32;
  // One pool per origin: a kept-alive socket only ever carries requests to the server it is connected to.
  const pools = new Map<string, { idle: Connection[]; all: Set<Connection>; waiting: ((c: Connection) => void)[] }>();
  const poolOf = (host: string, port: number) => {
    const key = `${host}:${port}`;
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = { idle: [], all: new Set(), waiting: [] }));
    return pool;
  };
  const acquire = (host: string, port: number): Promise<Connection> => {
    const pool = poolOf(host, port);
    const release = (c: Connection) => {
      const next = pool.waiting.shift();
      if (next) next(c);
      else pool.idle.push(c);
    };
    while (pool.idle.length) {
      const c = pool.idle.pop()!;
      if (!c.closed) return Promise.resolve(c);
      pool.all.delete(c);
    }
    for (const c of pool.all) if (c.closed) pool.all.delete(c);
    if (pool.all.size < maxSockets) {
      const c = new Connection(host, port, release);
      pool.all.add(c);
      return Promise.resolve(c);
    }
    return new Promise((resolve) => pool.waiting.push(resolve));
  };

  return {
    async request(method, url, init = {}) {
      const u = new URL(url);
      const connection = await acquire(u.hostname, Number(u.port));
      let head = `${method} ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\n`;
      if (!Object.keys(init.headers ?? {}).some((h) => h.toLowerCase() === 'accept-encoding')) head += `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\r\n`;
      for (const [name, value] of Object.entries(init.headers ?? {})) head += `${name}: ${value}\r\n`;
      if (init.body !== undefined) {
        if (!Object.keys(init.headers ?? {}).some((h) => h.toLowerCase() === 'content-type')) head += 'Content-Type: application/json\r\n';
        head += `Content-Length: ${Buffer.byteLength(init.body)}\r\n`;
      } else if (method !== 'GET' && method !== 'HEAD') {
        head += 'Content-Length: 0\r\n';
      }
      head += '\r\n';
      return new Promise((resolve, reject) => connection.send(head, init.body, { resolve, reject }));
    },
    close() {
      for (const pool of pools.values()) {
        for (const c of pool.all) {
          c.closed = true;
          c.socket.destroy();
        }
        pool.all.clear();
        pool.idle.length = 0;
      }
      pools.clear();
    },
  };
}

/** Fails the benchmark on any status other than 2xx, with the start of the response body. */
export function ok(res: BenchResponse): BenchResponse {
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 500)}`);
  return res;
}
