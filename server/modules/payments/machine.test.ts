import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveOrderState,
  transition,
  type CouponCheck,
  type FailureCode,
  type MachineState,
  type OrderState,
  type PaymentEventKind,
  type PaymentState,
} from './machine.ts';

/** The pure transition function: the table of docs/payments.md, row by row, then properties over sequences. */

const t = (order: OrderState, payment: PaymentState, event: PaymentEventKind, coupon: CouponCheck = 'usable', failureCode: FailureCode | null = null) =>
  transition({ order, failureCode, payment, event, coupon });

describe('transition: the table in docs/payments.md', () => {
  it('captured on an open order honours it, unless its coupon was used or expired (then refund, order failed)', () => {
    for (const order of ['created', 'failed'] as const) {
      for (const payment of ['none', 'failed', 'authorized'] as const) {
        expect(t(order, payment, 'captured', 'usable')).toEqual({
          order: 'paid',
          failureCode: null,
          payment: 'captured',
          effects: [{ type: 'savePayment', status: 'captured' }, { type: 'honour' }],
        });
        expect(t(order, payment, 'captured', 'none').effects).toContainEqual({ type: 'honour' });
        expect(t(order, payment, 'captured', 'used')).toEqual({
          order: 'failed',
          failureCode: 'coupon_used',
          payment: 'captured',
          effects: [{ type: 'savePayment', status: 'captured' }, { type: 'refund', reason: 'coupon_used' }],
        });
        expect(t(order, payment, 'captured', 'expired')).toMatchObject({
          order: 'failed',
          failureCode: 'coupon_expired',
          effects: [{ type: 'savePayment', status: 'captured' }, { type: 'refund', reason: 'coupon_expired' }],
        });
      }
    }
  });

  it('captured on a paid, expired or cancelled order is refunded and changes nothing else', () => {
    expect(t('paid', 'none', 'captured')).toEqual({
      order: 'paid',
      failureCode: null,
      payment: 'captured',
      effects: [{ type: 'savePayment', status: 'captured' }, { type: 'refund', reason: 'already_paid' }],
    });
    expect(t('expired', 'failed', 'captured')).toMatchObject({ order: 'expired', failureCode: 'order_expired', effects: [{}, { type: 'refund', reason: 'order_expired' }] });
    expect(t('cancelled', 'authorized', 'captured').effects).toContainEqual({ type: 'refund', reason: 'order_cancelled' });
  });

  it('failed declines an open order; authorized reopens it; neither touches a paid or expired one', () => {
    expect(t('created', 'none', 'failed')).toEqual({ order: 'failed', failureCode: 'declined', payment: 'failed', effects: [{ type: 'savePayment', status: 'failed' }] });
    expect(t('paid', 'none', 'failed')).toMatchObject({ order: 'paid', payment: 'failed' });
    expect(t('failed', 'failed', 'authorized', 'usable', 'declined')).toEqual({
      order: 'created',
      failureCode: null,
      payment: 'authorized',
      effects: [{ type: 'savePayment', status: 'authorized' }],
    });
    expect(t('expired', 'none', 'authorized')).toMatchObject({ order: 'expired', payment: 'authorized' });
  });

  it('an event at or below what the payment record already says is a no-op (duplicate or stale)', () => {
    for (const [payment, event] of [
      ['failed', 'failed'],
      ['authorized', 'failed'],
      ['authorized', 'authorized'],
      ['captured', 'failed'],
      ['captured', 'authorized'],
      ['captured', 'captured'],
    ] as const) {
      expect(t('created', payment, event).effects).toEqual([]);
    }
  });

  it('an open order is expired once its expiry has passed', () => {
    const at = new Date('2026-11-21T10:00:00Z');
    expect(effectiveOrderState('created', null, new Date('2026-11-21T10:00:00Z'), at)).toEqual({ order: 'expired', failureCode: 'order_expired' });
    expect(effectiveOrderState('failed', 'declined', new Date('2026-11-21T09:59:00Z'), at)).toEqual({ order: 'expired', failureCode: 'order_expired' });
    expect(effectiveOrderState('created', null, new Date('2026-11-21T10:00:01Z'), at)).toEqual({ order: 'created', failureCode: null });
    expect(effectiveOrderState('paid', null, new Date('2026-11-21T09:00:00Z'), at)).toEqual({ order: 'paid', failureCode: null });
  });
});

/** Runs a sequence of events for one payment through the machine, the coupon as the database would keep it. */
function run(start: MachineState, coupon: CouponCheck, events: PaymentEventKind[]) {
  let state: MachineState = start;
  let payment: PaymentState = 'none';
  let c = coupon;
  let honours = 0;
  const refunds: string[] = [];
  for (const event of events) {
    const next = transition({ ...state, payment, event, coupon: c });
    const before = ['none', 'failed', 'authorized', 'captured'].indexOf(payment);
    expect(['none', 'failed', 'authorized', 'captured'].indexOf(next.payment)).toBeGreaterThanOrEqual(before);
    if (state.order === 'paid') expect(next.order).toBe('paid');
    for (const e of next.effects) {
      if (e.type === 'honour') {
        honours += 1;
        if (c === 'usable') c = 'used';
      }
      if (e.type === 'refund') refunds.push(e.reason);
    }
    state = { order: next.order, failureCode: next.failureCode };
    payment = next.payment;
  }
  return { order: state.order, failureCode: state.failureCode, payment, honours, refunds };
}

const events = fc.array(fc.constantFrom<PaymentEventKind>('authorized', 'captured', 'failed'), { maxLength: 12 });

describe('transition: properties over any sequence of events for one payment', () => {
  it('the end state depends only on which kinds arrived, never on their order or repetitions', () => {
    fc.assert(
      fc.property(events, fc.constantFrom<CouponCheck>('none', 'usable'), (seq, coupon) => {
        const end = run({ order: 'created', failureCode: null }, coupon, seq);
        const kinds = new Set(seq);
        const expected = kinds.has('captured')
          ? { order: 'paid', failureCode: null, payment: 'captured', honours: 1, refunds: [] }
          : kinds.has('authorized')
            ? { order: 'created', failureCode: null, payment: 'authorized', honours: 0, refunds: [] }
            : kinds.has('failed')
              ? { order: 'failed', failureCode: 'declined', payment: 'failed', honours: 0, refunds: [] }
              : { order: 'created', failureCode: null, payment: 'none', honours: 0, refunds: [] };
        expect(end).toEqual(expected);
      }),
      { numRuns: 5_000 },
    );
  });

  it('captured money is either honoured once or refunded once, never both, never kept silently', () => {
    fc.assert(
      fc.property(
        events,
        fc.constantFrom<OrderState>('created', 'failed', 'paid', 'expired', 'cancelled'),
        fc.constantFrom<CouponCheck>('none', 'usable', 'used', 'expired'),
        (seq, order, coupon) => {
          const end = run({ order, failureCode: null }, coupon, seq);
          const captured = seq.includes('captured');
          expect(end.honours + end.refunds.length).toBe(captured ? 1 : 0);
          if (end.honours) expect(end.order).toBe('paid');
          if (order === 'expired' && captured) expect(end.refunds).toEqual(['order_expired']);
          if (order === 'paid' && captured) expect(end.refunds).toEqual(['already_paid']);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
