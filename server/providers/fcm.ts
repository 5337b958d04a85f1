import fs from 'node:fs/promises';
import path from 'node:path';
import { createSign } from 'node:crypto';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';

/** What the Android wrapper shows: a notification with a title, a body and the app path a tap opens. */
export interface AppPushMessage {
  title: string;
  body: string;
  /** String data for the app (`url`: the path to open, `notificationId`). */
  data: Record<string, string>;
  /** Seconds FCM keeps an undelivered message. */
  ttlSeconds: number;
}

export type AppPushOutcome =
  | { ok: true; id: string | null }
  /** `unregistered`: the token is no longer valid (app uninstalled, token rotated): forget it. */
  | { ok: false; unregistered: boolean; reason: string; retryable: boolean };

/** Pushes to the Android wrapper's device tokens. Adapters: `outbox` (offline default) and `fcm` (FCM HTTP v1). */
export interface AppPushProvider {
  readonly name: string;
  send(token: string, message: AppPushMessage): Promise<AppPushOutcome>;
}

const maskToken = (token: string) => `${token.slice(0, 6)}…(${token.length})`;

/** Offline default: appends `{"token","title","body","data","at"}` to the outbox file when one is set. */
export function createOutboxAppPush(logger: Logger, outboxFile?: string): AppPushProvider {
  return {
    name: 'outbox',
    async send(token, message) {
      logger.info({ appPush: { token: maskToken(token), title: message.title } }, 'app push sent (outbox)');
      if (outboxFile) {
        await fs.mkdir(path.dirname(path.resolve(outboxFile)), { recursive: true });
        await fs.appendFile(outboxFile, JSON.stringify({ token, ...message, at: new Date().toISOString() }) + '\n');
      }
      return { ok: true, id: null };
    },
  };
}

export interface FcmOptions {
  projectId: string;
  /** The service account's email (the JWT's issuer). */
  clientEmail: string;
  /** The service account's PEM private key (RS256). */
  privateKey: string;
  /** `https://fcm.googleapis.com`; tests point it at a local fake. */
  apiBase?: string;
  /** `https://oauth2.googleapis.com/token`; tests point it at a local fake. */
  tokenUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/**
 * Firebase Cloud Messaging HTTP v1: an OAuth 2.0 access token from the service account (a signed RS256
 * JWT exchanged at the token endpoint, `urn:ietf:params:oauth:grant-type:jwt-bearer`, cached until a
 * minute before it expires), then `POST /v1/projects/{project}/messages:send` per device token. A token
 * FCM calls UNREGISTERED (404) or invalid (400 INVALID_ARGUMENT) is reported `unregistered`; 429 and
 * 5xx are retryable. The key, the access token and device tokens are never logged.
 */
export function createFcmAppPush(options: FcmOptions, logger: Logger): AppPushProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const apiBase = (options.apiBase ?? 'https://fcm.googleapis.com').replace(/\/+$/, '');
  const tokenUrl = options.tokenUrl ?? 'https://oauth2.googleapis.com/token';
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - 60_000 > now()) return cached.token;
    const iat = Math.floor(now() / 1000);
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = b64url(
      JSON.stringify({
        iss: options.clientEmail,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
        aud: tokenUrl,
        iat,
        exp: iat + 3600,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(options.privateKey).toString('base64url');
    const res = await doFetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${header}.${claims}.${signature}` }),
      signal: timeout(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) throw new Error(`FCM token exchange failed (HTTP ${res.status}${body.error ? `, ${body.error}` : ''})`);
    cached = { token: body.access_token, expiresAt: now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    name: 'fcm',
    async send(token, message) {
      let res: Response;
      try {
        const bearer = await accessToken();
        res = await doFetch(`${apiBase}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: message.title, body: message.body },
              data: message.data,
              android: { ttl: `${message.ttlSeconds}s`, priority: 'HIGH', notification: { click_action: 'OPEN_URL' } },
            },
          }),
          signal: timeout(),
        });
      } catch (error) {
        return { ok: false, unregistered: false, retryable: true, reason: `FCM unreachable: ${(error as Error).message.slice(0, 120)}` };
      }
      const body = (await res.json().catch(() => ({}))) as {
        name?: string;
        error?: { status?: string; details?: { errorCode?: string }[] };
      };
      if (res.ok) return { ok: true, id: body.name ?? null };
      if (res.status === 401) cached = null;
      const code = body.error?.details?.find((d) => d.errorCode)?.errorCode ?? body.error?.status ?? String(res.status);
      const unregistered = code === 'UNREGISTERED' || (res.status === 400 && code === 'INVALID_ARGUMENT') || res.status === 404;
      logger.info({ appPush: { provider: 'fcm', status: res.status, code } }, 'app push refused');
      return { ok: false, unregistered, retryable: res.status === 429 || res.status >= 500 || res.status === 401, reason: `FCM ${res.status} ${code}` };
    },
  };
}

export function createAppPush(
  env: Pick<Env, 'FCM_PROVIDER' | 'FCM_OUTBOX_FILE' | 'FCM_PROJECT_ID' | 'FCM_CLIENT_EMAIL' | 'FCM_PRIVATE_KEY' | 'FCM_API_BASE' | 'FCM_TOKEN_URL'>,
  logger: Logger,
): AppPushProvider {
  if (env.FCM_PROVIDER === 'fcm') {
    if (!env.FCM_PROJECT_ID || !env.FCM_CLIENT_EMAIL || !env.FCM_PRIVATE_KEY) {
      throw new Error('FCM_PROVIDER=fcm needs FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY');
    }
    return createFcmAppPush(
      {
        projectId: env.FCM_PROJECT_ID,
        clientEmail: env.FCM_CLIENT_EMAIL,
        privateKey: env.FCM_PRIVATE_KEY,
        apiBase: env.FCM_API_BASE,
        tokenUrl: env.FCM_TOKEN_URL,
      },
      logger,
    );
  }
  return createOutboxAppPush(logger, env.FCM_OUTBOX_FILE);
}
