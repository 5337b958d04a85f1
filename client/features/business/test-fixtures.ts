import type { CounterPayment } from '@server/modules/counter/schema';
import type { BusinessUserDetails } from './lib/session';

/** A master owner with two outlets, as the business login returns them (component tests only). */
export const OWNER_DETAILS: BusinessUserDetails = {
  boId: 3,
  name: 'Ravi Kumar',
  username: 'demo.owner',
  phoneNumber: '9845012345',
  pan: 'ABCPK1234L',
  designation: 'Proprietor',
  isMaster: true,
  masterId: null,
  currentOutletId: 11,
  allOutletForBusiness: [
    { id: 11, name: 'Sri Krishna Udupi Grand', addressLineTwo: 'Jayanagar' },
    { id: 12, name: 'Kaapi Katte', addressLineTwo: 'Koramangala' },
  ],
};

/** 23 Nov 2026, 12:00 IST plus `minutes`. */
export const counterTime = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 6, 30 + minutes));

/** A paid bill at the counter (component tests only). */
export function counterPayment(patch: Partial<CounterPayment> = {}): CounterPayment {
  const paidAt = patch.paidAt ?? counterTime(0);
  return {
    orderId: 'order-1',
    receiptCode: 'BCH-7K2M9QXA',
    verificationCode: '482913',
    paidAt,
    billPaise: 100_000,
    discountPaise: 10_000,
    amountPaise: 91_062,
    status: 'paid',
    refundedPaise: 0,
    refundPendingPaise: 0,
    refundablePaise: 91_062,
    refundableUntil: new Date(paidAt.getTime() + 24 * 3600_000),
    refunds: [],
    tableNumber: null,
    group: null,
    ...patch,
  };
}

