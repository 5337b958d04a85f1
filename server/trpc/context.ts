import type { Principal } from '../modules/sessions/service.ts';

export interface Context {
  principal: Principal | null;
  /** The caller's IP as Koa saw it (honours X-Forwarded-For only when the app trusts proxies). */
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** Response headers a procedure wants sent (e.g. Retry-After), applied by the Koa glue. */
  responseHeaders: Map<string, string>;
}

/** Builds a context without HTTP: used by the Koa glue and by `createCaller` in tests. */
export function createContextInner(opts: Partial<Omit<Context, 'responseHeaders'>> = {}): Context {
  return {
    principal: opts.principal ?? null,
    ip: opts.ip ?? null,
    userAgent: opts.userAgent ?? null,
    requestId: opts.requestId ?? null,
    responseHeaders: new Map(),
  };
}
