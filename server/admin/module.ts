import { defineModule } from '../modules/manifest.ts';
import { adminResourcesRest } from './rest.ts';

/** The generated back office: `/api/admin/<resource>` for every bound resource (server/admin/registry.ts). */
export const adminResourcesModule = defineModule({
  name: 'admin-resources',
  rest: adminResourcesRest,
});
