/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it the first time
 * a schema is built; under the server's Content-Security-Policy (no `'unsafe-eval'`, docs/operations.md)
 * that probe is reported as a violation even though zod catches it. This turns the JIT (and the probe)
 * off before any schema exists. It does not import zod, so zod stays off the home route: zod keeps its
 * global config on `globalThis.__zod_globalConfig` and adopts one that is already there (the same
 * object `z.config()` writes to). Imported first in boot.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
