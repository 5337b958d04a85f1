import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { ReferEarnPage } from './refer-earn-page';
import { testShopper } from '@client/testing/fixtures';

const USER = testShopper();

const MINE = {
  code: 'MEAARAV1',
  sharePath: '/signup?referal=MEAARAV1',
  referredCount: 1,
  goldKeys: 2,
  recent: [{ id: 1, delta: 2, reason: 'referral_bonus', note: null, createdAt: new Date('2026-11-20T10:00:00Z') }],
};

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

describe('ReferEarnPage', () => {
  it('shows the code, the balance and the ledger, and shares the signup link with the Web Share API', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    const { user } = renderWithProviders(<ReferEarnPage />, {
      path: '/refer-earn',
      trpc: { 'users.me': () => USER, 'referrals.mine': () => MINE },
    });
    // Two queries in a row (users.me, then referrals.mine): allow for a busy test machine.
    expect(await screen.findByTestId('referral-code', {}, { timeout: 5000 })).toHaveTextContent('MEAARAV1');
    expect(screen.getByTestId('refer-golden-keys')).toHaveTextContent('2');
    expect(screen.getByText('Friend joined with your code')).toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share invite link' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/signup?referal=MEAARAV1` }),
    );
  });

  it('without the Web Share API copies the link and says "Copied to clipboard instead"', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    const { user } = renderWithProviders(<ReferEarnPage />, {
      path: '/refer-earn',
      trpc: { 'users.me': () => USER, 'referrals.mine': () => MINE },
    });
    await user.click(await screen.findByRole('button', { name: 'Share invite link' }, { timeout: 5000 }));
    expect(await screen.findByText('Copied to clipboard instead')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toContain('/signup?referal=MEAARAV1');
  });
});
