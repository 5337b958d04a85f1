import http from 'node:http';

/**
 * The benchmarks' HTTP client: `node:http` with a keep-alive agent, on the main thread.
 *
 * The app under test runs on the same thread (and PGlite with it), so whatever CPU the client spends is
 * counted as the API's time. `fetch` (undici, WHATWG streams, AbortSignals) cost about 0.4 ms a call
 * more than this client on a 3 ms request here; that is the client's cost, not the API's. A client on
 * a worker thread was tried too: each call then paid two cross-thread wake-ups (about 0.3 ms), which
 * no real request pays either. This is the leanest client that still speaks real HTTP.
 */
export interface BenchResponse {
  status: number;
  body: string;
}

export interface BenchHttpClient {
  request(method: string, url: string, init?: { headers?: Record<string, string>; body?: string }): Promise<BenchResponse>;
  close(): void;
}

export function createHttpClient(): BenchHttpClient {
  // Enough sockets for the 10-connection measurements; kept alive across the whole run.
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 120_000, maxSockets: 32 });
  return {
    request(method, url, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        headers['content-length'] = String(Buffer.byteLength(init.body));
      }
      return new Promise((resolve, reject) => {
        const req = http.request(url, { method, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(init.body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Fails the benchmark on any status other than 2xx, with the start of the response body. */
export function ok(res: BenchResponse): BenchResponse {
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 500)}`);
  return res;
}
