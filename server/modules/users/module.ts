import { defineModule } from '../manifest.ts';
import { usersRouter } from './router.ts';
import { usersRest } from './rest.ts';

export const usersModule = defineModule({
  name: 'users',
  router: { users: usersRouter },
  rest: usersRest,
});
