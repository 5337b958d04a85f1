import { defineModule } from '../manifest.ts';
import { favouritesRouter } from './router.ts';
import { favouritesRest } from './rest.ts';

/** A shopper's favourite outlets (tRPC `favourites`, `/api/user/favourites`). */
export const favouritesModule = defineModule({
  name: 'favourites',
  router: { favourites: favouritesRouter },
  rest: favouritesRest,
});
