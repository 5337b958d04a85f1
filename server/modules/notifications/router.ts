import { businessProcedure, publicProcedure, router, userProcedure } from '../../trpc/trpc.ts';
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
  describeUnsubscribe,
  listInbox,
  markAllRead,
  markRead,
  ownerPushDevice,
  pushConfig,
  pushDevices,
  saveFcmToken,
  subscribeOwnerPush,
  subscribePush,
  unreadCount,
  unsubscribe,
  unsubscribeOwnerPush,
  unsubscribePush,
} from './service.ts';

export const notificationsRouter = router({
  /** The inbox, newest first, with the unread count. */
  list: userProcedure.input(inboxListInputSchema).query(({ input, ctx }) => listInbox(ctx.principal.consumerId, input)),
  /** The bell's badge. */
  unreadCount: userProcedure.query(async ({ ctx }) => ({ unread: await unreadCount(ctx.principal.consumerId) })),
  markRead: userProcedure.input(markReadInputSchema).mutation(({ input, ctx }) => markRead(ctx.principal.consumerId, input.id)),
  markAllRead: userProcedure.mutation(({ ctx }) => markAllRead(ctx.principal.consumerId)),
  /** The VAPID public key browsers subscribe with. */
  pushConfig: publicProcedure.query(() => pushConfig()),
  pushDevices: userProcedure.query(({ ctx }) => pushDevices(ctx.principal.consumerId)),
  subscribePush: userProcedure
    .input(pushSubscriptionSchema)
    .mutation(({ input, ctx }) => subscribePush(ctx.principal.consumerId, input, ctx.userAgent)),
  unsubscribePush: userProcedure.input(unsubscribePushSchema).mutation(({ input, ctx }) => unsubscribePush(ctx.principal.consumerId, input.endpoint)),
  registerFcmToken: userProcedure.input(fcmTokenInputSchema).mutation(({ input, ctx }) => saveFcmToken(ctx.principal.consumerId, input)),
  /** The unsubscribe page: what the link turns off, then the button that does it (no sign-in: the link is the key). */
  describeUnsubscribe: publicProcedure.input(unsubscribeInputSchema).query(({ input }) => describeUnsubscribe(input.token)),
  unsubscribe: publicProcedure.input(unsubscribeInputSchema).mutation(({ input }) => unsubscribe(input.token)),
  /** Owners (business token): the counter's "Payment alerts on this device" (issue 30). */
  ownerPushDevice: businessProcedure
    .input(pushDeviceInputSchema)
    .query(({ input, ctx }) => ownerPushDevice(ctx.principal.businessOwnerId, input.endpoint)),
  subscribeOwnerPush: businessProcedure
    .input(pushSubscriptionSchema)
    .mutation(({ input, ctx }) => subscribeOwnerPush(ctx.principal.businessOwnerId, input, ctx.userAgent)),
  unsubscribeOwnerPush: businessProcedure
    .input(unsubscribePushSchema)
    .mutation(({ input, ctx }) => unsubscribeOwnerPush(ctx.principal.businessOwnerId, input.endpoint)),
});
