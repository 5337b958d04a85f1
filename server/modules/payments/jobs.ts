import { defineJob } from '../../jobs/jobs.ts';
import { retryPendingRefunds } from './refunds.ts';
import { pruneOutletEvents } from './events.ts';

/**
 * Refunds a crash or a provider outage left pending are asked for again (docs/payments.md, "Refunds"):
 * every minute, and once when a worker starts (then every pending row, however recent). Safe to run
 * twice: each refund carries its idempotency key to the provider.
 */
export const retryRefundsJob = defineJob<{ minAgeMs?: number }>({
  name: 'payments.retry-refunds',
  cron: '* * * * *',
  atStart: { minAgeMs: 0 },
  // The next minute's run is the retry.
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 5 * 60,
  async handler({ minAgeMs }) {
    // Drains the backlog 20 at a time; each call only takes rows nobody touched for minAgeMs.
    while ((await retryPendingRefunds({ minAgeMs, limit: 20 })) === 20);
  },
});

/** The counter's feed keeps a few days for replay (events.ts); older rows go every night. */
export const pruneOutletEventsJob = defineJob<object>({
  name: 'payments.prune-outlet-events',
  cron: '30 3 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  async handler() {
    await pruneOutletEvents();
  },
});
