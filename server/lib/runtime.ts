import type { Knex } from 'knex';
import type { Env } from '../env.ts';
import { requestContext, type Logger } from './logger.ts';
import type { Storage } from '../providers/storage.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { PaymentProvider } from '../providers/payments.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Realtime } from './realtime.ts';
import type { DomainEvents } from './domain-events.ts';
import type { EmailProvider } from '../providers/email.ts';
import type { WebPushProvider } from '../providers/web-push.ts';
import type { AppPushProvider } from '../providers/fcm.ts';
import type { Metrics } from './metrics.ts';

/** A read replica for discovery reads (server/db/read-replica.ts makes it). */
export interface ReadRouting {
  replica: Knex;
  /** The replica's replay position at the last poll, or null while it is not answering. */
  replayLsn(): bigint | null;
  close(): Promise<void>;
}

/**
 * What services need from the outside world, set once by `createApp` (or a test) and read by services.
 * Keeping it in one place means services take only their real inputs, and tests swap providers here.
 */
export interface Runtime {
  env: Env;
  db: Knex;
  /** The read replica discovery reads may use (READ_DATABASE_URL; db/read-replica.ts `discoveryDb`), else none. */
  reads?: ReadRouting;
  logger: Logger;
  secret: string;
  storage: Storage;
  sms: SmsProvider;
  payments: PaymentProvider;
  /** Notification channels (docs/notifications.md): email, browsers' web push, the Android wrapper's FCM. */
  email: EmailProvider;
  webPush: WebPushProvider;
  appPush: AppPushProvider;
  /** Background and scheduled work (server/jobs/jobs.ts). */
  jobs: Jobs;
  /** Domain events (server/lib/domain-events.ts): capture, refund, expiry, to the modules that subscribe. */
  events: DomainEvents;
  /** Messages across server processes (server/lib/realtime.ts): the counter's live payments. */
  realtime: Realtime;
  /** Prometheus counters and histograms (lib/metrics.ts), scraped at /metrics. */
  metrics: Metrics;
  /** The clock every business rule reads; tests move it. */
  now: () => Date;
}

let current: Runtime | null = null;

export function setRuntime(runtime: Runtime): Runtime {
  current = runtime;
  return runtime;
}

/**
 * Runs `fn` with `rt` as the runtime. Requests get theirs from the request scope that createApp's
 * first middleware opens (http/request-logger.ts); this is for work outside a request.
 */
export function runWithRuntime<T>(rt: Runtime, fn: () => T): T {
  return requestContext.run({ ...requestContext.getStore(), runtime: rt }, fn);
}

/** The runtime of the app serving the current request, else the one set last. */
export function runtime(): Runtime {
  const rt = (requestContext.getStore()?.runtime as Runtime | undefined) ?? current;
  if (!rt) throw new Error('Runtime not configured: call createApp() or setRuntime() first');
  return rt;
}
