import { defineModule } from '../manifest.ts';
import { dashboardsRouter } from './router.ts';
import { dashboardsRest } from './rest.ts';

export const dashboardsModule = defineModule({
  name: 'dashboards',
  router: { dashboards: dashboardsRouter },
  rest: dashboardsRest,
});
