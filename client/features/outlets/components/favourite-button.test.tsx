import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sidebarStateAtom } from '@client/lib/auth';
import { renderWithProviders, serverError } from '@client/testing/render';
import { FavouriteButton } from './favourite-button';

describe('FavouriteButton', () => {
  afterEach(() => {
    document.cookie = 'signedIn=; Max-Age=0; Path=/';
    sessionStorage.clear();
  });

  it('signed out: opens the login panel and remembers this page to come back to', async () => {
    const { user, store } = renderWithProviders(<FavouriteButton outletId={3} outletName="Chai Point" />, { path: '/?q=chai' });
    const heart = screen.getByRole('button', { name: 'Favourite Chai Point' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(store.get(sidebarStateAtom)).toBe('login');
    expect(sessionStorage.getItem('authPageRedirect')).toContain('/?q=chai');
  });

  it('signed in: fills at once, and empties again on a second tap', async () => {
    document.cookie = 'signedIn=1; Path=/';
    let ids: number[] = [];
    const add = vi.fn(() => {
      ids = [3];
      return { outletId: 3, isFavourite: true };
    });
    const remove = vi.fn(() => {
      ids = [];
      return { outletId: 3, isFavourite: false };
    });
    const { user } = renderWithProviders(<FavouriteButton outletId={3} outletName="Chai Point" />, {
      trpc: { 'favourites.ids': () => ids, 'favourites.add': add, 'favourites.remove': remove, 'favourites.list': () => ({ items: [] }) },
    });
    const heart = screen.getByRole('button', { name: 'Favourite Chai Point' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(add).toHaveBeenCalledWith({ outletId: 3 });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(remove).toHaveBeenCalledWith({ outletId: 3 });
  });

  it('a refusal undoes the heart and says why', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const { user } = renderWithProviders(<FavouriteButton outletId={3} outletName="Chai Point" />, {
      trpc: {
        'favourites.ids': () => [],
        'favourites.add': () => {
          throw serverError('You can keep up to 500 favourites. Remove one to add another.', { code: 'CONFLICT', httpStatus: 409 });
        },
      },
    });
    const heart = screen.getByRole('button', { name: 'Favourite Chai Point' });
    await user.click(heart);
    expect(await screen.findByRole('status')).toHaveTextContent('You can keep up to 500 favourites');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});
