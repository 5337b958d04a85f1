import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { SHOPPER } from '../testing-fixtures';
import { PaymentDemoPage } from './payment-demo-page';
import { PaymentFailurePage } from './payment-failure-page';
import { PaymentSuccessPage, RECEIPT_POLL_LIMIT_MS, RECEIPT_POLL_MS } from './payment-success-page';

const ORDER = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const receipt = (overrides: Record<string, unknown> = {}) => ({
  orderId: ORDER,
  status: 'paid',
  outletId: 3,
  outletName: 'Kaapi Katte',
  billPaise: 1_000_00,
  amountPaise: 910_62,
  savedPaise: 100_00,
  instantDiscountPaise: 100_00,
  shuffleDiscountPaise: 0,
  convenienceFeePaise: 9_00,
  gstPaise: 1_62,
  paidAt: new Date('2026-11-21T09:35:00Z'),
  receiptCode: 'BCH-7K2M9QXA',
  verificationCode: '4F7K2Q',
  failureReason: null,
  failureCode: null,
  expiresAt: new Date('2026-11-21T09:50:00Z'),
  coupon: null,
  refunds: [],
  ...overrides,
});

/** A failed tRPC call as the server sends it (the error's `data.code` is what pages branch on). */
const trpcError = (code: 'NOT_FOUND' | 'BAD_REQUEST' | 'INTERNAL_SERVER_ERROR', message: string) =>
  Object.assign(new Error(message), { error: { message, code: -32000, data: { code } } });

