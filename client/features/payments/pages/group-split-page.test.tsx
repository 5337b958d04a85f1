import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { GroupBillQuote } from '@server/modules/group-bills/schema';
import { getAuthPageRedirect, sidebarStateAtom } from '@client/lib/auth';
import { renderWithProviders, serverError } from '@client/testing/render';
import { SHOPPER } from '../testing-fixtures';
import { GroupSplitPage } from './group-split-page';

const PAGE = <Route path="/group/new" component={GroupSplitPage} />;
const OUTLET = { id: 3, name: 'Kaapi Katte', liveOffer: null };

/** The server's split: figures made up here, the page only shows them. */
function quoteOf(input: { amount: string; people?: number; shares?: string[] }): GroupBillQuote {
  const count = input.people ?? input.shares?.length ?? 2;
  return {
    outletId: 3,
    outletName: 'Kaapi Katte',
    billPaise: 2_400_00,
    instantDiscountPercent: 10,
    instantDiscountPaise: 240_00,
    totalPaise: 2_160_00,
    shares: Array.from({ length: count }, (_, i) => ({ position: i + 1, billPaise: 1, instantDiscountPaise: 1, sharePaise: 100_00 * (i + 1) })),
  };
}

afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('GroupSplitPage', () => {
  it('previews the server’s split, follows the people stepper and creates the group bill', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const quote = vi.fn(quoteOf);
    const create = vi.fn(() => ({ code: 'ABC234' }));
    const { user, location } = renderWithProviders(PAGE, {
      path: '/group/new?outletId=3&amount=2400',
      trpc: { 'users.me': () => SHOPPER, 'outlets.byId': () => OUTLET, 'groupBills.quote': quote as never, 'groupBills.create': create as never },
    });
    expect(await screen.findByRole('heading', { name: 'Kaapi Katte' })).toBeInTheDocument();
    expect(screen.getByLabelText('The whole bill')).toHaveValue('2,400');
    const preview = await screen.findByTestId('split-preview');
    expect(preview).toHaveTextContent('Instant discount (10%)');
    expect(screen.getByTestId('split-total')).toHaveTextContent('₹2,160.00');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'One person more' }));
    await user.click(screen.getByRole('button', { name: 'One person more' }));
    expect(screen.getByTestId('people-count')).toHaveTextContent('4');
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ outletId: 3, amount: '2400', people: 4 }));
    await waitFor(() => expect(screen.getByTestId('split-preview').querySelectorAll('li')).toHaveLength(4));
    // Each share is the server's figure.
    expect(screen.getByTestId('split-preview')).toHaveTextContent('₹400.00');

    await user.click(screen.getByRole('button', { name: 'Create group bill' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/ABC234'));
    expect(create).toHaveBeenCalledWith({ outletId: 3, amount: '2400', people: 4, tableNumber: null });
  });

  it('custom amounts: one field per person, "You" first, sent as they are typed', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const quote = vi.fn(quoteOf);
    const { user } = renderWithProviders(PAGE, {
      path: '/group/new?outletId=3&amount=1000',
      trpc: { 'users.me': () => SHOPPER, 'outlets.byId': () => OUTLET, 'groupBills.quote': quote as never },
    });
    await user.click(await screen.findByRole('radio', { name: 'Custom amounts' }));
    await user.type(screen.getByLabelText('You'), '600');
    await user.type(screen.getByLabelText('Person 2'), '400');
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ outletId: 3, amount: '1000', shares: ['600', '400'] }));
  });

  it('shows the server’s reason when the split cannot be made', async () => {
    document.cookie = 'signedIn=1; Path=/';
    renderWithProviders(PAGE, {
      path: '/group/new?outletId=3&amount=120',
      trpc: {
        'users.me': () => SHOPPER,
        'outlets.byId': () => OUTLET,
        'groupBills.quote': () => {
          throw serverError('Each share must be at least ₹50. Split the bill among fewer people.', { code: 'BAD_REQUEST', httpStatus: 400 });
        },
      },
    });
    expect(await screen.findByText('Each share must be at least ₹50. Split the bill among fewer people.')).toBeInTheDocument();
  });

  it('signed out: the preview is there, creating asks for a login and comes back here', async () => {
    const create = vi.fn();
    const { user, store } = renderWithProviders(PAGE, {
      path: '/group/new?outletId=3&amount=2400',
      trpc: { 'outlets.byId': () => OUTLET, 'groupBills.quote': quoteOf as never, 'groupBills.create': create },
    });
    await screen.findByTestId('split-preview');
    expect(store.get(sidebarStateAtom)).not.toBe('login');
    await user.click(screen.getByRole('button', { name: 'Create group bill' }));
    expect(store.get(sidebarStateAtom)).toBe('login');
    expect(getAuthPageRedirect()).toBe('/group/new?outletId=3&amount=2400');
    expect(create).not.toHaveBeenCalled();
  });
});
