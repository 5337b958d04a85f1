import type { EmailMessage, EmailProvider } from '../providers/email.ts';
import type { PushOptions, PushOutcome, PushTarget, WebPushProvider } from '../providers/web-push.ts';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, pushEndpointRefusal } from '../providers/push-endpoints.ts';
import type { AppPushMessage, AppPushOutcome, AppPushProvider } from '../providers/fcm.ts';

/** An email provider for tests: keeps every message; `fail` makes the next sends throw. */
export function fakeEmail(): EmailProvider & { sent: EmailMessage[]; fail: number } {
  const state = {
    name: 'fake',
    sent: [] as EmailMessage[],
    fail: 0,
    async send(message: EmailMessage) {
      if (state.fail > 0) {
        state.fail--;
        throw Object.assign(new Error('SMTP send failed (421)'), { responseCode: 421 });
      }
      state.sent.push(message);
    },
  };
  return state;
}

/**
 * A web push provider for tests: keeps every push; `answer` decides the push service's reply. It accepts
 * the endpoints the real provider accepts by default (the browsers' push services over https).
 */
export function fakeWebPush(): WebPushProvider & {
  sent: { target: PushTarget; payload: { id: number; kind: string; title: string; body: string; url: string }; options: PushOptions }[];
  answer: (target: PushTarget) => PushOutcome;
} {
  const state = {
    name: 'fake',
    publicKey: 'BFakePublicKeyForTests000000000000000000000000000000000000000000000000000000000000000',
    sent: [] as { target: PushTarget; payload: { id: number; kind: string; title: string; body: string; url: string }; options: PushOptions }[],
    answer: (_t: PushTarget): PushOutcome => ({ ok: true, status: 201 }),
    endpointRefusal: (endpoint: string) => pushEndpointRefusal(endpoint, { hosts: DEFAULT_PUSH_ENDPOINT_HOSTS }),
    async send(target: PushTarget, payload: string, options: PushOptions) {
      const outcome = state.answer(target);
      if (outcome.ok) state.sent.push({ target, payload: JSON.parse(payload), options });
      return outcome;
    },
  };
  return state;
}

/** An app push (FCM) provider for tests. */
export function fakeAppPush(): AppPushProvider & { sent: { token: string; message: AppPushMessage }[]; answer: (token: string) => AppPushOutcome } {
  const state = {
    name: 'fake',
    sent: [] as { token: string; message: AppPushMessage }[],
    answer: (_t: string): AppPushOutcome => ({ ok: true, id: 'projects/p/messages/1' }),
    async send(token: string, message: AppPushMessage) {
      const outcome = state.answer(token);
      if (outcome.ok) state.sent.push({ token, message });
      return outcome;
    },
  };
  return state;
}
