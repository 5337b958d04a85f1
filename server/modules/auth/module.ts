import { defineModule } from '../manifest.ts';
import { authRouter } from './router.ts';
import { authRest } from './rest.ts';

export const authModule = defineModule({
  name: 'auth',
  router: { auth: authRouter },
  rest: authRest,
});
