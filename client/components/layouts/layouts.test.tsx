import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { hasShopperSession } from '@client/lib/session-cookies';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';
import { testShopper, trpcError } from '@client/testing/fixtures';

const USER = testShopper({ profilePicUrl: '/uploads/avatars/7-96.webp' });

function signedIn(user: typeof USER | (Omit<typeof USER, 'name'> & { name: null }) = USER): TrpcFixtures {
  document.cookie = 'signedIn=1; Path=/';
  return { 'users.me': () => user };
}

afterEach(() => {
  for (const name of ['signedIn', 'businessUserDetails']) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

const tabs = () => {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return Object.fromEntries(
    within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link]),
  ) as Record<'Home' | 'Events' | 'History' | 'Profile', HTMLElement>;
};

describe('BottomNav', () => {
  it('sends a logged-out shopper to /login from History and Profile and remembers the tab', async () => {
    const { user, location } = renderWithProviders(<BottomNav />, { path: '/events' });
    expect(tabs().History).toHaveAttribute('href', '/login');
    expect(tabs().Profile).toHaveAttribute('href', '/login');
    expect(tabs().Events).toHaveAttribute('href', '/events');

    await user.click(tabs().History);
    expect(location.history.at(-1)).toBe('/login');
    expect(sessionStorage.getItem('authPageRedirect')).toBe('/redeemed-history');
  });

  it('links straight to History and Profile once the user (with a name) has loaded', async () => {
    renderWithProviders(<BottomNav />, { trpc: signedIn() });
    await waitFor(() => expect(tabs().History).toHaveAttribute('href', '/redeemed-history'));
    expect(tabs().Profile).toHaveAttribute('href', '/profile');
  });

  it('does not count a user without a name as logged in', async () => {
    const { queryClient } = renderWithProviders(<BottomNav />, { trpc: signedIn({ ...USER, name: null }) });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() => expect(tabs().Profile).toHaveAttribute('href', '/login'));
  });

  it.each(['/profile', '/coupons', '/settings', '/about-us', '/faqs'])('highlights Profile on %s', (path) => {
    renderWithProviders(<BottomNav />, { path });
    expect(tabs().Profile).toHaveAttribute('aria-current', 'page');
    expect(tabs().Home).not.toHaveAttribute('aria-current');
  });

  it.each(['/support', '/refer-earn', '/'])('does not highlight Profile on %s', (path) => {
    renderWithProviders(<BottomNav />, { path });
    expect(tabs().Profile).not.toHaveAttribute('aria-current');
  });
});

describe('TopBar', () => {
  it('shows Sign In for a logged-out shopper, the Help link and the business landing link', () => {
    renderWithProviders(<TopBar />, { path: '/' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/faqs');
    expect(within(banner).getByRole('link', { name: 'For Business' })).toHaveAttribute('href', '/for-bussiness');
    expect(within(banner).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it("shows the signed-in shopper's name and picture linking to /profile", async () => {
    renderWithProviders(<TopBar />, { trpc: signedIn() });
    const profile = await screen.findByRole('link', { name: /Profile: Aarav Mehta/ });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(within(profile).getByText('Aarav')).toBeInTheDocument();
    expect(profile.querySelector('img')).toHaveAttribute('src', USER.profilePicUrl);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('the back icon returns to the stored outlet page, else home', async () => {
    sessionStorage.setItem('outletPageRedirect', '/bengaluru/kaapi-katte-koramangala');
    const { user, location } = renderWithProviders(<TopBar />, { path: '/faqs' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location.history.at(-1)).toBe('/bengaluru/kaapi-katte-koramangala');

    sessionStorage.removeItem('outletPageRedirect');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location.history.at(-1)).toBe('/');
  });

  it("the business link goes to the current outlet's regular offers when a business user is signed in", () => {
    document.cookie = `businessUserDetails=${encodeURIComponent(JSON.stringify({ currentOutletId: 12 }))}; Path=/`;
    renderWithProviders(<TopBar />);
    expect(screen.getByRole('link', { name: 'For Business' })).toHaveAttribute(
      'href',
      '/for-bussiness/promotion-organizer/regular-offers/12',
    );
  });

  it('a current-user fetch the server refuses (its answer clears the flag) shows Sign In', async () => {
    document.cookie = 'signedIn=1; Path=/';
    renderWithProviders(<TopBar />, {
      trpc: {
        'users.me': () => {
          // The server's 401 comes with the session's cookies cleared.
          document.cookie = 'signedIn=; Max-Age=0; Path=/';
          throw trpcError('Please sign in to continue.', 'UNAUTHORIZED', 401);
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(hasShopperSession()).toBe(false));
  });
});
