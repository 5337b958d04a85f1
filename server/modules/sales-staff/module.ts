import { defineModule } from '../manifest.ts';
import { salesAuthRest } from './rest.ts';

export const salesStaffModule = defineModule({
  name: 'sales-staff',
  // The back office's sign-in: /api/admin/auth/*, before the sales guard.
  rest: salesAuthRest,
});
