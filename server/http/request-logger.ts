import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { fixedKeysLogger, requestContext, type Logger } from '../lib/logger.ts';
import type { Runtime } from '../lib/runtime.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The app's first middleware. Gives every request an id (the caller's X-Request-Id when it is sane),
 * runs the rest of the request in its scope (the id, so each log line carries `reqId`, and this app's
 * runtime), echoes the id back, and logs one line when the response ends, with the status the error
 * middleware settled on, and hands the same status and time to `observe` (the request-duration
 * metric, http/metrics.ts). Only the path is logged: query strings can carry search text and headers
 * carry tokens.
 */
export function requestLogger(logger: Logger, runtime?: Runtime, observe?: (ctx: Context, status: number, ms: number) => void): Middleware {
  // The line's keys are fixed (below) and none is a secret's: logged without the redaction pass.
  const lines = fixedKeysLogger(logger);
  return (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    return requestContext.run({ requestId, runtime }, async () => {
      try {
        await next();
      } finally {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const status = ctx.respond === false ? ctx.res.statusCode : ctx.status;
        const line = { method: ctx.method, path: ctx.path, status, ms: Math.round(ms * 10) / 10 };
        observe?.(ctx, status, ms);
        if (status >= 500) lines.error(line, 'request failed');
        else if (ctx.path.startsWith('/assets/') || ctx.path.startsWith('/uploads/')) lines.debug(line, 'request');
        else lines.info(line, 'request');
      }
    });
  };
}
