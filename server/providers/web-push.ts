import { createECDH, createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import webpush from 'web-push';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { checkedLookup, PushAddressRefused, pushEndpointRefusal, systemResolver, type PushEndpointRules, type Resolver } from './push-endpoints.ts';

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
  /**
   * `gone`: the subscription expired or was withdrawn (404/410), or its endpoint is not one we post to:
   * forget it. `retryable`: worth trying again later (no answer, 429, 5xx).
   */
  | { ok: false; status: number | null; gone: boolean; retryable: boolean; reason: string };

/** Web push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), via `web-push`. */
export interface WebPushProvider {
  readonly name: string;
  /** The application server key browsers subscribe with (URL-safe base64). */
  readonly publicKey: string;
  /** Why the server would not post to this endpoint (server/providers/push-endpoints.ts), or null. */
  endpointRefusal(endpoint: string): string | null;
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

export interface WebPushOptions {
  keys: VapidKeys;
  subject: string;
  /** Which endpoints the server posts to (PUSH_ENDPOINT_HOSTS; tests may add plain http). */
  endpoints: PushEndpointRules;
  timeoutMs?: number;
  /** How names are resolved (tests give a fixed answer; the internet is never used in tests). */
  resolve?: Resolver;
  /** Which resolved addresses may be connected to (default: public unicast only; tests allow their own server). */
  allowAddress?: (address: string) => boolean;
}

/**
 * Sends through `web-push`'s request builder (VAPID JWT + encrypted body) and our own HTTP request,
 * so the timeout is ours and the connection goes only where the rules say (push-endpoints.ts): an
 * endpoint on a push service's host, resolved once, every address public, connected to the checked
 * address, and a redirect answered with is never followed (node's client does not follow them; the
 * status is the outcome).
 */
export function createWebPush(options: WebPushOptions, logger: Logger): WebPushProvider {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  const lookup = checkedLookup(options.resolve ?? systemResolver, options.allowAddress);
  // Kept-alive connections (a fan-out posts many pushes to the same service); each was made to a checked address.
  const agents = { 'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }), 'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }) };
  const endpointRefusal = (endpoint: string) => pushEndpointRefusal(endpoint, options.endpoints);
  return {
    name: 'vapid',
    publicKey: options.keys.publicKey,
    endpointRefusal,
    async send(target, payload, push) {
      const refusal = endpointRefusal(target.endpoint);
      if (refusal) {
        logger.warn({ push: { refused: refusal } }, 'web push: endpoint refused');
        return { ok: false, status: null, gone: true, retryable: false, reason: `endpoint refused: ${refusal}` };
      }
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: push.ttlSeconds, urgency: push.urgency ?? 'normal', ...(push.topic ? { topic: push.topic } : {}) },
      );
      const url = new URL(details.endpoint);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      let status: number;
      try {
        status = await post(url, {
          agent: agents[url.protocol as 'https:' | 'http:'],
          headers,
          body: details.body ?? Buffer.alloc(0),
          lookup,
          timeoutMs: options.timeoutMs ?? 10_000,
        });
      } catch (error) {
        if (error instanceof PushAddressRefused) {
          logger.warn({ push: { host: url.host, refused: error.message } }, 'web push: address refused');
          return { ok: false, status: null, gone: false, retryable: false, reason: `address refused: ${error.message}` };
        }
        return { ok: false, status: null, gone: false, retryable: true, reason: `push service unreachable: ${(error as Error).name}` };
      }
      if (status >= 200 && status < 300) return { ok: true, status };
      const gone = status === 404 || status === 410;
      logger.info({ push: { status, host: url.host } }, 'web push refused');
      const reason = status >= 300 && status < 400 ? `push service answered ${status} (redirects are not followed)` : `push service answered ${status}`;
      return { ok: false, status, gone, retryable: !gone && (status === 429 || status >= 500), reason };
    },
  };
}

/** POSTs `body` and resolves with the answer's status (the answer's body is read and dropped); never follows a redirect. */
function post(
  url: URL,
  init: { agent: http.Agent; headers: Record<string, string>; body: Buffer; lookup: ReturnType<typeof checkedLookup>; timeoutMs: number },
): Promise<number> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: init.agent,
        headers: { ...init.headers, 'Content-Length': String(init.body.length) },
        lookup: init.lookup as unknown as net.LookupFunction,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (res) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export function vapidKeysOf(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>, secret: string): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  return deriveVapidKeys(secret);
}

export function createWebPushFromEnv(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_ENDPOINT_HOSTS'>,
  secret: string,
  logger: Logger,
): WebPushProvider {
  return createWebPush({ keys: vapidKeysOf(env, secret), subject: env.VAPID_SUBJECT, endpoints: { hosts: env.PUSH_ENDPOINT_HOSTS } }, logger);
}
