import { defineModule } from '../manifest.ts';
import { businessApplicationsRouter } from './public-router.ts';
import { businessApplicationsPublicRest } from './public-rest.ts';
import { businessApplicationsAdmin } from './admin.ts';
import { businessApplicationHooks } from './service.ts';

export const businessApplicationsModule = defineModule({
  name: 'business-applications',
  router: { businessApplications: businessApplicationsRouter },
  rest: businessApplicationsPublicRest,
  admin: { declaration: businessApplicationsAdmin, hooks: businessApplicationHooks },
});
