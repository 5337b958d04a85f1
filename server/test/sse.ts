import http from 'node:http';

/** One Server-Sent Event as a client sees it. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body when the answer was not a stream (an error's JSON). */
  body: string;
  /** Every event received so far, in order. */
  readonly events: SseEvent[];
  /** The first event (after those already taken by earlier calls) matching `pred`, waiting up to `timeoutMs`. */
  next(pred?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/**
 * A minimal EventSource for tests and the bench, over node:http: parses `id:`, `event:`, `data:` lines
 * (comments ignored) as the WHATWG spec does for the fields we use.
 */
export function openSse(url: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Accept: 'text/event-stream', ...headers }, agent }, (res) => {
      const events: SseEvent[] = [];
      let taken = 0;
      const waiters: (() => void)[] = [];
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endedResolve = r));
      let buffer = '';
      let body = '';
      const status = res.statusCode ?? 0;
      const isStream = status === 200 && String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!isStream) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const e: SseEvent = { id: null, event: 'message', data: '' };
          let any = false;
          for (const line of frame.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') e.id = value;
            else if (field === 'event') e.event = value;
            else if (field === 'data') e.data = e.data ? `${e.data}\n${value}` : value;
            else continue;
            any = true;
          }
          if (any) {
            events.push(e);
            for (const w of waiters.splice(0)) w();
          }
        }
      });
      res.on('end', () => {
        endedResolve();
        for (const w of waiters.splice(0)) w();
      });
      res.on('close', () => {
        endedResolve();
        for (const w of waiters.splice(0)) w();
      });
      const conn: SseConnection = {
        status,
        headers: res.headers,
        get body() {
          return body;
        },
        events,
        ended,
        async next(pred = () => true, timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            for (let i = taken; i < events.length; i++) {
              if (pred(events[i]!)) {
                taken = i + 1;
                return events[i]!;
              }
            }
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms (got ${events.map((e) => `${e.event}#${e.id}`).join(', ') || 'none'})`);
            await new Promise<void>((r) => {
              const t = setTimeout(r, left);
              waiters.push(() => {
                clearTimeout(t);
                r();
              });
            });
          }
        },
        close() {
          req.destroy();
          res.destroy();
        },
      };
      if (!isStream) res.on('end', () => resolve(conn));
      else resolve(conn);
    });
    req.on('error', reject);
  });
}
