import { defineModule } from '../manifest.ts';
import { businessOwnersRest } from './rest.ts';
import { businessOwnersAdmin } from './admin.ts';
import { businessOwnerHooks } from './service.ts';

export const businessOwnersModule = defineModule({
  name: 'business-owners',
  rest: businessOwnersRest,
  admin: { declaration: businessOwnersAdmin, hooks: businessOwnerHooks },
});
