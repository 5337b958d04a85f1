import { outletProcedure, router } from '../../trpc/trpc.ts';
import {
  createAdSchema,
  createEventSchema,
  createHighlightSchema,
  deleteAdSchema,
  deleteEventSchema,
  deleteSlotSchema,
  editHighlightSchema,
  getTimeSlotsSchema,
  listAdsSchema,
  listEventsSchema,
  liveAndScheduledSchema,
  scheduleAdSchema,
  setTimeSlotsSchema,
  updateAdSchema,
  updateEventSchema,
} from './schema.ts';
import {
  createAd,
  createEvent,
  createHighlight,
  deleteAd,
  deleteEvent,
  deleteSlot,
  editHighlight,
  getLiveAndScheduled,
  getTimeSlots,
  listAds,
  listEvents,
  scheduleAd,
  setTimeSlots,
  updateAd,
  updateEvent,
} from './service.ts';

/** `trpc.promotions.*`: the promotion organizer. Ad images are uploaded through REST multipart (`/api/adv/create`, `/api/adv/edit`). */
export const promotionsRouter = router({
  ads: outletProcedure.input(listAdsSchema).query(({ ctx, input }) => listAds(ctx.principal.businessOwnerId, input)),
  createAd: outletProcedure.input(createAdSchema).mutation(({ ctx, input }) => createAd(ctx.principal.businessOwnerId, input)),
  updateAd: outletProcedure.input(updateAdSchema).mutation(({ ctx, input }) => updateAd(ctx.principal.businessOwnerId, input)),
  deleteAd: outletProcedure.input(deleteAdSchema).mutation(({ ctx, input }) => deleteAd(ctx.principal.businessOwnerId, input)),
  createHighlight: outletProcedure.input(createHighlightSchema).mutation(({ ctx, input }) => createHighlight(ctx.principal.businessOwnerId, input)),
  editHighlight: outletProcedure.input(editHighlightSchema).mutation(({ ctx, input }) => editHighlight(ctx.principal.businessOwnerId, input)),
  timeSlots: outletProcedure.input(getTimeSlotsSchema).query(({ ctx, input }) => getTimeSlots(ctx.principal.businessOwnerId, input)),
  setTimeSlots: outletProcedure.input(setTimeSlotsSchema).mutation(({ ctx, input }) => setTimeSlots(ctx.principal.businessOwnerId, input)),
  schedule: outletProcedure.input(scheduleAdSchema).mutation(({ ctx, input }) => scheduleAd(ctx.principal.businessOwnerId, input)),
  deleteSlot: outletProcedure.input(deleteSlotSchema).mutation(({ ctx, input }) => deleteSlot(ctx.principal.businessOwnerId, input)),
  events: outletProcedure.input(listEventsSchema).query(({ ctx, input }) => listEvents(ctx.principal.businessOwnerId, input)),
  createEvent: outletProcedure.input(createEventSchema).mutation(({ ctx, input }) => createEvent(ctx.principal.businessOwnerId, input)),
  updateEvent: outletProcedure.input(updateEventSchema).mutation(({ ctx, input }) => updateEvent(ctx.principal.businessOwnerId, input)),
  deleteEvent: outletProcedure.input(deleteEventSchema).mutation(({ ctx, input }) => deleteEvent(ctx.principal.businessOwnerId, input)),
  liveAndScheduled: outletProcedure
    .input(liveAndScheduledSchema)
    .query(({ ctx, input }) => getLiveAndScheduled(ctx.principal.businessOwnerId, input.outletId)),
});
