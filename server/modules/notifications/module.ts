import { defineModule } from '../manifest.ts';
import { notificationsRouter } from './router.ts';
import { notificationsRest } from './rest.ts';
import { NOTIFICATION_JOBS } from './jobs.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  router: { notifications: notificationsRouter },
  rest: notificationsRest,
  jobs: NOTIFICATION_JOBS,
});
