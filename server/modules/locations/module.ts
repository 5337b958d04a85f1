import { defineModule } from '../manifest.ts';
import { locationsRouter } from './router.ts';
import { locationsRest } from './rest.ts';

export const locationsModule = defineModule({
  name: 'locations',
  router: { locations: locationsRouter },
  rest: locationsRest,
});
