import { defineModule } from '../manifest.ts';
import { citiesRouter } from './router.ts';
import { citiesRest } from './rest.ts';
import { citiesAdmin } from './admin.ts';

export const citiesModule = defineModule({
  name: 'cities',
  router: { cities: citiesRouter },
  rest: citiesRest,
  admin: { declaration: citiesAdmin },
});
