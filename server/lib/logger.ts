import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger, type DestinationStream } from 'pino';
import type { Runtime } from './runtime.ts';

export type { Logger };

/** What one request carries through everything it does. */
export interface RequestScope {
  /** Every log line inside the request names it. */
  requestId?: string;
  /** The app serving the request (see lib/runtime.ts), so two apps in one process keep apart. */
  runtime?: Runtime;
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

export function createLogger(
  options: { level?: string; pretty?: boolean } = {},
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      mixin() {
        const store = requestContext.getStore();
        return store?.requestId ? { reqId: store.requestId } : {};
      },
      transport:
        options.pretty && !destination
          ? { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } }
          : undefined,
    },
    destination,
  );
}
