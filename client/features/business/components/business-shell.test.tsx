import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { BusinessSectionRoutes } from '../business-section';
import { getBusinessSession, saveBusinessSession } from '../lib/session';
import { OWNER_DETAILS } from '../test-fixtures';


const discount = (outletId: number) => ({ outletId, discountPercent: 25, isLive: true, updatedAt: null, liveOffer: null });

afterEach(() => {
  for (const name of ['businessUserDetails', 'signedIn']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

const unauthorized = () =>
  TRPCClientError.from(
    { error: { message: 'Please sign in to your business account.', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } } as never,
  );

describe('business console shell', () => {
  it('sends a visitor without the business cookies to the business login', async () => {
    const { location } = renderWithProviders(<BusinessSectionRoutes />, { path: '/promotion-organizer/daily-offers/11' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Business login' })).toBeInTheDocument();
  });

  it('the outlet switcher opens the same page for the chosen outlet and makes it current', async () => {
    saveBusinessSession(OWNER_DETAILS);
    const { user, location } = renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: { 'businessAccount.discount': (input) => discount((input as { outletId: number }).outletId) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Discount button' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Outlet' });
    expect(select).toHaveValue('11');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Sri Krishna Udupi Grand · Jayanagar',
      'Kaapi Katte · Koramangala',
    ]);

    await user.selectOptions(select, '12');
    expect(location.history.at(-1)).toBe('/account/discount-button/12');
    expect(getBusinessSession()?.details.currentOutletId).toBe(12);
    // The top bar's business link follows the current outlet (client/components/layouts/business-link.ts).
    expect(decodeURIComponent(document.cookie)).toContain('"currentOutletId":12');
  });

  it("refuses an outlet that isn't the account's, without calling the server for it", async () => {
    saveBusinessSession(OWNER_DETAILS);
    renderWithProviders(<BusinessSectionRoutes />, { path: '/account/discount-button/99' });
    expect(await screen.findByRole('heading', { name: 'Not one of your outlets' })).toBeInTheDocument();
  });

  it('shows "Failed to Logout" when logout fails, and keeps the session', async () => {
    saveBusinessSession(OWNER_DETAILS);
    const { user } = renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: {
        'businessAccount.discount': () => discount(11),
        'businessAuth.logout': () => {
          throw new Error('Network down');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to Logout')).toBeInTheDocument();
    expect(getBusinessSession()).not.toBeNull();
  });

  it('logout clears the business cookies and returns to the login (also when the session had already ended)', async () => {
    saveBusinessSession(OWNER_DETAILS);
    const { user, location } = renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: {
        'businessAccount.discount': () => discount(11),
        'businessAuth.logout': () => {
          throw unauthorized();
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(getBusinessSession()).toBeNull();
    expect(document.cookie).not.toContain('businessUserDetails');
  });

  it('native back: goes back inside the console, and asks the Android wrapper to exit when there is no history', async () => {
    saveBusinessSession(OWNER_DETAILS);
    const exitApp = vi.fn();
    const win = window as unknown as { Android?: { exitApp: () => void }; bachatNativeBack?: () => boolean };
    win.Android = { exitApp };
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: { 'businessAccount.discount': (input) => discount((input as { outletId: number }).outletId) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Discount button' });
    expect(win.bachatNativeBack?.()).toBe(false);
    expect(exitApp).toHaveBeenCalledTimes(1);

    await user.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    expect(win.bachatNativeBack?.()).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    expect(exitApp).toHaveBeenCalledTimes(1);
    back.mockRestore();
    delete win.Android;
  });

  it('a session that ended on the server sends the owner back to the login and clears the cookies', async () => {
    saveBusinessSession(OWNER_DETAILS);
    const { location } = renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: {
        'businessAccount.discount': () => {
          throw unauthorized();
        },
      },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(getBusinessSession()).toBeNull();
  });

  it("a shopper call answering 401 is not the business session ending: the owner stays in the console", async () => {
    saveBusinessSession(OWNER_DETAILS);
    const { location, queryClient } = renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: {
        'businessAccount.discount': () => discount(11),
        'users.me': () => {
          throw unauthorized();
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Discount button' })).toBeInTheDocument();
    // The shopper's users.me (asked for without a token) fails with 401 while the console is open.
    await expect(queryClient.fetchQuery({ queryKey: [['users', 'me'], { type: 'query' }], queryFn: () => Promise.reject(unauthorized()) })).rejects.toThrow();
    expect(location.history.at(-1)).toBe('/account/discount-button/11');
    expect(getBusinessSession()?.details.boId).toBe(OWNER_DETAILS.boId);
    expect(screen.getByRole('heading', { level: 1, name: 'Discount button' })).toBeInTheDocument();
  });

  it('hides user management from a sub-account', async () => {
    saveBusinessSession({ ...OWNER_DETAILS, isMaster: false, masterId: 3 });
    renderWithProviders(<BusinessSectionRoutes />, {
      path: '/account/discount-button/11',
      trpc: { 'businessAccount.discount': () => discount(11) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Discount button' });
    expect(screen.queryByRole('link', { name: 'User management' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'GSTIN' }).length).toBeGreaterThan(0);
  });
});
