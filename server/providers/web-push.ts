import { createECDH, createHmac } from 'node:crypto';
import webpush from 'web-push';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';

/** A browser's push subscription (PushSubscription.toJSON()): where to post and the keys to encrypt with. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, URL-safe base64 (65 bytes uncompressed). */
  p256dh: string;
  /** The 16-byte auth secret, URL-safe base64. */
  auth: string;
}

export interface PushOptions {
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered older one (≤ 32 URL-safe characters). */
  topic?: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  /** `gone`: the subscription expired or was withdrawn (404/410): forget it. */
  | { ok: false; status: number | null; gone: boolean; reason: string };

/** Web push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), via `web-push`. */
export interface WebPushProvider {
  readonly name: string;
  /** The application server key browsers subscribe with (URL-safe base64). */
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** P-256's group order: a private key is a scalar in [1, n − 1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * VAPID keys derived from the app secret (HMAC-SHA256 → a P-256 scalar), so every process of one
 * deployment, and every restart, signs with the same key without storing it anywhere: browsers'
 * subscriptions stay valid. Changing APP_SECRET changes the key (browsers then re-subscribe from
 * /settings); production may pin explicit VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY instead.
 */
export function deriveVapidKeys(secret: string): VapidKeys {
  for (let counter = 0; ; counter++) {
    const d = createHmac('sha256', secret).update(`vapid-p256\0${counter}`).digest();
    const n = BigInt(`0x${d.toString('hex')}`);
    if (n === 0n || n >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: d.toString('base64url') };
  }
}

/**
 * Sends through `web-push`'s request builder (VAPID JWT + encrypted body) and our own `fetch`, so the
 * timeout is ours and any push service URL works (tests post to a local endpoint over http).
 */
export function createWebPush(
  options: { keys: VapidKeys; subject: string; timeoutMs?: number; fetch?: typeof fetch },
  logger: Logger,
): WebPushProvider {
  const doFetch = options.fetch ?? fetch;
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  return {
    name: 'vapid',
    publicKey: options.keys.publicKey,
    async send(target, payload, push) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: push.ttlSeconds, urgency: push.urgency ?? 'normal', ...(push.topic ? { topic: push.topic } : {}) },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
      let res: Response;
      try {
        res = await doFetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        return { ok: false, status: null, gone: false, reason: `push service unreachable: ${(error as Error).name}` };
      }
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return { ok: true, status: res.status };
      const gone = res.status === 404 || res.status === 410;
      logger.info({ push: { status: res.status, host: new URL(target.endpoint).host } }, 'web push refused');
      return { ok: false, status: res.status, gone, reason: `push service answered ${res.status}` };
    },
  };
}

export function vapidKeysOf(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>, secret: string): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  return deriveVapidKeys(secret);
}

export function createWebPushFromEnv(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>, secret: string, logger: Logger): WebPushProvider {
  return createWebPush({ keys: vapidKeysOf(env, secret), subject: env.VAPID_SUBJECT }, logger);
}
