import type { AdminResourceDeclaration } from './declaration.ts';
import { outletsAdmin } from '../modules/outlets/admin.ts';
import { businessOwnersAdmin } from '../modules/business-owners/admin.ts';
import { discountsAdmin } from '../modules/discounts/admin.ts';
import { dayDiscountsAdmin } from '../modules/day-discounts/admin.ts';
import { categoriesAdmin } from '../modules/categories/admin.ts';
import { citiesAdmin } from '../modules/cities/admin.ts';
import { businessApplicationsAdmin } from '../modules/business-applications/admin.ts';
import { supportTicketsAdmin } from '../modules/support-tickets/admin.ts';
import { auditLogAdmin } from '../modules/audit-log/admin.ts';
import { reviewReportsAdmin, reviewsAdmin } from '../modules/reviews/admin.ts';
import { settlementsAdmin } from '../modules/settlements/admin.ts';

/**
 * Every back-office resource, in menu order. The server mounts `/api/admin/<name>` for each and the
 * admin front end renders a `<Resource>` for each. Pure: the admin bundle imports this file, so it
 * cannot read the module manifests; each declaration here is also its module's `admin` (module.ts),
 * which server/admin/registry.ts checks at start.
 */
export const ADMIN_RESOURCES: readonly AdminResourceDeclaration[] = [
  outletsAdmin,
  businessOwnersAdmin,
  businessApplicationsAdmin,
  discountsAdmin,
  dayDiscountsAdmin,
  categoriesAdmin,
  citiesAdmin,
  settlementsAdmin,
  supportTicketsAdmin,
  reviewsAdmin,
  reviewReportsAdmin,
  auditLogAdmin,
];
