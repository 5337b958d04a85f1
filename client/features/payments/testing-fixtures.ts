import type { Bill } from '@server/modules/bills/schema';
import { testShopper } from '@client/testing/fixtures';

/** Shared fixtures for the payment screens' tests (answers shaped like the tRPC procedures'). */
export const SHOPPER = testShopper();

export function billFixture(overrides: Partial<Bill> = {}): Bill {
  return {
    billPaise: 1_000_00,
    belowMinimum: false,
    instantDiscountPercent: 10,
    instantDiscountPaise: 100_00,
    shuffleDiscountPercent: 0,
    shuffleDiscountPaise: 0,
    discountPaise: 100_00,
    subtotalPaise: 900_00,
    convenienceFeePercent: 1,
    convenienceFeePaise: 9_00,
    gstPercent: 18,
    gstPaise: 1_62,
    amountPaise: 910_62,
    platformFeePaise: 13_50,
    platformFeeGstPaise: 2_43,
    netToOutletPaise: 884_07,
    outletId: 3,
    outletName: 'Kaapi Katte',
    isOpen: true,
    minimumBillPaise: 50_00,
    message: null,
    offer: { source: 'base', title: null, discountPercent: 10, validUntil: new Date('2026-11-21T18:29:59Z') },
    coupon: null,
    shuffleRange: { minPercent: 2, maxPercent: 12 },
    ...overrides,
  };
}
