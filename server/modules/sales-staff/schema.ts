import { z } from 'zod';
import { credentialsSchema } from '../common/schema.ts';

/**
 * The back office's browser session (docs/back-office.md): an HttpOnly, Secure, SameSite=Strict cookie
 * scoped to `/api/admin`, so page scripts never see the token. State-changing calls that the cookie
 * authenticates must carry ADMIN_REQUEST_HEADER (a custom header a cross-site form or image cannot
 * send); the admin app sends it on every call.
 */
export const SALES_SESSION_COOKIE = 'bachat_sales_session';
export const SALES_SESSION_COOKIE_PATH = '/api/admin';
export const ADMIN_REQUEST_HEADER = 'X-Bachat-Admin';

export const salesLoginSchema = credentialsSchema;
export type SalesLoginInput = z.infer<typeof salesLoginSchema>;

export const salesStaffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
});
export type SalesStaffIdentity = z.infer<typeof salesStaffSchema>;
