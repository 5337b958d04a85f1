/**
 * The browser sessions of the shopper and business app (docs/auth.md "Sessions in the browser"): the
 * names the server sets and the app reads, in one place. The back office's cookie is
 * server/modules/sales-staff/schema.ts's.
 *
 * - The tokens are HttpOnly cookies the page never sees, set and cleared by the server only.
 * - `signedIn` is the shopper's non-secret flag beside its token (SPEC §4's "login flag"): the page
 *   reads it to know whether to ask for the current user; it opens nothing.
 * - `businessUserDetails` is the owner's details and outlets (SPEC §3), written by the page after the
 *   login and cleared by the server whenever it ends the business session.
 */
export const SHOPPER_SESSION_COOKIE = 'authToken';
export const SHOPPER_SIGNED_IN_COOKIE = 'signedIn';
export const BUSINESS_SESSION_COOKIE = 'business_auth_token';
export const BUSINESS_DETAILS_COOKIE = 'businessUserDetails';

/**
 * CSRF: a state-changing request (not GET, HEAD or OPTIONS) that a session *cookie* authenticates must
 * carry this header, which the app sends on every call and a cross-site form, link or image cannot.
 * Without it the cookie is not read for that request (server/http/auth.ts).
 */
export const APP_REQUEST_HEADER = 'X-Bachat-App';
