/** SPEC §2: the business sign-up form lives outside the /for-bussiness section. */
export const BUSINESS_FORM_PATH = '/for-business-form';

/** SPEC §8. */
export const LOGOUT_FAILED = 'Failed to Logout';

/** SPEC §9: dashboard pages hold 20 rows. */
export const DASHBOARD_PAGE_SIZE = 20;

/** SPEC §9: ads and highlights are loaded with limit 1000, offset 0. */
export const AD_LIST_LIMIT = 1000;
