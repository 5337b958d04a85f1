import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

/** Carries the request id through everything a request does, so every log line can name it. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

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
        return store ? { reqId: store.requestId } : {};
      },
      transport:
        options.pretty && !destination
          ? { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } }
          : undefined,
    },
    destination,
  );
}
