import { defineModule } from '../manifest.ts';
import { subAccountsRouter } from './router.ts';
import { subAccountsRest } from './rest.ts';

export const subAccountsModule = defineModule({
  name: 'sub-accounts',
  router: { subAccounts: subAccountsRouter },
  rest: subAccountsRest,
});
