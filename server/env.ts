import { z } from 'zod';

/**
 * All configuration comes from environment variables, parsed once here.
 * `.env.example` lists every variable with its default; keep the two in step.
 */
const boolFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 65535' })
      .int('must be a whole number from 1 to 65535')
      .min(1, 'must be a whole number from 1 to 65535')
      .max(65535, 'must be a whole number from 1 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('.data')),
  APP_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SEED_DEMO_DATA: z.preprocess(emptyAsUndefined, boolFromString.default(true)),
  SMS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['console']).default('console')),
  SMS_OUTBOX_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['sandbox']).default('sandbox')),
  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local']).default('local')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  BODY_LIMIT_KB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_240).default(256)),
  TRPC_MAX_BATCH_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(50)),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      'Invalid configuration:\n' +
        issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n'),
    );
    this.name = 'EnvError';
  }
}

/** Parses a process.env-like record. Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: `${issue.message} (got ${JSON.stringify(source[String(issue.path[0])] ?? null)})`,
      })),
    );
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
    throw new EnvError([{ variable: 'APP_SECRET', message: 'is required when NODE_ENV=production' }]);
  }
  return env;
}
