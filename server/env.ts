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
  SMS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['console', 'twilio']).default('console')),
  SMS_OUTBOX_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC + 32 hex digits)').optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  TWILIO_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9]{3,11})$/, 'must be an E.164 number, a Messaging Service SID or a sender ID')
      .optional(),
  ),
  TWILIO_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://api.twilio.com')),
  OTP_SENDS_PER_IP_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(30)),
  ANALYTICS_BATCHES_PER_IP_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(120)),
  PROMOTER_APPLICATIONS_PER_IP_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(5)),
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'razorpay']).default('sandbox')),
  RAZORPAY_KEY_ID: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]{6,}$/, 'must be a Razorpay key id (rzp_test_… or rzp_live_…)').optional(),
  ),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  RAZORPAY_API_BASE: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com')),
  CONVENIENCE_FEE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a percentage from 0 to 100 with at most two decimals' })
      .min(0, 'must be a percentage from 0 to 100 with at most two decimals')
      .max(100, 'must be a percentage from 0 to 100 with at most two decimals')
      .default(1),
  ),
  CONVENIENCE_FEE_MAX_PAISE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000_000).default(5_000)),
  GST_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a percentage from 0 to 100 with at most two decimals' })
      .min(0, 'must be a percentage from 0 to 100 with at most two decimals')
      .max(100, 'must be a percentage from 0 to 100 with at most two decimals')
      .default(18),
  ),
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
  if (env.SMS_PROVIDER === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((k) => !env[k]);
    if (missing.length) {
      throw new EnvError(missing.map((variable) => ({ variable, message: 'is required when SMS_PROVIDER=twilio' })));
    }
  }
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter((k) => !env[k]);
    if (missing.length) {
      throw new EnvError(missing.map((variable) => ({ variable, message: 'is required when PAYMENT_PROVIDER=razorpay' })));
    }
  }
  if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
    throw new EnvError([{ variable: 'APP_SECRET', message: 'is required when NODE_ENV=production' }]);
  }
  return env;
}
