import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serverError } from '@client/testing/render';
import { hasShopperSession } from '@client/lib/session-cookies';
import { ProfilePage } from './profile-page';
import { testShopper } from '@client/testing/fixtures';

const USER = testShopper({ goldKeys: 4 });

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('shows the name, phone and Golden Keys', async () => {
    renderWithProviders(<ProfilePage />, { path: '/profile', trpc: { 'users.me': () => USER } });
    expect(await screen.findByRole('heading', { name: 'Aarav Mehta', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByTestId('golden-keys')).toHaveTextContent('4');
  });

  it('previews a chosen picture before saving and refuses files that are not images', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const { user } = renderWithProviders(<ProfilePage />, { path: '/profile', trpc: { 'users.me': () => USER } });
    const input = await screen.findByLabelText('Upload picture');

    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image.')).toBeInTheDocument();

    await user.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'New profile picture preview' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByText(/me\.png/)).toBeInTheDocument();
  });

  it('saves name and email, and says "Failed to update profile." when that fails', async () => {
    const update = vi.fn(() => {
      throw new Error('boom');
    });
    const { user } = renderWithProviders(<ProfilePage />, {
      path: '/profile',
      trpc: { 'users.me': () => USER, 'users.updateProfile': update },
    });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await user.type(name, 'Aarav M');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ name: 'Aarav M', email: 'aarav.mehta@example.com' });
  });

  it('deletes the account only after confirming, then signs out and goes home', async () => {
    const remove = vi.fn(() => {
      // The server's answer clears the session's cookies.
      document.cookie = 'signedIn=; Max-Age=0; Path=/';
      return { success: true, message: 'Your account has been deleted.' };
    });
    const { user, location } = renderWithProviders(<ProfilePage />, {
      path: '/profile',
      trpc: { 'users.me': () => USER, 'users.delete': remove },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(hasShopperSession()).toBe(false);
  });

  it('logs out: the server ends the session and clears its cookies; the page goes home', async () => {
    const logout = vi.fn(() => {
      document.cookie = 'signedIn=; Max-Age=0; Path=/';
      return { success: true };
    });
    const { user, location } = renderWithProviders(<ProfilePage />, {
      path: '/profile',
      trpc: { 'users.me': () => USER, 'auth.logout': logout },
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(hasShopperSession()).toBe(false);
  });

  it('a logout the server never answered keeps the shopper signed in and says so (only the server can clear the cookie)', async () => {
    const logout = vi.fn(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user, location } = renderWithProviders(<ProfilePage />, {
      path: '/profile',
      trpc: { 'users.me': () => USER, 'auth.logout': logout },
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not log you out. Check your connection and try again.');
    expect(location.history.at(-1)).toBe('/profile');
    expect(hasShopperSession()).toBe(true);
    expect(screen.getByRole('heading', { name: USER.name!, level: 1 })).toBeInTheDocument();
  });

  it('a logout answered 401 (the session had already ended) goes home like a logout', async () => {
    const logout = vi.fn(() => {
      document.cookie = 'signedIn=; Max-Age=0; Path=/';
      throw serverError('Please sign in to continue.', { code: 'UNAUTHORIZED', httpStatus: 401 });
    });
    const { user, location } = renderWithProviders(<ProfilePage />, {
      path: '/profile',
      trpc: { 'users.me': () => USER, 'auth.logout': logout },
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
