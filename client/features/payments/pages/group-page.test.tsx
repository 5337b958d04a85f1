import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { GroupBillView, GroupShareView } from '@server/modules/group-bills/schema';
import { getAuthPageRedirect, sidebarStateAtom } from '@client/lib/auth';
import { renderWithProviders } from '@client/testing/render';
import { SHOPPER } from '../testing-fixtures';
import { GroupPage } from './group-page';

const PAGE = <Route path="/group/:code" component={GroupPage} />;

const share = (position: number, overrides: Partial<GroupShareView> = {}): GroupShareView => ({
  id: 10 + position,
  position,
  billPaise: 600_00,
  instantDiscountPaise: 60_00,
  sharePaise: 540_00,
  state: 'open',
  mine: false,
  payerName: null,
  ...overrides,
});

function groupBill(overrides: Partial<GroupBillView> = {}): GroupBillView {
  return {
    code: 'ABC234',
    path: '/group/ABC234',
    status: 'open',
    outletId: 3,
    outletName: 'Kaapi Katte',
    tableNumber: null,
    billPaise: 2_400_00,
    instantDiscountPercent: 10,
    instantDiscountPaise: 240_00,
    totalPaise: 2_160_00,
    paidPaise: 1_620_00,
    leftPaise: 540_00,
    paidCount: 3,
    shareCount: 4,
    expiresAt: new Date(Date.now() + 15 * 60_000),
    hostName: 'Riya',
    isHost: false,
    canEdit: false,
    version: 1,
    shares: [share(1, { state: 'paid', payerName: 'Riya' }), share(2, { state: 'paid', mine: true, payerName: 'Aman' }), share(3, { state: 'paying', payerName: 'Neha' }), share(4)],
    ...overrides,
  };
}

afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('GroupPage', () => {
  it('an open group: progress, the code, the WhatsApp link and each share’s state', async () => {
    document.cookie = 'signedIn=1; Path=/';
    renderWithProviders(PAGE, { path: '/group/abc234', trpc: { 'users.me': () => SHOPPER, 'groupBills.get': () => groupBill() } });
    expect(await screen.findByTestId('group-progress')).toHaveTextContent('3 of 4 paid · ₹540.00 left');
    expect(screen.getByTestId('group-countdown')).toHaveTextContent(/Closes in 1[45]:\d\d/);
    expect(screen.getByTestId('group-code')).toHaveTextContent('ABC234');
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toMatch(/^https:\/\/wa\.me\/\?text=.*Kaapi Katte.*\/group\/ABC234$/);
    expect(screen.getByTestId('share-1')).toHaveTextContent('Paid by Riya');
    expect(screen.getByTestId('share-2')).toHaveTextContent('You paid');
    expect(screen.getByTestId('share-3')).toHaveTextContent('Neha is paying');
    expect(screen.getByTestId('share-4')).toHaveTextContent('₹540.00');
    expect(screen.getByRole('button', { name: 'Pay this share' })).toBeEnabled();
    // Not the host: neither Edit nor Pay the rest.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay the rest/ })).not.toBeInTheDocument();
  });

  it('the host before anyone paid: Edit and Pay the rest; paying the rest opens the sandbox checkout', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const payRest = vi.fn(() => ({ orderId: 'o-1', status: 'created', checkout: { provider: 'sandbox', url: '/payment-demo?orderId=o-1' } }));
    const open = groupBill({ isHost: true, canEdit: true, paidCount: 0, paidPaise: 0, leftPaise: 2_160_00, shares: [share(1), share(2), share(3), share(4)] });
    const { user, location } = renderWithProviders(PAGE, { path: '/group/ABC234', trpc: { 'users.me': () => SHOPPER, 'groupBills.get': () => open, 'groupBills.payRest': payRest as never } });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay the rest (₹2,160.00)' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/payment-demo?orderId=o-1'));
    expect(payRest).toHaveBeenCalledWith(expect.objectContaining({ code: 'ABC234', idempotencyKey: expect.stringMatching(/^pay-/) }));
  });

  it('the host changes the split: it opens as it was made (equal, or each part), and custom parts are sent as typed', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const update = vi.fn((input: unknown) => groupBill({ isHost: true, canEdit: true, paidCount: 0, ...(input as object) } as never));
    const open = groupBill({ isHost: true, canEdit: true, paidCount: 0, paidPaise: 0, leftPaise: 2_160_00, shares: [share(1), share(2), share(3), share(4)] });
    const { user } = renderWithProviders(PAGE, { path: '/group/ABC234', trpc: { 'users.me': () => SHOPPER, 'groupBills.get': () => open, 'groupBills.update': update as never } });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // Four equal parts: it opens on "Split equally" with four people.
    expect(screen.getByRole('radio', { name: 'Split equally' })).toBeChecked();
    expect(screen.getByTestId('people-count')).toHaveTextContent('4');
    await user.click(screen.getByRole('radio', { name: 'Custom amounts' }));
    // Each part starts as the bill's own share of it.
    expect(screen.getByLabelText('You')).toHaveValue('600');
    await user.clear(screen.getByLabelText('You'));
    await user.type(screen.getByLabelText('You'), '900');
    await user.clear(screen.getByLabelText('Person 2'));
    await user.type(screen.getByLabelText('Person 2'), '300');
    await user.click(screen.getByRole('button', { name: 'Save the split' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ code: 'ABC234', amount: '2400', shares: ['900', '300', '600', '600'] }));
  });

  it('a split made of different parts reopens on "Custom amounts" with each part', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const open = groupBill({ isHost: true, canEdit: true, paidCount: 0, shares: [share(1, { billPaise: 1_500_00 }), share(2, { billPaise: 900_00 })] });
    const { user } = renderWithProviders(PAGE, { path: '/group/ABC234', trpc: { 'users.me': () => SHOPPER, 'groupBills.get': () => open } });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('radio', { name: 'Custom amounts' })).toBeChecked();
    expect(screen.getByLabelText('You')).toHaveValue('1,500');
    expect(screen.getByLabelText('Person 2')).toHaveValue('900');
  });

  it('paid in full: the card, no invite and no pay buttons', async () => {
    const shares = [1, 2, 3, 4].map((n) => share(n, { state: 'paid' }));
    renderWithProviders(PAGE, { path: '/group/ABC234', trpc: { 'groupBills.get': () => groupBill({ status: 'paid', paidCount: 4, leftPaise: 0, shares }) } });
    expect(await screen.findByTestId('group-paid')).toHaveTextContent('Bill paid in full');
    expect(screen.getByTestId('group-progress')).toHaveTextContent('4 of 4 paid');
    expect(screen.queryByTestId('group-code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('expired: says the paid shares are being refunded', async () => {
    renderWithProviders(PAGE, { path: '/group/ABC234', trpc: { 'groupBills.get': () => groupBill({ status: 'expired' }) } });
    expect(await screen.findByTestId('group-expired')).toHaveTextContent('This group bill expired; every paid share is being refunded.');
    expect(screen.queryByRole('button', { name: 'Pay this share' })).not.toBeInTheDocument();
  });

  it('signed out: the group is shown, paying asks for a login that comes back here', async () => {
    const { user, store } = renderWithProviders(PAGE, { path: '/group/ABC234', trpc: { 'groupBills.get': () => groupBill() } });
    await screen.findByTestId('group-progress');
    expect(store.get(sidebarStateAtom)).not.toBe('login');
    await user.click(screen.getByRole('button', { name: 'Log in to pay' }));
    expect(store.get(sidebarStateAtom)).toBe('login');
    expect(getAuthPageRedirect()).toBe('/group/ABC234');
  });

  it('a code no group can have shows the not-found card without asking the server', async () => {
    const get = vi.fn();
    renderWithProviders(PAGE, { path: '/group/ZZ', trpc: { 'groupBills.get': get } });
    expect(await screen.findByRole('heading', { name: "We couldn't find this group bill" })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
