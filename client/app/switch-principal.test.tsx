import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { testShopper, trpcError } from '@client/testing/fixtures';
import { readCookie } from '@client/lib/cookies';
import { AppShell } from './app';

/**
 * SPEC §6: logging in as a business owner removes the shopper's token, and only that. A shopper
 * signed in on the same browser must not turn the owner's login into a bounce back to the login page.
 */

afterEach(() => {
  for (const name of ['businessUserDetails', 'signedIn']) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

const unauthorized = () =>
  trpcError('Please log in.', 'UNAUTHORIZED', 401);

// Our app gets no token in the body: the server keeps the session in its HttpOnly cookie.
const LOGIN_RESULT = {
  expiresAt: new Date('2026-11-22T10:00:00Z'),
  businessOwner: {
    id: 3,
    username: 'demo.owner',
    name: 'Ravi Kumar',
    phoneNumber: '9845012345',
    pan: 'ABCPK1234L',
    designation: 'Proprietor',
    isMaster: true,
    masterId: null,
  },
  outlets: [{ id: 11, name: 'Sri Krishna Udupi Grand', addressLineTwo: 'Jayanagar' }],
};

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('a shopper signed in on the same browser logs in as an owner', () => {
  it('lands in the console and stays there; only the shopper token goes', async () => {
    // The server's side of the browser: whose session its HttpOnly cookie holds.
    let serverSession: 'shopper' | 'owner' = 'shopper';
    document.cookie = 'signedIn=1; Path=/';
    const meCalls: string[] = [];
    const trpc: TrpcFixtures = {
      // Like the server: the shopper is known only while the shopper's cookie is sent.
      'users.me': () => {
        meCalls.push(serverSession);
        if (serverSession !== 'shopper') throw unauthorized();
        return testShopper();
      },
      // Like the server: the owner's cookie replaces the shopper's, and the shopper's flag is cleared.
      'businessAuth.login': () => {
        serverSession = 'owner';
        document.cookie = 'signedIn=; Max-Age=0; Path=/';
        return LOGIN_RESULT;
      },
      'promotions.ads': () => [],
      'promotions.liveAndScheduled': () => ({ live: null, today: [], next: null, tomorrow: [] }),
    };
    const { user, location } = renderWithProviders(<AppShell />, { trpc, path: '/for-bussiness/login' });
    await waitFor(() => expect(meCalls).toEqual(['shopper']));

    // The console's code loads lazily (and is transformed on first use under Vitest): allow it time.
    await user.type(await screen.findByLabelText('Username', {}, { timeout: 10_000 }), 'demo.owner');
    await user.type(screen.getByLabelText('Password'), 'Bachat@123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Regular offers', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    await flush();
    await flush();
    expect(location.history.at(-1)).toBe('/for-bussiness/promotion-organizer/regular-offers/11');
    expect(screen.getByRole('heading', { name: 'Regular offers', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // The business session stays; the shopper is gone and never asked for without the shopper's session.
    expect(readCookie('businessUserDetails')).not.toBeNull();
    expect(readCookie('signedIn')).toBeNull();
    expect(meCalls).toEqual(['shopper']);
  });
});