const unpaid = { paidAt: null, receiptCode: null, verificationCode: null };

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('PaymentDemoPage (the sandbox checkout)', () => {
  const checkout = {
    orderId: ORDER,
    outletId: 3,
    outletName: 'Kaapi Katte',
    amountPaise: 910_62,
    status: 'created',
    expiresAt: new Date('2026-11-21T09:50:00Z'),
  };

  it('shows outlet and amount, and Pay completes through the server and follows its redirect', async () => {
    const complete = vi.fn(() => ({ orderId: ORDER, outcome: 'paid', redirectTo: `/payment-success?orderId=${ORDER}` }));
    const { user, location } = renderWithProviders(<PaymentDemoPage />, {
      path: `/payment-demo?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.demoCheckout': () => checkout, 'payments.demoComplete': complete },
    });
    expect(await screen.findByRole('heading', { name: 'Paying Kaapi Katte' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-amount')).toHaveTextContent('₹910.62');
    await user.click(screen.getByRole('button', { name: 'Pay ₹910.62' }));
    expect(complete).toHaveBeenCalledWith({ orderId: ORDER, outcome: 'pay' });
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe(`/payment-success?orderId=${ORDER}`));
  });

  it('Fail declines it', async () => {
    const complete = vi.fn(() => ({ orderId: ORDER, outcome: 'failed', redirectTo: `/payment-failure?orderId=${ORDER}` }));
    const { user, location } = renderWithProviders(<PaymentDemoPage />, {
      path: `/payment-demo?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.demoCheckout': () => checkout, 'payments.demoComplete': complete },
    });
    await user.click(await screen.findByRole('button', { name: 'Fail payment' }));
    expect(complete).toHaveBeenCalledWith({ orderId: ORDER, outcome: 'fail' });
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe(`/payment-failure?orderId=${ORDER}`));
  });

  it('does not offer Pay twice for a paid order', async () => {
    renderWithProviders(<PaymentDemoPage />, {
      path: `/payment-demo?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.demoCheckout': () => ({ ...checkout, status: 'paid' }) },
    });
    expect(await screen.findByText('This order is already paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the receipt' })).toHaveAttribute('href', `/payment-success?orderId=${ORDER}`);
  });

  it('says when the checkout closes, and that an expired one charged nothing (no Pay)', async () => {
    const { unmount } = renderWithProviders(<PaymentDemoPage />, {
      path: `/payment-demo?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.demoCheckout': () => checkout },
    });
    // 09:50 UTC is 3:20 pm in India.
    expect(await screen.findByText(/Open until 3:20\s?pm/i)).toBeInTheDocument();
    unmount();
    renderWithProviders(<PaymentDemoPage />, {
      path: `/payment-demo?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.demoCheckout': () => ({ ...checkout, status: 'expired' }) },
    });
    expect(await screen.findByText('This checkout has expired (it stays open for 15 minutes). Nothing was charged.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});

describe('PaymentSuccessPage (the receipt)', () => {
  it('shows outlet, amount paid, amount saved, time, receipt id and verification code', async () => {
    renderWithProviders(<PaymentSuccessPage />, {
      path: `/payment-success?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.byOrder': () => receipt() },
    });
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('₹910.62');
    expect(screen.getByTestId('receipt-saved')).toHaveTextContent('You saved ₹100.00');
    expect(screen.getByTestId('verification-code')).toHaveTextContent('4F7K2Q');
    expect(screen.getByTestId('receipt-id')).toHaveTextContent('BCH-7K2M9QXA');
    const receiptBox = screen.getByLabelText('Receipt');
    expect(receiptBox).toHaveTextContent('OutletKaapi Katte');
    // 09:35 UTC is 3:05 pm in India.
    expect(receiptBox).toHaveTextContent(/21 Nov 2026, 3:05\s?pm/i);
  });

  it('waits for the confirmation while the order is still open', async () => {
    let reads = 0;
    renderWithProviders(<PaymentSuccessPage />, {
      path: `/payment-success?orderId=${ORDER}`,
      trpc: {
        'users.me': () => SHOPPER,
        'payments.byOrder': () => {
          reads += 1;
          return reads === 1 ? receipt({ status: 'created', paidAt: null, receiptCode: null, verificationCode: null }) : receipt();
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('PaymentSuccessPage when the confirmation never comes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops polling after 30 s and says the shopper will not be charged twice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const byOrder = vi.fn(() => receipt({ status: 'created', paidAt: null, receiptCode: null, verificationCode: null }));
    renderWithProviders(<PaymentSuccessPage />, {
      path: `/payment-success?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.byOrder': byOrder },
    });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_LIMIT_MS + 2 * RECEIPT_POLL_MS);
    expect(await screen.findByRole('heading', { name: 'Still waiting for the bank' })).toBeInTheDocument();
    const calls = byOrder.mock.calls.length;
    expect(calls).toBeLessThanOrEqual(Math.ceil(RECEIPT_POLL_LIMIT_MS / RECEIPT_POLL_MS) + 2);
    await vi.advanceTimersByTimeAsync(10 * RECEIPT_POLL_MS);
    expect(byOrder.mock.calls.length).toBe(calls);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });
});

describe('PaymentSuccessPage and PaymentFailurePage with an order id that names no payment', () => {
  for (const [page, Page] of [
    ['success', PaymentSuccessPage],
    ['failure', PaymentFailurePage],
  ] as const) {
    it(`${page}: a malformed id shows "We couldn't find that payment" with a way to history and home, no Retry, no request`, async () => {
      const byOrder = vi.fn(() => receipt());
      renderWithProviders(<Page />, { path: `/payment-${page}?orderId=bogus`, trpc: { 'users.me': () => SHOPPER, 'payments.byOrder': byOrder } });
      expect(await screen.findByRole('heading', { name: "We couldn't find that payment" })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open history' })).toHaveAttribute('href', '/redeemed-history');
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(screen.queryByText(/orderId must be/)).not.toBeInTheDocument();
      expect(byOrder).not.toHaveBeenCalled();
    });

    it(`${page}: an order the server does not know (or refuses) gets the same card`, async () => {
      for (const error of [trpcError('NOT_FOUND', 'Order not found'), trpcError('BAD_REQUEST', 'orderId must be an order id')]) {
        const { unmount } = renderWithProviders(<Page />, {
          path: `/payment-${page}?orderId=${ORDER}`,
          trpc: {
            'users.me': () => SHOPPER,
            'payments.byOrder': () => {
              throw error;
            },
          },
        });
        expect(await screen.findByRole('heading', { name: "We couldn't find that payment" })).toBeInTheDocument();
        expect(screen.queryByText(error.message)).not.toBeInTheDocument();
        unmount();
      }
    });
  }

  it('a server or network failure keeps a Retry, with a human message', async () => {
    renderWithProviders(<PaymentSuccessPage />, {
      path: `/payment-success?orderId=${ORDER}`,
      trpc: {
        'users.me': () => SHOPPER,
        'payments.byOrder': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 'Internal server error');
        },
      },
    });
    expect(await screen.findByText('We could not load this payment. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('the success page sends a failed or refunded order to the failure page', async () => {
    const { location } = renderWithProviders(<PaymentSuccessPage />, {
      path: `/payment-success?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.byOrder': () => receipt({ status: 'failed', ...unpaid, failureCode: 'declined' }) },
    });
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe(`/payment-failure?orderId=${ORDER}`));
  });

  it('a paid receipt shows a refunded second payment with its state', async () => {
    renderWithProviders(<PaymentSuccessPage />, {
      path: `/payment-success?orderId=${ORDER}`,
      trpc: {
        'users.me': () => SHOPPER,
        'payments.byOrder': () =>
          receipt({ refunds: [{ amountPaise: 910_62, status: 'pending', reason: 'This bill had already been paid, so the second payment is being returned.', byOutlet: false, createdAt: new Date(), processedAt: null }] }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByTestId('refund')).toHaveTextContent('Refunded ₹910.62 · on its way');
  });
});

describe('PaymentFailurePage', () => {
  const coupon = (state: 'available' | 'used' | 'expired') => ({ code: 'SHAB12', discountPercent: 7, state });

  it('a declined payment: nothing taken, the shopper-facing reason, the coupon still theirs; retries the same bill', async () => {
    renderWithProviders(<PaymentFailurePage />, {
      path: `/payment-failure?orderId=${ORDER}`,
      trpc: {
        'users.me': () => SHOPPER,
        'payments.byOrder': () =>
          receipt({ status: 'failed', ...unpaid, failureCode: 'declined', failureReason: 'Your bank declined the payment.', coupon: coupon('available') }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('No money was taken from your account.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Your bank declined the payment.')).toBeInTheDocument();
    expect(screen.getByTestId('coupon-state')).toHaveTextContent('Your 7% Shuffle coupon is still yours to use.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/payment-breakdown/3?amount=1000');
    expect(screen.queryByTestId('refund')).not.toBeInTheDocument();
  });

  it('the coupon went to another payment: says the money is being refunded and the coupon is used, never "still yours"', async () => {
    renderWithProviders(<PaymentFailurePage />, {
      path: `/payment-failure?orderId=${ORDER}`,
      trpc: {
        'users.me': () => SHOPPER,
        'payments.byOrder': () =>
          receipt({
            status: 'failed',
            ...unpaid,
            failureCode: 'coupon_used',
            failureReason: 'Your Shuffle coupon had already been used on another payment.',
            coupon: coupon('used'),
            refunds: [{ amountPaise: 910_62, status: 'pending', reason: 'x', byOutlet: false, createdAt: new Date(), processedAt: null }],
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'We are refunding your payment' })).toBeInTheDocument();
    expect(screen.getByText('We are returning ₹910.62 to you.')).toBeInTheDocument();
    expect(screen.getByTestId('refund')).toHaveTextContent('Refunded ₹910.62 · on its way');
    expect(screen.getByTestId('coupon-state')).toHaveTextContent('Your Shuffle coupon was used on another payment, so it is no longer available.');
    expect(screen.queryByText(/still yours/)).not.toBeInTheDocument();
    expect(screen.queryByText('No money was taken from your account.')).not.toBeInTheDocument();
  });

  it('an expired checkout: neutral, nothing taken, start again', async () => {
    renderWithProviders(<PaymentFailurePage />, {
      path: `/payment-failure?orderId=${ORDER}`,
      trpc: { 'users.me': () => SHOPPER, 'payments.byOrder': () => receipt({ status: 'expired', ...unpaid, failureCode: 'order_expired' }) },
    });
    expect(await screen.findByRole('heading', { name: 'This checkout expired' })).toBeInTheDocument();
    expect(screen.getByText('No money was taken from your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/payment-breakdown/3?amount=1000');
  });

  it('without an order id: a neutral page pointing to the history, not "Payment failed"', async () => {
    renderWithProviders(<PaymentFailurePage />, { path: '/payment-failure', trpc: { 'users.me': () => SHOPPER } });
    expect(await screen.findByRole('heading', { name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.queryByText(/Payment failed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open history' })).toHaveAttribute('href', '/redeemed-history');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
