import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { getAuthPageRedirect, sidebarStateAtom } from '@client/lib/auth';
import { renderWithProviders } from '@client/testing/render';
import { SHOPPER } from '../testing-fixtures';
import { EnterAmountPage } from './enter-amount-page';

const OUTLET = {
  id: 3,
  name: 'Kaapi Katte',
  liveOffer: { source: 'base', adType: null, discountPercent: 10, title: null, promotionId: null, slotId: null, startsAt: null, endsAt: null, validUntil: new Date() },
};

const PAGE = <Route path="/enter-amount/:outletId" component={EnterAmountPage} />;

const signedIn = { 'users.me': () => SHOPPER, 'outlets.byId': () => OUTLET };

afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('EnterAmountPage', () => {
  beforeEach(() => {
    document.cookie = 'signedIn=1; Path=/';
  });

  it('shows the amount in en-IN format as it is typed and goes to the breakdown with it', async () => {
    const { user, location } = renderWithProviders(PAGE, { path: '/enter-amount/3', trpc: signedIn });
    expect(await screen.findByRole('heading', { name: 'Kaapi Katte' })).toBeInTheDocument();
    expect(screen.getByText(/10% instant discount live now/)).toBeInTheDocument();
    const input = screen.getByLabelText('Enter the final bill amount');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    await user.type(input, '100000');
    expect(input).toHaveValue('1,00,000');
    expect(screen.getByText(/You entered ₹1,00,000\./)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1000');
    expect(input).toHaveValue('1,000');
    await user.click(next);
    expect(location.history?.at(-1)).toBe('/payment-breakdown/3?amount=1000');
  });

  it('says an offer needs a bill of ₹50 but still lets a smaller bill be paid', async () => {
    const { user } = renderWithProviders(PAGE, { path: '/enter-amount/3', trpc: signedIn });
    const input = await screen.findByLabelText('Enter the final bill amount');
    await user.type(input, '49');
    expect(screen.getByRole('status')).toHaveTextContent('Minimum bill of ₹50 to apply any offer');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.type(input, '0');
    expect(input).toHaveValue('490');
    expect(screen.queryByText('Minimum bill of ₹50 to apply any offer')).not.toBeInTheDocument();
  });

  it('refuses letters and more than two decimals, and amounts over ₹10,00,000', async () => {
    const { user } = renderWithProviders(PAGE, { path: '/enter-amount/3', trpc: signedIn });
    const input = await screen.findByLabelText('Enter the final bill amount');
    await user.type(input, '12ab3.456');
    expect(input).toHaveValue('123.45');
    await user.clear(input);
    await user.type(input, '1000001');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('The bill can be at most ₹10,00,000');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('the quick amounts fill the field', async () => {
    const { user } = renderWithProviders(PAGE, { path: '/enter-amount/3', trpc: signedIn });
    await user.click(await screen.findByRole('button', { name: '₹2,000' }));
    expect(screen.getByLabelText('Enter the final bill amount')).toHaveValue('2,000');
  });
});

describe('EnterAmountPage when logged out', () => {
  it('opens the login panel and remembers to come back to this outlet’s page', async () => {
    const { store } = renderWithProviders(PAGE, { path: '/enter-amount/3', trpc: { 'outlets.byId': () => OUTLET } });
    expect(await screen.findByRole('heading', { name: 'Log in to pay your bill' })).toBeInTheDocument();
    await waitFor(() => expect(store.get(sidebarStateAtom)).toBe('login'));
    expect(getAuthPageRedirect()).toBe('/enter-amount/3');
  });
});
