import { defineModule } from '../manifest.ts';
import { auditLogAdmin } from './admin.ts';
import { auditLogHooks } from './service.ts';

export const auditLogModule = defineModule({
  name: 'audit-log',
  admin: { declaration: auditLogAdmin, hooks: auditLogHooks },
});
