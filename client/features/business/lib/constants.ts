/** SPEC §2: the business sign-up form lives outside the /for-bussiness section. */
export const BUSINESS_FORM_PATH = '/for-business-form';

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Ad } from '@server/modules/promotions/schema';

/** SPEC §8 (`i18n._` it). */
export const LOGOUT_FAILED = msg`Failed to Logout`;

/** SPEC §9: dashboard pages hold 20 rows. */
export const DASHBOARD_PAGE_SIZE = 20;

/** SPEC §9: ads and highlights are loaded with limit 1000, offset 0. */
export const AD_LIST_LIMIT = 1000;

/** An ad's kind, as its badge says it (`i18n._` it). */
export const AD_TYPE_LABELS: Record<Ad['adType'], MessageDescriptor> = {
  R: msg({ message: 'Regular', comment: 'A kind of ad: regular offer' }),
  D: msg({ message: 'Daily', comment: 'A kind of ad: daily offer' }),
  E: msg({ message: 'Event', comment: 'A kind of ad: event offer' }),
  Highlight: msg({ message: 'Highlight', comment: 'A featured offer an outlet promotes' }),
};
