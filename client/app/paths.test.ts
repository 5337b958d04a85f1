import { describe, expect, it } from 'vitest';
import { isBusinessConsolePath } from './paths';

describe('isBusinessConsolePath', () => {
  it('is the signed-in console only: not the landing page, not the login page', () => {
    for (const p of ['/for-bussiness/promotion-organizer/daily-offers/3', '/for-bussiness/dashboard/coupons/1', '/for-bussiness/account/gstin']) {
      expect(isBusinessConsolePath(p), p).toBe(true);
    }
    for (const p of ['/for-bussiness', '/for-bussiness/', '/for-bussiness/login', '/for-bussiness/login/', '/for-business-form', '/', '/bengaluru/kaapi-katte']) {
      expect(isBusinessConsolePath(p), p).toBe(false);
    }
  });
});
