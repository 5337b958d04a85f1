import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { AnalyticsEventInput } from '@server/modules/analytics/schema';
import { trpc } from './trpc';

/**
 * Page views (SPEC §2: reported on each route change), batched and free of personal data: the path
 * without query string or fragment, long digit runs masked, the previous path, and a random visitor
 * id this browser made (not tied to an account).
 */

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_MS = 5_000;
const VISITOR_KEY = 'bachatVisitorId';
const TRACK_URL = '/trpc/analytics.track';

type PageView = Pick<AnalyticsEventInput, 'path' | 'referrerPath' | 'visitorId'> & { occurredAt: string };

/** Keeps the route's shape, drops anything that could identify someone. */
export function sanitizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  return bare.replace(/\d{5,}/g, ':n').slice(0, 300);
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function visitorId(): string | null {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = randomId();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

type Send = (events: PageView[]) => Promise<unknown>;

/**
 * Collects page views and sends them in batches: when `batchSize` are waiting, after `flushMs`, or
 * when the page is hidden (through `sendBeacon`, which survives the page closing).
 */
export class PageViewBatcher {
  private queue: PageView[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: Send,
    private readonly options: { batchSize?: number; flushMs?: number; beacon?: (events: PageView[]) => boolean } = {},
  ) {}

  add(event: PageView) {
    this.queue.push(event);
    if (this.queue.length >= (this.options.batchSize ?? ANALYTICS_BATCH_SIZE)) {
      this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs ?? ANALYTICS_FLUSH_MS);
    }
  }

  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.queue.length);
    // Analytics never disturbs the shopper: a lost batch is dropped.
    void this.send(batch).catch(() => undefined);
  }

  /** The page is going away: hand what is left to the browser. */
  flushOnHide() {
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.queue.length);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.options.beacon?.(batch)) void this.send(batch).catch(() => undefined);
  }

  get pending(): number {
    return this.queue.length;
  }
}

/**
 * The last batch as the page goes away: a `keepalive` fetch, which outlives the page like
 * `sendBeacon` but can leave the cookies behind. Page views are anonymous, and a request carrying the
 * session cookie without the app's header is refused (CSRF, docs/auth.md), which `sendBeacon` could not
 * add. Browsers without `keepalive` use `sendBeacon`, which a signed-in shopper's cookie makes fail.
 */
function beacon(events: PageView[]): boolean {
  // A non-batched tRPC mutation body with the superjson envelope (all values are plain JSON).
  const body = JSON.stringify({ json: { events: events.map((e) => ({ name: 'page_view', ...e })) } });
  if (typeof Request !== 'undefined' && 'keepalive' in Request.prototype) {
    void fetch(TRACK_URL, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } }).catch(
      () => undefined,
    );
    return true;
  }
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(TRACK_URL, new Blob([body], { type: 'application/json' }));
}

/** Mount once in the app shell: records a page view on every route change. */
export function usePageViews() {
  const [location] = useLocation();
  const utils = trpc.useUtils();
  const batcher = useRef<PageViewBatcher | null>(null);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const instance = new PageViewBatcher(
      (events) => utils.client.analytics.track.mutate({ events: events.map((e) => ({ name: 'page_view' as const, ...e })) }),
      { beacon },
    );
    batcher.current = instance;
    const onHide = () => {
      if (document.visibilityState === 'hidden') instance.flushOnHide();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      instance.flush();
      batcher.current = null;
    };
  }, [utils]);

  useEffect(() => {
    const path = sanitizePath(location);
    if (path === previous.current) return;
    batcher.current?.add({
      path,
      referrerPath: previous.current,
      visitorId: visitorId(),
      occurredAt: new Date().toISOString(),
    });
    previous.current = path;
  }, [location]);
}
