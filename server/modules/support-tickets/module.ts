import { defineModule } from '../manifest.ts';
import { supportTicketsRouter } from './router.ts';
import { supportTicketsRest } from './rest.ts';
import { supportTicketsAdmin } from './admin.ts';

export const supportTicketsModule = defineModule({
  name: 'support-tickets',
  router: { supportTickets: supportTicketsRouter },
  rest: supportTicketsRest,
  admin: { declaration: supportTicketsAdmin },
});
