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
  ...overrides,
});

beforeEach(() => {
  document.cookie = 'authToken=tok; Path=/';
});
afterEach(() => {
  document.cookie = 'authToken=; Max-Age=0; Path=/';
});

describe('PaymentDemoPage (the sandbox checkout)', () => {
  const checkout = { orderId: ORDER, outletId: 3, outletName: 'Kaapi Katte', amountPaise: 910_62, status: 'created' };

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

describe('PaymentFailurePage', () => {
  it('says no money was taken and retries the same bill at the same outlet', async () => {
    renderWithProviders(<PaymentFailurePage />, {
      path: `/payment-failure?orderId=${ORDER}`,
      trpc: {
        'users.me': () => SHOPPER,
        'payments.byOrder': () => receipt({ status: 'failed', paidAt: null, receiptCode: null, verificationCode: null, failureReason: 'Declined' }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('No money was taken from your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/payment-breakdown/3?amount=1000');
  });

  it('still says nothing was charged without an order id', async () => {
    renderWithProviders(<PaymentFailurePage />, { path: '/payment-failure', trpc: { 'users.me': () => SHOPPER } });
    expect(await screen.findByText('No money was taken from your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  });
});
