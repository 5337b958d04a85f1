import net from 'node:net';
import { z } from 'zod';
import { isValidGstin } from './modules/common/schema.ts';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, hostPatternProblem } from './providers/push-endpoints.ts';
import { estimateSecretBits, MIN_SECRET_BITS } from './lib/secret-strength.ts';

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
  // A streaming replica for discovery reads (nearby, search, outlet pages); docs/operations.md, "Read replica".
  READ_DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  // Every statement's deadline, both databases (PostgreSQL: statement_timeout on each pool connection;
  // embedded: the database thread is replaced). 0 turns it off. docs/operations.md.
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3_600_000).default(15_000)),
  // PostgreSQL: a transaction left idle this long is ended by the server (idle_in_transaction_session_timeout).
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3_600_000).default(60_000)),
  // How long a query waits for a free connection before the request fails with 503.
  DATABASE_ACQUIRE_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(5_000)),
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
  /** Group pay: minutes a group bill stays open for its shares (docs/payments.md "Group pay"). */
  GROUP_BILL_TTL_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(2).max(240).default(20)),
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
  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local', 's3']).default('local')),
  // Object storage (STORAGE_DRIVER=s3): AWS S3, Cloudflare R2, MinIO alike (server/providers/storage.ts).
  // S3_ENDPOINT empty = AWS's own endpoint for S3_REGION; the keys empty = the SDK's default chain (an IAM role).
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name (us-east-1, ap-south-1, auto)').default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(3).max(128).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  // Path-style URLs (endpoint/bucket/key), as MinIO and most local fakes need; virtual-hosted style otherwise.
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, boolFromString.default(false)),
  // Where browsers load public images from: empty = through the app (/uploads/<key>, with its caching
  // headers); or the bucket's public URL / a CDN in front of it (https://cdn.example.in), keys appended.
  S3_PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
      .refine((v) => !/[?#\s'";]/.test(v), 'must be a plain URL with no query, fragment or quotes')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  // GET /metrics (Prometheus) answers loopback scrapers, and anyone sending `Authorization: Bearer <this>`.
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').max(256).optional()),
  // The home map's tiles (issue 16): an XYZ template with {z}, {x}, {y} and optionally {s} (subdomains
  // a, b, c) and {r} (retina). Its origin is allowed in the client page's CSP (img-src).
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(v) && !/[\s'";]/.test(v), 'must be an http(s) tile URL with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyAsUndefined, z.string().max(300).default('© OpenStreetMap contributors')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  BODY_LIMIT_KB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_240).default(256)),
  TRPC_MAX_BATCH_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(50)),
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  // Notifications (docs/notifications.md). Links in emails and pushes start with PUBLIC_URL.
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
  EMAIL_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['outbox', 'smtp']).default('outbox')),
  // smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  EMAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default('Bachat <no-reply@bachat.in>')),
  // The outbox provider's JSON-lines file; default DATA_DIR/email-outbox.jsonl.
  EMAIL_OUTBOX_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Web push (VAPID, RFC 8292): URL-safe base64 keys; both or neither (then derived from APP_SECRET).
  VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a URL-safe base64 P-256 public key (87 characters)').optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a URL-safe base64 P-256 private key (43 characters)').optional()),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL').default('mailto:support@bachat.in'),
  ),
  // The only hosts web pushes are posted to (docs/notifications.md "Which push services"): host names, or
  // `*.domain` for any name under it, comma-separated. Subscriptions elsewhere are refused (400).
  PUSH_ENDPOINT_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(DEFAULT_PUSH_ENDPOINT_HOSTS.join(','))
      .transform((v, ctx) => {
        const hosts = v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
        for (const host of hosts) {
          const problem = hostPatternProblem(host);
          if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(host)} ${problem}` });
        }
        if (!hosts.length) ctx.addIssue({ code: 'custom', message: 'needs at least one host' });
        return hosts;
      }),
  ),
  // The Android wrapper's pushes: FCM HTTP v1 with a service account, or an outbox file (default).
  FCM_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['outbox', 'fcm']).default('outbox')),
  FCM_OUTBOX_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  FCM_PROJECT_ID: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z][a-z0-9-]{4,61}$/, 'must be a Firebase project id').optional()),
  FCM_CLIENT_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be the service account email').optional()),
  // The service account's PEM private key; "\n" sequences are read as newlines.
  FCM_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .refine((v) => v.includes('PRIVATE KEY-----'), 'must be a PEM private key')
      .optional(),
  ),
  FCM_API_BASE: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com')),
  FCM_TOKEN_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token')),
  // Most pushes one shopper gets per IST day (web push and app together; quiet hours 22:00–08:00 IST).
  PUSH_DAILY_CAP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(50).default(3)),
  // The counter's live payment streams (docs/operations.md "Live streams"): open at once per business
  // account and per client address (TRUST_PROXY decides the address), counted in each server process;
  // the next one is a 429. And how often each stream gets a keep-alive comment, when its session and
  // outlet access are also checked again (decimals allowed; at most 25 so access ends within 30 s).
  LIVE_STREAMS_PER_ACCOUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
  LIVE_STREAMS_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(100)),
  LIVE_STREAM_HEARTBEAT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds from 0.05 to 25' })
      .min(0.05, 'must be a number of seconds from 0.05 to 25')
      .max(25, 'must be a number of seconds from 0.05 to 25')
      .default(20),
  ),
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

/** Variables whose values never appear in an error message (they are keys, tokens or passwords). */
const SECRET_VARIABLES = new Set([
  'APP_SECRET',
  'TWILIO_AUTH_TOKEN',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'SMTP_URL',
  'VAPID_PRIVATE_KEY',
  'FCM_PRIVATE_KEY',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
]);

/**
 * The environment of an entry point (the server, the worker, a script): parsed, then held to the
 * entry's own needs (`check` throws an EnvError). A bad one is written to stderr and the process exits 1.
 */
export function envOrExit(check?: (env: Env) => void, source: Record<string, string | undefined> = process.env): Env {
  try {
    const env = parseEnv(source);
    check?.(env);
    return env;
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Parses a process.env-like record. Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: SECRET_VARIABLES.has(String(issue.path[0]))
          ? `${issue.message} (value hidden)`
          : `${issue.message} (got ${JSON.stringify(source[String(issue.path[0])] ?? null)})`,
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
  if (env.EMAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
    throw new EnvError([{ variable: 'SMTP_URL', message: 'is required when EMAIL_PROVIDER=smtp' }]);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const variable = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new EnvError([{ variable, message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither: keys derived from APP_SECRET)' }]);
  }
  if (env.READ_DATABASE_URL && !env.DATABASE_URL) {
    throw new EnvError([{ variable: 'READ_DATABASE_URL', message: 'needs DATABASE_URL (a replica of the embedded database does not exist)' }]);
  }
  if (env.STORAGE_DRIVER === 's3') {
    const issues: { variable: string; message: string }[] = [];
    if (!env.S3_BUCKET) issues.push({ variable: 'S3_BUCKET', message: 'is required when STORAGE_DRIVER=s3' });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const variable = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      issues.push({ variable, message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither: the SDK\'s default credentials, e.g. an IAM role)' });
    }
    if (issues.length) throw new EnvError(issues);
  }
  if (env.FCM_PROVIDER === 'fcm') {
    const missing = (['FCM_PROJECT_ID', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY'] as const).filter((k) => !env[k]);
    if (missing.length) throw new EnvError(missing.map((variable) => ({ variable, message: 'is required when FCM_PROVIDER=fcm' })));
  }
  if (env.NODE_ENV === 'production') {
    // What is only safe on a developer's machine stops a production start, all reasons at once.
    const refused: { variable: string; message: string }[] = [];
    if (!env.DATABASE_URL) {
      refused.push({
        variable: 'DATABASE_URL',
        message:
          'is required when NODE_ENV=production: the embedded database (the default without it) is for development and tests, one process on one disk',
      });
    }
    if (!env.APP_SECRET) refused.push({ variable: 'APP_SECRET', message: 'is required when NODE_ENV=production' });
    else {
      const bits = estimateSecretBits(env.APP_SECRET);
      if (bits < MIN_SECRET_BITS) {
        refused.push({
          variable: 'APP_SECRET',
          message: `is too easy to guess when NODE_ENV=production (about ${bits} bits estimated, at least ${MIN_SECRET_BITS} needed: repeated, sequential or common text); generate one with \`openssl rand -base64 48\` (value hidden)`,
        });
      }
    }
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
    if (env.EMAIL_PROVIDER === 'outbox') {
      refused.push({
        variable: 'EMAIL_PROVIDER',
        message: 'must be smtp when NODE_ENV=production (with SMTP_URL): the outbox (the default) only writes a file, so no shopper or owner gets an email',
      });
    }
    for (const variable of ['INVOICE_SUPPLIER_NAME', 'INVOICE_SUPPLIER_GSTIN', 'INVOICE_SUPPLIER_ADDRESS'] as const) {
      if (!env[variable]) {
        refused.push({ variable, message: 'is required when NODE_ENV=production: the outlets\' monthly statements carry the platform\'s tax invoice as supplier' });
      }
    }
    if (refused.length) throw new EnvError(refused);
  }
  return env;
}
