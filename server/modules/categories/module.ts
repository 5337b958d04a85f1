import { defineModule } from '../manifest.ts';
import { categoriesRouter } from './router.ts';
import { categoriesRest } from './rest.ts';
import { categoriesAdmin } from './admin.ts';
import { categoryHooks } from './hooks.ts';

export const categoriesModule = defineModule({
  name: 'categories',
  router: { categories: categoriesRouter },
  rest: categoriesRest,
  admin: { declaration: categoriesAdmin, hooks: categoryHooks },
});
