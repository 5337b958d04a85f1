import { defineModule } from '../manifest.ts';
import { promoterApplicationsRouter } from './router.ts';
import { promoterApplicationsRest } from './rest.ts';

export const promoterApplicationsModule = defineModule({
  name: 'promoter-applications',
  router: { promoterApplications: promoterApplicationsRouter },
  rest: promoterApplicationsRest,
});
