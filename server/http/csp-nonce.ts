/**
 * What a build writes where a page's nonce goes (admin/vite.config.ts `html.cspNonce`: the `nonce`
 * attributes of its tags and the `<meta property="csp-nonce">` the page's code reads it from). The
 * server replaces it in each response with a fresh nonce (security-headers.ts `withCspNonce`); it is
 * never a nonce itself. Pure, no imports: the admin's build config reads it.
 */
export const CSP_NONCE_PLACEHOLDER = 'BACHAT_CSP_NONCE';
