import type Router from '@koa/router';
import { businessOf, consumerOf } from '../../rest/guards.ts';
import { parseWith, rawInputOf } from '../../rest/validate.ts';
import {
  fcmTokenInputSchema,
  inboxListInputSchema,
  markReadInputSchema,
  pushDeviceInputSchema,
  pushSubscriptionSchema,
  unsubscribeInputSchema,
  unsubscribePushSchema,
} from './schema.ts';
import {
  deleteFcmToken,
  listInbox,
  markAllRead,
  markRead,
  ownerPushDevice,
  saveFcmToken,
  subscribeOwnerPush,
  unsubscribe,
  unsubscribeOwnerPush,
} from './service.ts';

/**
 * `/api/notification/fcm-token` (SPEC §7, the Android wrapper), the inbox for REST clients, the
 * emails' one-click unsubscribe (RFC 8058), and owners' payment alerts on a browser
 * (`/api/business/push-subscription`, business token; issue 30).
 */
export function notificationsRest({ api }: { api: Router }): void {
  api.post('/notification/fcm-token', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    ctx.body = await saveFcmToken(consumerId, parseWith(fcmTokenInputSchema, rawInputOf(ctx)));
  });
  api.delete('/notification/fcm-token', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { token } = parseWith(fcmTokenInputSchema, rawInputOf(ctx));
    ctx.body = await deleteFcmToken(consumerId, token);
  });

  api.get('/notifications', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    ctx.body = await listInbox(consumerId, parseWith(inboxListInputSchema, ctx.query));
  });
  api.post('/notifications/read-all', async (ctx) => {
    ctx.body = await markAllRead(consumerOf(ctx).consumerId);
  });
  api.post('/notifications/:id/read', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    ctx.body = await markRead(consumerId, parseWith(markReadInputSchema, ctx.params).id);
  });

  // Owners' payment alerts: the same subscription body as the browser gives it, the same 400s.
  api.get('/business/push-subscription', async (ctx) => {
    const { businessOwnerId } = businessOf(ctx);
    ctx.body = await ownerPushDevice(businessOwnerId, parseWith(pushDeviceInputSchema, ctx.query).endpoint);
  });
  api.post('/business/push-subscription', async (ctx) => {
    const { businessOwnerId } = businessOf(ctx);
    const ua = ctx.get('User-Agent');
    ctx.body = await subscribeOwnerPush(businessOwnerId, parseWith(pushSubscriptionSchema, rawInputOf(ctx)), ua || null);
  });
  api.delete('/business/push-subscription', async (ctx) => {
    const { businessOwnerId } = businessOf(ctx);
    ctx.body = await unsubscribeOwnerPush(businessOwnerId, parseWith(unsubscribePushSchema, rawInputOf(ctx)).endpoint);
  });

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` (form-encoded; the token is in
  // the URL, so the body is not needed). Turns that one setting off.
  api.post('/notifications/unsubscribe', async (ctx) => {
    const { token } = parseWith(unsubscribeInputSchema, { token: ctx.query.t });
    const result = await unsubscribe(token);
    ctx.body = { success: true, ...result };
  });
  // A client that opens the List-Unsubscribe URL instead: the page that asks first (a GET never unsubscribes:
  // link scanners fetch every URL in a mail).
  api.get('/notifications/unsubscribe', async (ctx) => {
    const t = typeof ctx.query.t === 'string' ? ctx.query.t : '';
    ctx.redirect(`/unsubscribe?t=${encodeURIComponent(t)}`);
  });
}
