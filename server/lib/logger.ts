import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

/** What one request carries through everything it does. */
export interface RequestScope {
  /** Every log line inside the request names it. */
  requestId?: string;
  /**
   * The app serving the request (its `Runtime`: lib/runtime.ts reads it back), so two apps in one process
   * keep apart. Typed there, not here, so the logger and the runtime do not import each other.
   */
  runtime?: object;
  /**
   * Answers already established for this request, by key (lib/outlet-access.ts: the REST or tRPC guard
   * checks the outlet, and the service's own check of the same outlet reuses that answer).
   */
  settled?: Map<string, unknown>;
  /** The request ran a statement that may write, on the primary (db/read-replica.ts). */
  wrote?: boolean;
  /** Discovery reads must see the primary up to this WAL position: the caller's own last write (db/read-replica.ts). */
  readAfterLsn?: bigint;
}

/**
 * The request's scope. One AsyncLocalStorage for both the id and the runtime: on Node 20 every live
 * AsyncLocalStorage adds work to every promise the process creates, so there is one, not one per use.
 */
export const requestContext = new AsyncLocalStorage<RequestScope>();

/** Keys whose values never reach a log line, wherever they appear (one or two levels deep). */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'passwordHash',
  'otp',
  'code',
  'codeHash',
  'token',
  'accessToken',
  'tokenHash',
  'authorization',
  'cookie',
  'set-cookie',
  'secret',
  'APP_SECRET',
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * Where log lines go by default: stdout, written asynchronously. pino's default writes each line with
 * a blocking write() as the request ends; with one line per request that cost a server about a tenth of
 * its requests a second when stdout is a pipe (issue 18). Async, lines logged while a write is in flight
 * go out together in the next one; an idle server still writes each line at once, and pino flushes what
 * is buffered when the process exits.
 */
export function stdoutDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * A logger for lines whose keys are fixed and name no secret (the request line: method, path, status,
 * ms, and the request id): the same destination, level and request id, without the redaction pass.
 * pino runs its wildcard redactors (`*.token`, `*.*.password`, …) over every key of every line: about a
 * tenth of a busy server's time with one line per request (issue 18); on these keys they never match.
 * Anything that logs a caller's object must use the redacting logger itself.
 */
export function fixedKeysLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

export function createLogger(
  options: { level?: string; pretty?: boolean } = {},
  destination?: DestinationStream,
): Logger {
  const pretty = options.pretty && !destination;
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      mixin() {
        const store = requestContext.getStore();
        return store?.requestId ? { reqId: store.requestId } : {};
      },
      transport: pretty ? { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } : undefined,
    },
    pretty || options.level === 'silent' ? destination : (destination ?? stdoutDestination()),
  );
}
