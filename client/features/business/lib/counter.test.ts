import { describe, expect, it } from 'vitest';
import type { CounterPage, CounterPayment } from '@server/modules/counter/schema';
import { counterPayment, counterTime as at } from '../test-fixtures';
import { latestGroupProgress, mergeCounterEvent, paymentFromWire, refundBlockedReason, rupeesToPaise } from './counter';

const page = (data: CounterPayment[], patch: Partial<CounterPage> = {}): CounterPage => ({
  data,
  offSet: 1,
  limit: 20,
  total: data.length,
  totalPages: 1,
  lastEventId: 5,
  canRefund: true,
  serverTime: at(0),
  ...patch,
});

describe('mergeCounterEvent', () => {
  it('a new payment goes on top of the first page, which keeps 20 rows; the total grows', () => {
    const rows = Array.from({ length: 20 }, (_, i) => counterPayment({ orderId: `o${i}`, paidAt: at(-i) }));
    const fresh = counterPayment({ orderId: 'new', paidAt: at(1) });
    const { page: merged, added } = mergeCounterEvent(page(rows, { total: 20 }), fresh, 6);
    expect(added).toBe(true);
    expect(merged.data).toHaveLength(20);
    expect(merged.data[0]!.orderId).toBe('new');
    expect(merged.data.at(-1)!.orderId).toBe('o18');
    expect(merged).toMatchObject({ total: 21, totalPages: 2, lastEventId: 6 });
  });

  it('a bill already listed is replaced in place (a refund, or a replayed event): nothing added', () => {
    const a = counterPayment({ orderId: 'a', paidAt: at(2) });
    const b = counterPayment({ orderId: 'b', paidAt: at(1) });
    const refunded = { ...b, status: 'partly_refunded' as const, refundedPaise: 10_000 };
    const { page: merged, added } = mergeCounterEvent(page([a, b]), refunded, 7);
    expect(added).toBe(false);
    expect(merged.data.map((p) => [p.orderId, p.status])).toEqual([
      ['a', 'paid'],
      ['b', 'partly_refunded'],
    ]);
    expect(merged.total).toBe(2);
  });

  it('a later page does not take new bills (they belong on page 1)', () => {
    const { page: merged, added } = mergeCounterEvent(page([counterPayment({ orderId: 'x' })], { offSet: 2 }), counterPayment({ orderId: 'y' }), 9);
    expect(added).toBe(false);
    expect(merged.data.map((p) => p.orderId)).toEqual(['x']);
  });
});

describe('refundBlockedReason', () => {
  const p = counterPayment();
  it('says why the Refund button is off', () => {
    expect(refundBlockedReason(p, true, at(10).getTime())).toBeNull();
    expect(refundBlockedReason(p, false, at(10).getTime())).toBe('Only the master account, or staff it allows, can refund');
    expect(refundBlockedReason({ ...p, refundablePaise: 0 }, true, at(10).getTime())).toBe('Refunded in full');
    expect(refundBlockedReason(p, true, p.refundableUntil.getTime() - 60_000)).toBeNull();
    expect(refundBlockedReason(p, true, p.refundableUntil.getTime() + 60_000)).toBe('Refund window closed (24 h after payment)');
  });
});

describe('rupeesToPaise (what the owner typed)', () => {
  it('reads rupees with up to two decimals, digit by digit', () => {
    expect(rupeesToPaise('455.31')).toBe(45_531);
    expect(rupeesToPaise('₹ 1,000')).toBe(100_000);
    expect(rupeesToPaise('0.5')).toBe(50);
    expect(rupeesToPaise('10.005')).toBeNull();
    expect(rupeesToPaise('abc')).toBeNull();
    expect(rupeesToPaise('')).toBeNull();
  });
});

describe('paymentFromWire', () => {
  it('turns the event JSON back into a row with dates', () => {
    const row = counterPayment({ refunds: [{ id: 1, amountPaise: 100, status: 'processed', reason: 'x', createdAt: at(3), processedAt: at(4) }] });
    const back = paymentFromWire(JSON.stringify(row));
    expect(back).toEqual(row);
    expect(paymentFromWire('not json')).toBeNull();
  });
});

describe('latestGroupProgress', () => {
  const group = (paidCount: number, status: 'open' | 'paid' | 'expired' = 'open') => ({ code: 'ABC234', status, paidCount, shareCount: 4, totalPaise: 2_160_00, leftPaise: (4 - paidCount) * 540_00 });
  it('keeps each group as its newest payment left it; a closed group wins', () => {
    const rows = [
      { paidAt: new Date('2026-11-28T10:03:00Z'), group: group(3) },
      { paidAt: new Date('2026-11-28T10:01:00Z'), group: group(1) },
      { paidAt: new Date('2026-11-28T10:02:00Z'), group: group(2) },
      { paidAt: new Date('2026-11-28T10:00:00Z'), group: null },
    ];
    expect(latestGroupProgress(rows).get('ABC234')?.paidCount).toBe(3);
    expect(latestGroupProgress([...rows, { paidAt: new Date('2026-11-28T10:01:30Z'), group: group(1, 'expired') }]).get('ABC234')?.status).toBe('expired');
  });
});
