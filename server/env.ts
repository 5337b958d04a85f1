import net from 'node:net';
import { z } from 'zod';
import { isValidGstin } from './modules/common/schema.ts';

/**
 * All configuration comes from environment variables, parsed once here.
 * `.env.example` lists every variable with its default; keep the two in step.
 */
const boolFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Which peers may tell us the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto); see
 * server/http/proxy.ts and docs/operations.md. `none`: nobody, the socket address is the client.
 * `hops`: that many proxies in front of us, counted from the socket. `ranges`: any peer inside one of
 * these IPs/CIDRs.
 */
export type TrustProxy =
  | { mode: 'none' }
  | { mode: 'hops'; hops: number }
  | { mode: 'ranges'; ranges: { address: string; prefix: number; family: 'ipv4' | 'ipv6' }[] };

const TRUST_PROXY_HELP = 'must be empty/false, a hop count (e.g. 1) or a comma-separated list of proxy IPs/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)';

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === '0') return { mode: 'none' };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 32) return { mode: 'hops', hops };
    ctx.addIssue({ code: 'custom', message: 'a hop count must be at most 32' });
    return z.NEVER;
  }
  if (v === 'true') {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP}; "true" would let any client forge its address` });
    return z.NEVER;
  }
  const ranges: { address: string; prefix: number; family: 'ipv4' | 'ipv6' }[] = [];
  for (const entry of v.split(',').map((e) => e.trim())) {
    const [address = '', prefixText, extra] = entry.split('/');
    const version = net.isIP(address);
    const max = version === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!version || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP}; ${JSON.stringify(entry)} is not an IP address or CIDR` });
      return z.NEVER;
    }
    ranges.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
  }
  return { mode: 'ranges', ranges };
}

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
  // Default: true in development and test, false in production (see parseEnv).
  SEED_DEMO_DATA: z.preprocess(emptyAsUndefined, boolFromString.optional()),
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
  // The platform as the supplier on the outlets' monthly tax invoices (docs/business.md, "Settlement").
  INVOICE_SUPPLIER_NAME: z.preprocess(emptyAsUndefined, z.string().min(3).max(120).optional()),
  INVOICE_SUPPLIER_GSTIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isValidGstin, 'must be a valid GSTIN (15 characters, with its check character)')
      .optional(),
  ),
  INVOICE_SUPPLIER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().min(10).max(300).optional()),
  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local']).default('local')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  BODY_LIMIT_KB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_240).default(256)),
  TRPC_MAX_BATCH_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(50)),
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  // Who works background jobs (server/jobs/): the server itself, or separate `npm run worker` processes.
  JOB_WORKERS: z.preprocess(emptyAsUndefined, z.enum(['in-process', 'separate']).default('in-process')),
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds from 0 to 8' })
      .min(0, 'must be a number of seconds from 0 to 8')
      .max(8, 'must be a number of seconds from 0 to 8')
      .default(5),
  ),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO_DATA'> & { SEED_DEMO_DATA: boolean };

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
  const env: Env = { ...result.data, SEED_DEMO_DATA: result.data.SEED_DEMO_DATA ?? result.data.NODE_ENV !== 'production' };
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
  if (env.NODE_ENV === 'production') {
    // What is only safe on a developer's machine stops a production start, all reasons at once.
    const refused: { variable: string; message: string }[] = [];
    if (!env.APP_SECRET) refused.push({ variable: 'APP_SECRET', message: 'is required when NODE_ENV=production' });
    if (env.PAYMENT_PROVIDER !== 'razorpay') {
      refused.push({
        variable: 'PAYMENT_PROVIDER',
        message: 'must be razorpay when NODE_ENV=production: the sandbox (the default) lets a shopper mark their own order paid',
      });
    }
    if (env.SEED_DEMO_DATA) {
      refused.push({
        variable: 'SEED_DEMO_DATA',
        message: 'must not be true when NODE_ENV=production (the demo data set has well-known logins); leave it empty or set false',
      });
    }
    if (refused.length) throw new EnvError(refused);
  }
  return env;
}
