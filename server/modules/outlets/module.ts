import { defineModule } from '../manifest.ts';
import { outletsRouter } from './router.ts';
import { outletsRest } from './rest.ts';
import { outletSalesRest } from './sales-rest.ts';
import { outletsAdmin } from './admin.ts';
import { outletHooks } from './sales-service.ts';

/** Discovery: what shoppers see (tRPC `outlets`, `/api/outlet/*` reads). */
export const outletsModule = defineModule({
  name: 'outlets',
  router: { outlets: outletsRouter },
  rest: outletsRest,
});

/**
 * The sales side of outlets: the back-office resource (slugs, owners, grants) and the documented sales
 * paths over the same engine. Its own manifest because its REST mounts sit later in the list.
 */
export const outletSalesModule = defineModule({
  name: 'outlet-sales',
  rest: outletSalesRest,
  admin: { declaration: outletsAdmin, hooks: outletHooks },
});
