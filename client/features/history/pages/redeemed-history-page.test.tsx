import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { renderWithProviders } from '@client/testing/render';
import { RedeemedHistoryPage } from './redeemed-history-page';
import { RedemptionPage } from './redemption-page';
import { testShopper } from '@client/testing/fixtures';

const USER = testShopper({ email: null, goldKeys: 0 });

const item = (id: number) => ({
  id: id as number | null,
  kind: 'paid' as 'paid' | 'refunded',
  orderId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  outletId: 3,
  outletName: `Outlet ${id}`,
  outletLocality: 'Indiranagar',
  billPaise: 1_000_00,
  amountPaise: 910_62,
  savedPaise: 100_00,
  instantDiscountPercent: 10,
  instantDiscountPaise: 100_00,
  shuffleDiscountPercent: 0,
  shuffleDiscountPaise: 0,
  convenienceFeePaise: 9_00,
  gstPaise: 1_62,
  couponCode: null,
  receiptCode: `BCH-${id}`,
  verificationCode: '4F7K2Q',
  redeemedAt: new Date('2026-11-21T09:35:00Z') as Date | null,
  at: new Date('2026-11-21T09:35:00Z'),
  refunds: [] as { amountPaise: number; status: 'pending' | 'processed' | 'failed'; reason: string; byOutlet: boolean; createdAt: Date; processedAt: Date | null }[],
});

const refunded = (id: number, status: 'pending' | 'processed' | 'failed') => ({
  ...item(id),
  id: null,
  kind: 'refunded' as const,
  savedPaise: 0,
  receiptCode: null,
  verificationCode: null,
  redeemedAt: null,
  refunds: [{ amountPaise: 910_62, status, reason: 'The payment arrived after this checkout had expired.', byOutlet: false, createdAt: new Date(), processedAt: null }],
});

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('RedeemedHistoryPage', () => {
  it('lists paid bills 20 at a time and links each to its detail', async () => {
    const list = vi.fn((input: unknown) => {
      const { offSet } = input as { offSet: number };
      const ids = offSet === 0 ? Array.from({ length: 20 }, (_, i) => i + 1) : [21, 22];
      return { items: ids.map(item), total: 22, offSet, limit: 20 };
    });
    const { user } = renderWithProviders(<RedeemedHistoryPage />, { path: '/redeemed-history', trpc: { 'users.me': () => USER, 'redeemedHistory.list': list } });
    expect(await screen.findByText('22 payments')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Outlet \d+, paid/ })).toHaveLength(20);
    const first = screen.getByRole('link', { name: 'Outlet 1, paid ₹910.62 on 21 Nov 2026, saved ₹100.00' });
    expect(first).toHaveAttribute('href', '/redeemed-history/1');
    expect(first).toHaveTextContent('₹910.62Saved ₹100.00');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: /^Outlet 22, paid/ })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ offSet: 20, limit: 20 });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows a payment we refunded with its refund state, linked to what happened', async () => {
    renderWithProviders(<RedeemedHistoryPage />, {
      path: '/redeemed-history',
      trpc: {
        'users.me': () => USER,
        'redeemedHistory.list': () => ({ items: [refunded(7, 'pending'), { ...item(8), refunds: refunded(8, 'processed').refunds }], total: 2, offSet: 0, limit: 20 }),
      },
    });
    const entry = await screen.findByRole('link', { name: /^Outlet 7, payment of ₹910.62 on 21 Nov 2026 not accepted; Refunded ₹910.62, on its way$/ });
    expect(entry).toHaveAttribute('href', '/payment-failure?orderId=00000000-0000-4000-8000-000000000007');
    expect(entry).toHaveTextContent('Refunded ₹910.62 · on its way');
    expect(entry).not.toHaveTextContent('Saved');
    const paid = screen.getByRole('link', { name: /^Outlet 8, paid ₹910.62/ });
    expect(paid).toHaveAttribute('href', '/redeemed-history/8');
    expect(paid).toHaveTextContent('Refunded ₹910.62');
  });

  it('has a friendly empty state', async () => {
    renderWithProviders(<RedeemedHistoryPage />, {
      path: '/redeemed-history',
      trpc: { 'users.me': () => USER, 'redeemedHistory.list': () => ({ items: [], total: 0, offSet: 0, limit: 20 }) },
    });
    expect(await screen.findByText(/No payments yet/)).toBeInTheDocument();
  });
});

describe('RedemptionPage', () => {
  it('shows one payment with its breakdown and receipt codes', async () => {
    const byId = vi.fn(() => item(5));
    renderWithProviders(<Route path="/redeemed-history/:id" component={RedemptionPage} />, {
      path: '/redeemed-history/5',
      trpc: { 'users.me': () => USER, 'redeemedHistory.byId': byId },
    });
    expect(await screen.findByRole('heading', { name: 'Outlet 5' })).toBeInTheDocument();
    expect(byId).toHaveBeenCalledWith({ id: 5 });
    expect(screen.getByText('Instant discount (10%)')).toBeInTheDocument();
    expect(screen.getByText('BCH-5')).toBeInTheDocument();
    expect(screen.getByText('4F7K2Q')).toBeInTheDocument();
    expect(screen.queryByLabelText('Refunds')).not.toBeInTheDocument();
  });

  it('shows a refund of the bill with its reason and state', async () => {
    renderWithProviders(<Route path="/redeemed-history/:id" component={RedemptionPage} />, {
      path: '/redeemed-history/5',
      trpc: { 'users.me': () => USER, 'redeemedHistory.byId': () => ({ ...item(5), refunds: refunded(5, 'failed').refunds }) },
    });
    const box = await screen.findByLabelText('Refunds');
    expect(box).toHaveTextContent('Refund of ₹910.62 delayed · we are on it');
    expect(box).toHaveTextContent('The payment arrived after this checkout had expired');
  });

  it('says when the payment is not the shopper’s or does not exist', async () => {
    const notFound = Object.assign(new Error('Redemption not found'), { data: { code: 'NOT_FOUND' } });
    renderWithProviders(<Route path="/redeemed-history/:id" component={RedemptionPage} />, {
      path: '/redeemed-history/99',
      trpc: {
        'users.me': () => USER,
        'redeemedHistory.byId': () => {
          throw notFound;
        },
      },
    });
    expect(await screen.findByText(/couldn’t find this payment|could not load this payment/)).toBeInTheDocument();
  });
});
