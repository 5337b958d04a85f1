/**
 * This browser's web push subscription (the Push API through the service worker vite-plugin-pwa
 * registers). The server's VAPID key comes from `notifications.pushConfig`; the subscription is saved
 * with `notifications.subscribePush` (client/features/profile, the settings page's device switch) or, for
 * a business account, `notifications.subscribeOwnerPush` (the counter's payment alerts switch); both
 * switches go through `use-push-device.ts`.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** URL-safe base64 → the bytes `applicationServerKey` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  // Resolves once the app's service worker is active (it is registered by registerSW.js on every page).
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export interface SubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Asks for permission (when not yet granted) and subscribes with the server's key; null when refused. */
export async function subscribeThisBrowser(publicKey: string): Promise<SubscriptionJson | null> {
  const reg = await registration();
  if (!reg) return null;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const existing = await reg.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  // A subscription made with another key (the server's key changed) cannot be used: make a new one.
  if (existing && existing.options.applicationServerKey) {
    const same = new Uint8Array(existing.options.applicationServerKey).every((b, i) => b === key[i]);
    if (!same) await existing.unsubscribe();
    else return existing.toJSON() as SubscriptionJson;
  }
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return sub.toJSON() as SubscriptionJson;
}

/** Ends this browser's subscription; returns its endpoint (for the server to forget) or null. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}

/** The service worker tells open pages when a push arrived (push-sw.js), so the bell refreshes. */
export function onPushMessage(listener: () => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const handler = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'bachat:notification') listener();
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}
