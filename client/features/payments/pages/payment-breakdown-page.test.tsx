import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { renderWithProviders } from '@client/testing/render';
import { SHOPPER, billFixture } from '../testing-fixtures';
import { PaymentBreakdownPage } from './payment-breakdown-page';

const PAGE = (
  <Switch>
    <Route path="/payment-breakdown/:outletId" component={PaymentBreakdownPage} />
    <Route path="/payment-breakdown/:outletId/:overlay/:sub?" component={PaymentBreakdownPage} />
  </Switch>
);

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

describe('PaymentBreakdownPage', () => {
  it('shows the server’s breakdown line by line and asks for it with the typed amount', async () => {
    const getBill = vi.fn(() => billFixture());
    renderWithProviders(PAGE, { path: '/payment-breakdown/3?amount=1000', trpc: { 'users.me': () => SHOPPER, 'bills.get': getBill } });
    await screen.findByLabelText('Bill breakdown');
    expect(getBill).toHaveBeenCalledWith({ outletId: 3, amount: '1000' });
    const breakdown = screen.getByLabelText('Bill breakdown');
    expect(breakdown).toHaveTextContent('Bill amount₹1,000.00');
    expect(breakdown).toHaveTextContent('Instant discount (10%)−₹100.00');
    expect(breakdown).toHaveTextContent('Convenience fee');
    expect(breakdown).toHaveTextContent('₹9.00');
    expect(breakdown).toHaveTextContent('GST on the fee (18%)₹1.62');
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('₹910.62');
    expect(screen.getByTestId('savings')).toHaveTextContent('You save ₹100.00 on this bill');
    // The Shuffle range is shown before playing.
    expect(screen.getByRole('heading', { name: 'Unlock 2%–12% more' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ₹910.62' })).toBeEnabled();
  });

  it('below ₹50 shows the server’s minimum-bill message and no Shuffle offer', async () => {
    const bill = billFixture({
      billPaise: 40_00,
      belowMinimum: true,
      instantDiscountPercent: 0,
      instantDiscountPaise: 0,
      discountPaise: 0,
      subtotalPaise: 40_00,
      convenienceFeePaise: 40,
      gstPaise: 7,
      amountPaise: 40_47,
      message: 'Minimum bill of ₹50 to apply any offer',
      offer: null,
    });
    renderWithProviders(PAGE, { path: '/payment-breakdown/3?amount=40', trpc: { 'users.me': () => SHOPPER, 'bills.get': () => bill } });
    expect(await screen.findByText(/Minimum bill of ₹50 to apply any offer/)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Instant discount/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Play Shuffle Cards' })).not.toBeInTheDocument();
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('₹40.47');
  });

  it('explains the convenience fee and its GST with this bill’s figures (convinience-fees overlay)', async () => {
    const { user, location } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=1000',
      trpc: { 'users.me': () => SHOPPER, 'bills.get': () => billFixture() },
    });
    await user.click(await screen.findByRole('button', { name: 'What is this?' }));
    expect(location.history?.at(-1)).toBe('/payment-breakdown/3/convinience-fees?amount=1000');
    const dialog = await screen.findByRole('dialog', { name: 'Convenience fee' });
    const table = within(dialog).getByLabelText('Fee for this bill');
    expect(table).toHaveTextContent('Amount after discounts₹900.00');
    expect(table).toHaveTextContent('Convenience fee (1%)₹9.00');
    expect(table).toHaveTextContent('GST on the fee (18%)₹1.62');
    expect(table).toHaveTextContent('You pay₹910.62');
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/payment-breakdown/3?amount=1000');
  });

  it('plays Shuffle Cards in its overlay: the saved coupon comes back on the bill', async () => {
    let withCoupon = false;
    const save = vi.fn(() => {
      withCoupon = true;
      return {
        coupon: { id: 41, code: 'SHABC123', outletId: 3, discountPercent: 8, isLive: true, validUntil: new Date('2026-11-21T17:30:00Z'), usedGoldenKey: false },
        card: 0,
        otherCards: [
          { card: 1, discountPercent: 3 },
          { card: 2, discountPercent: 11 },
        ],
        goldKeys: 2,
      };
    });
    const { user } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3/shuffle?amount=1000',
      trpc: {
        'users.me': () => SHOPPER,
        'bills.get': () =>
          withCoupon
            ? billFixture({
                shuffleDiscountPercent: 8,
                shuffleDiscountPaise: 72_00,
                discountPaise: 172_00,
                amountPaise: 837_92,
                coupon: { id: 41, code: 'SHABC123', discountPercent: 8, validUntil: new Date() },
              })
            : billFixture(),
        'shuffles.deal': () => ({
          outletId: 3,
          outletName: 'Kaapi Katte',
          minPercent: 2,
          maxPercent: 12,
          cardCount: 3,
          freeAvailable: true,
          goldKeys: 2,
          canShuffle: true,
        }),
        'shuffles.save': save,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Shuffle Cards' });
    expect(await within(dialog).findByText(/Every card hides/)).toHaveTextContent('2% to 12%');
    await user.click(within(dialog).getByRole('button', { name: 'Shuffle the cards' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Card 1 of 3, face down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reveal my discount' }));
    expect(save).toHaveBeenCalledWith({ outletId: 3, card: 0, useGoldKey: false });
    expect(await within(dialog).findByText('You unlocked an additional 8% off.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'See my new total' }));
    expect(await screen.findByTestId('amount-to-pay')).toHaveTextContent('₹837.92');
    expect(screen.getByLabelText('Bill breakdown')).toHaveTextContent('Shuffle discount (8%)');
    expect(screen.getByText(/applied/)).toHaveTextContent('Shuffle coupon 8% extra applied');
  });

  it('spends a Golden Key when today’s free shuffle is used', async () => {
    const save = vi.fn(() => ({
      coupon: { id: 42, code: 'SHKEY', outletId: 3, discountPercent: 5, isLive: true, validUntil: new Date(), usedGoldenKey: true },
      card: 1,
      otherCards: [],
      goldKeys: 1,
    }));
    const { user } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3/shuffle?amount=1000',
      trpc: {
        'users.me': () => SHOPPER,
        'bills.get': () => billFixture(),
        'shuffles.deal': () => ({ outletId: 3, outletName: 'K', minPercent: 2, maxPercent: 12, cardCount: 3, freeAvailable: false, goldKeys: 2, canShuffle: true }),
        'shuffles.save': save,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Shuffle Cards' });
    expect(await within(dialog).findByText(/One more costs 1 Golden Key \(you have 2\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use 1 Golden Key to shuffle' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Card 2 of 3, face down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reveal my discount' }));
    expect(save).toHaveBeenCalledWith({ outletId: 3, card: 1, useGoldKey: true });
    // The count the dialog shows is the one left after spending (issue 28).
    expect(await within(dialog).findByText(/One more costs 1 Golden Key \(you have 1\)/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/you have 2\)/)).toBeNull();
  });

  it('without a free shuffle or a Golden Key it says so and offers Refer & Earn', async () => {
    renderWithProviders(PAGE, {
      path: '/payment-breakdown/3/shuffle?amount=1000',
      trpc: {
        'users.me': () => SHOPPER,
        'bills.get': () => billFixture(),
        'shuffles.deal': () => ({ outletId: 3, outletName: 'K', minPercent: 2, maxPercent: 12, cardCount: 3, freeAvailable: false, goldKeys: 0, canShuffle: false }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Shuffle Cards' });
    expect(await within(dialog).findByText('You have no Golden Keys left. Refer a friend to earn more.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Refer & earn Golden Keys' })).toHaveAttribute('href', '/refer-earn');
    expect(within(dialog).queryByRole('button', { name: /Shuffle the cards/ })).not.toBeInTheDocument();
  });

  it('shows how Shuffle Cards works with the outlet’s range', async () => {
    renderWithProviders(PAGE, {
      path: '/payment-breakdown/3/shuffle/how-it-works?amount=1000',
      trpc: { 'users.me': () => SHOPPER, 'bills.get': () => billFixture() },
    });
    const dialog = await screen.findByRole('dialog', { name: 'How Shuffle Cards works' });
    expect(dialog).toHaveTextContent('between 2% and 12% at Kaapi Katte');
    expect(within(dialog).getByRole('link', { name: 'Play Shuffle Cards' })).toHaveAttribute('href', '/payment-breakdown/3/shuffle?amount=1000');
  });

  it('Pay creates the order (never sending an amount in paise) and opens the sandbox checkout; a retry reuses the key', async () => {
    let calls = 0;
    const create = vi.fn(() => {
      calls += 1;
      if (calls === 1) throw new Error('Network error');
      return { orderId: 'f0e0d0c0-0000-4000-8000-000000000001', checkout: { provider: 'sandbox', url: '/payment-demo?orderId=f0e0d0c0-0000-4000-8000-000000000001' } };
    });
    const { user, location } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=1000',
      trpc: { 'users.me': () => SHOPPER, 'bills.get': () => billFixture(), 'orders.create': create },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹910.62' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay ₹910.62' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/payment-demo?orderId=f0e0d0c0-0000-4000-8000-000000000001'));
    const [[first], [second]] = create.mock.calls as unknown as [[Record<string, unknown>], [Record<string, unknown>]];
    expect(first).toMatchObject({ outletId: 3, amount: '1000', couponId: null });
    expect(first).not.toHaveProperty('amountPaise');
    expect(first.idempotencyKey).toMatch(/^pay-[0-9a-f]{32}$/);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('a tap after the earlier order for this bill expired starts a new order with a new key', async () => {
    const expired = { orderId: 'f0e0d0c0-0000-4000-8000-000000000002', status: 'expired', checkout: { provider: 'sandbox', url: '/payment-demo?orderId=f0e0d0c0-0000-4000-8000-000000000002' } };
    const fresh = { orderId: 'f0e0d0c0-0000-4000-8000-000000000003', status: 'created', checkout: { provider: 'sandbox', url: '/payment-demo?orderId=f0e0d0c0-0000-4000-8000-000000000003' } };
    const create = vi.fn((input: unknown) => ((input as { idempotencyKey: string }).idempotencyKey === keys[0] ? expired : fresh));
    const keys: string[] = [];
    const { user, location } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=1000',
      trpc: {
        'users.me': () => SHOPPER,
        'bills.get': () => billFixture(),
        'orders.create': (input) => {
          keys.push((input as { idempotencyKey: string }).idempotencyKey);
          return create(input);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹910.62' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe(fresh.checkout.url));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends the shopper back to enter the amount when the link has none', async () => {
    const { location } = renderWithProviders(PAGE, { path: '/payment-breakdown/3', trpc: { 'users.me': () => SHOPPER } });
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/enter-amount/3'));
  });

  it('shows the server’s refusal of a bad amount with a way back', async () => {
    renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=abc',
      trpc: {
        'users.me': () => SHOPPER,
        'bills.get': () => {
          throw new Error('Enter the amount in rupees, with at most two decimals');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the amount in rupees, with at most two decimals');
    expect(screen.getByRole('link', { name: 'Change the amount' })).toHaveAttribute('href', '/enter-amount/3');
  });
});

describe('PaymentBreakdownPage with Razorpay', () => {
  const checkout = {
    provider: 'razorpay',
    keyId: 'rzp_test_abcdef123',
    providerOrderId: 'order_Nx1',
    amountPaise: 910_62,
    currency: 'INR',
    name: 'Bachat',
    description: 'Kaapi Katte',
    timeout: 900,
  };

  function fakeRazorpay(behaviour: (options: Record<string, unknown>, on: Record<string, () => void>) => void) {
    const created: Record<string, unknown>[] = [];
    class FakeRazorpay {
      private handlers: Record<string, () => void> = {};
      constructor(private options: Record<string, unknown>) {
        created.push(options);
      }
      on(event: string, handler: () => void) {
        this.handlers[event] = handler;
      }
      open() {
        behaviour(this.options, this.handlers);
      }
    }
    vi.stubGlobal('Razorpay', FakeRazorpay);
    return created;
  }

  it('opens the checkout for the server’s order and sends the signed answer to the server to verify', async () => {
    const created = fakeRazorpay((options) =>
      (options.handler as (r: unknown) => void)({ razorpay_order_id: 'order_Nx1', razorpay_payment_id: 'pay_9', razorpay_signature: 'sig' }),
    );
    const verify = vi.fn(() => ({ orderId: 'o-1', outcome: 'paid', redirectTo: '/payment-success?orderId=o-1' }));
    const { user, location } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=1000',
      trpc: {
        'users.me': () => SHOPPER,
        'bills.get': () => billFixture(),
        'orders.create': () => ({ orderId: 'o-1', checkout }),
        'payments.verifyCheckout': verify,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹910.62' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/payment-success?orderId=o-1'));
    expect(created[0]).toMatchObject({ key: 'rzp_test_abcdef123', order_id: 'order_Nx1', amount: 910_62, currency: 'INR', timeout: 900 });
    expect(created[0]!.prefill).toMatchObject({ name: 'Aarav Mehta', contact: '9876543210' });
    expect(verify).toHaveBeenCalledWith({ razorpay_order_id: 'order_Nx1', razorpay_payment_id: 'pay_9', razorpay_signature: 'sig' });
  });

  it('a declined payment whose window is closed lands on /payment-failure; a plain close stays on the bill', async () => {
    fakeRazorpay((options, on) => {
      on['payment.failed']?.();
      (options.modal as { ondismiss: () => void }).ondismiss();
    });
    const { user, location } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=1000',
      trpc: { 'users.me': () => SHOPPER, 'bills.get': () => billFixture(), 'orders.create': () => ({ orderId: 'o-2', checkout }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹910.62' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/payment-failure?orderId=o-2'));
  });

  it('closing the window without paying keeps the shopper on the bill', async () => {
    fakeRazorpay((options) => (options.modal as { ondismiss: () => void }).ondismiss());
    const { user, location } = renderWithProviders(PAGE, {
      path: '/payment-breakdown/3?amount=1000',
      trpc: { 'users.me': () => SHOPPER, 'bills.get': () => billFixture(), 'orders.create': () => ({ orderId: 'o-3', checkout }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹910.62' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹910.62' })).toBeEnabled();
    expect(location.history?.at(-1)).toBe('/payment-breakdown/3?amount=1000');
  });
});
