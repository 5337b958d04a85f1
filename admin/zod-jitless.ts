import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it the first time
 * a schema is built; under the server's Content-Security-Policy (no `'unsafe-eval'`, docs/operations.md)
 * that probe is reported as a violation even though zod catches it. Imported first in main.tsx, so this
 * runs before any schema exists.
 */
z.config({ jitless: true });
