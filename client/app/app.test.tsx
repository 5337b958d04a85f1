import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { AppShell } from './app';

const trpc: TrpcFixtures = {
  'categories.list': () => [{ id: 1, name: 'Shopping', slug: 'shopping', icon: '🛍️' }],
  'cities.list': () => [
    { id: 1, name: 'Pune', slug: 'pune', state: 'Maharashtra', latitude: 18.52, longitude: 73.85 },
  ],
};

describe('AppShell', () => {
  it('renders the top bar with the wordmark, Help and Sign In links', async () => {
    renderWithProviders(<AppShell />, { trpc });

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Bachat home' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/faqs');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('heading', { name: 'Find savings near you' })).toBeInTheDocument();
  });

  it('renders the bottom bar with Home, Events, Scan, History and Profile (the last two to /login when logged out), Home current on /', async () => {
    renderWithProviders(<AppShell />, { trpc });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Events', '/events'],
      ['Scan', '/scan'],
      ['History', '/login'],
      ['Profile', '/login'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('heading', { name: 'Find savings near you' });
  });

  it('highlights Profile on /faqs', async () => {
    renderWithProviders(<AppShell />, { trpc, path: '/faqs' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shows the not-found page for routes that do not exist yet', async () => {
    renderWithProviders(<AppShell />, { trpc, path: '/no-such-page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('tapping Home goes to / and clears the selected category and city', async () => {
    sessionStorage.setItem('selectedCategory', JSON.stringify('shopping'));
    sessionStorage.setItem('selectedCity', JSON.stringify('pune'));
    const { user, location } = renderWithProviders(<AppShell />, { trpc, path: '/no-such-page' });
    await screen.findByRole('heading', { name: 'Page not found' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Home' }));

    const group = await screen.findByRole('group', { name: 'Categories' });
    expect(location.history.at(-1)).toBe('/');
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(sessionStorage.getItem('selectedCategory')).toBeNull();
    expect(sessionStorage.getItem('selectedCity')).toBeNull();
  });
});
