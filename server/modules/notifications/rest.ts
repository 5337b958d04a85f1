import type Router from '@koa/router';
import { consumerOf } from '../../rest/guards.ts';
import { parseWith, rawInputOf } from '../../rest/validate.ts';
import { fcmTokenInputSchema, inboxListInputSchema, markReadInputSchema, unsubscribeInputSchema } from './schema.ts';
import { deleteFcmToken, listInbox, markAllRead, markRead, saveFcmToken, unsubscribe } from './service.ts';

/**
 * `/api/notification/fcm-token` (SPEC §7, the Android wrapper), the inbox for REST clients, and the
 * emails' one-click unsubscribe (RFC 8058).
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
