import { router, userProcedure } from '../../trpc/trpc.ts';
import { setLanguageSchema } from '../common/schema.ts';
import { updateProfileSchema, updateSettingsSchema } from './schema.ts';
import { deleteAccount, getCurrentUser, getSettings, setLanguage, updateProfile, updateSettings } from './service.ts';

export const usersRouter = router({
  me: userProcedure.query(({ ctx }) => getCurrentUser(ctx.principal.consumerId)),
  updateProfile: userProcedure
    .input(updateProfileSchema)
    .mutation(({ input, ctx }) => updateProfile(ctx.principal.consumerId, input)),
  settings: userProcedure.query(({ ctx }) => getSettings(ctx.principal.consumerId)),
  updateSettings: userProcedure
    .input(updateSettingsSchema)
    .mutation(({ input, ctx }) => updateSettings(ctx.principal.consumerId, input)),
  setLanguage: userProcedure
    .input(setLanguageSchema)
    .mutation(({ input, ctx }) => setLanguage(ctx.principal.consumerId, input.language)),
  delete: userProcedure.mutation(async ({ ctx }) => {
    const result = await deleteAccount(ctx.principal.consumerId);
    ctx.cookies.close('consumer');
    return result;
  }),
});
