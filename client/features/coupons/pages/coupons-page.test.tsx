import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { couponTabs, readCouponList } from '../lib/coupon-list';
import { CouponsPage } from './coupons-page';
import { testShopper } from '@client/testing/fixtures';
import { i18n } from '@client/lib/i18n';

const USER = testShopper({ email: null, goldKeys: 0 });

const coupon = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  code: `SH${id}`,
  outletId: 3,
  outletName: `Outlet ${id}`,
  discountPercent: 5 + id,
  isLive: true,
  redeemed: false,
  usedGoldenKey: false,
  validUntil: new Date('2026-11-21T17:30:00Z'),
  redeemedAt: null,
  createdAt: new Date('2026-11-21T08:00:00Z'),
  ...overrides,
});

const LIST = {
  active: [coupon(1), coupon(2, { usedGoldenKey: true })],
  expired: [coupon(3, { isLive: false }), coupon(4, { isLive: false }), coupon(5, { isLive: false })],
  redeemed: [coupon(6, { redeemed: true, redeemedAt: new Date('2026-11-20T10:00:00Z') })],
  counts: { active: 2, expired: 3, redeemed: 1, total: 6 },
};

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('readCouponList / couponTabs', () => {
  it('splits active, expired and used with their counts', () => {
    const list = readCouponList(LIST)!;
    expect(couponTabs(list).map((t) => [t.key, i18n._(t.label), t.count, t.items.map((c) => c.id)])).toEqual([
      ['active', 'Active', 2, [1, 2]],
      ['expired', 'Expired', 3, [3, 4, 5]],
      ['redeemed', 'Used', 1, [6]],
    ]);
    expect(list.counts.total).toBe(6);
  });

  it('never shows a coupon as active unless it is live, not redeemed and has a percent (SPEC §4)', () => {
    const list = readCouponList({
      ...LIST,
      active: [coupon(1), coupon(7, { isLive: false }), coupon(8, { redeemed: true }), coupon(9, { discountPercent: null })],
    })!;
    expect(list.active.map((c) => c.id)).toEqual([1]);
    expect(list.counts.active).toBe(1);
  });

  it('rejects a response that is not the coupon list', () => {
    expect(readCouponList(null)).toBeNull();
    expect(readCouponList({ coupons: [] })).toBeNull();
    expect(readCouponList({ active: [{ id: 'x' }], expired: [], redeemed: [] })).toBeNull();
  });
});

describe('CouponsPage', () => {
  it('shows the counts and the active coupons first; the tabs switch lists', async () => {
    const { user } = renderWithProviders(<CouponsPage />, { path: '/coupons', trpc: { 'users.me': () => USER, 'coupons.list': () => LIST } });
    expect(await screen.findByTestId('coupon-summary')).toHaveTextContent('2 active3 expired1 used');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Active 2', 'Expired 3', 'Used 1']);
    expect(screen.getByRole('tab', { name: 'Active 2' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('article')).toHaveLength(2);
    expect(within(panel).getByRole('article', { name: '6% off at Outlet 1' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Pay bill with this coupon at Outlet 1' })).toHaveAttribute('href', '/enter-amount/3');

    await user.click(screen.getByRole('tab', { name: 'Expired 3' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(3);
    expect(within(screen.getByRole('tabpanel')).queryByRole('link', { name: /Pay bill/ })).not.toBeInTheDocument();
  });

  it('says "No coupons data received" on a bad response', async () => {
    renderWithProviders(<CouponsPage />, {
      path: '/coupons',
      trpc: {
        'users.me': () => USER,
        'coupons.list': () => {
          throw new Error('Internal server error');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No coupons data received');
  });

  it('says the same when the answer is not a coupon list', async () => {
    renderWithProviders(<CouponsPage />, { path: '/coupons', trpc: { 'users.me': () => USER, 'coupons.list': () => ({ coupons: 'nope' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('No coupons data received');
  });

  it('an empty wallet suggests playing Shuffle Cards', async () => {
    renderWithProviders(<CouponsPage />, {
      path: '/coupons',
      trpc: { 'users.me': () => USER, 'coupons.list': () => ({ active: [], expired: [], redeemed: [], counts: { active: 0, expired: 0, redeemed: 0, total: 0 } }) },
    });
    expect(await screen.findByText(/No active coupons/)).toBeInTheDocument();
  });
});
