import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { HomePage } from './home-page';

const categories = [
  { id: 1, name: 'Food & Drinks', slug: 'food-drinks', icon: '🍔' },
  { id: 2, name: 'Shopping', slug: 'shopping', icon: '🛍️' },
  { id: 3, name: 'Salon & Spa', slug: 'salon-spa', icon: '💇' },
];

const cities = [
  { id: 1, name: 'Bengaluru', slug: 'bengaluru', state: 'Karnataka', latitude: 12.97, longitude: 77.59 },
  { id: 2, name: 'Mumbai', slug: 'mumbai', state: 'Maharashtra', latitude: 19.07, longitude: 72.87 },
];

function fixtures(overrides: TrpcFixtures = {}): TrpcFixtures {
  return {
    'categories.list': () => categories,
    'cities.list': () => cities,
    ...overrides,
  };
}

async function findCategoryGroup() {
  return screen.findByRole('group', { name: 'Categories' });
}

describe('HomePage', () => {
  it('lists the categories from categories.list with emoji and name, after a loading state', async () => {
    renderWithProviders(<HomePage />, { trpc: fixtures() });

    expect(screen.getByRole('status', { name: 'Loading categories' })).toBeInTheDocument();

    const group = await findCategoryGroup();
    const chips = within(group).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      '✨All',
      '🍔Food & Drinks',
      '🛍️Shopping',
      '💇Salon & Spa',
    ]);
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('status', { name: 'Loading categories' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Pay your bill at the outlet and save instantly' }),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry that refetches the categories', async () => {
    const list = vi
      .fn<() => typeof categories>()
      .mockImplementationOnce(() => {
        throw new Error('Service unavailable');
      })
      .mockImplementation(() => categories);
    const { user } = renderWithProviders(<HomePage />, {
      trpc: fixtures({ 'categories.list': list }),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load categories.");
    expect(screen.queryByRole('group', { name: 'Categories' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    const group = await findCategoryGroup();
    expect(within(group).getByRole('button', { name: 'Shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('selecting a chip marks it and persists the slug to sessionStorage (selectedCategory)', async () => {
    const { user, unmount } = renderWithProviders(<HomePage />, { trpc: fixtures() });
    const group = await findCategoryGroup();

    await user.click(within(group).getByRole('button', { name: 'Shopping' }));

    expect(within(group).getByRole('button', { name: 'Shopping' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(sessionStorage.getItem('selectedCategory')).toBe(JSON.stringify('shopping'));

    // A fresh app (new jotai store) in the same tab session starts from the stored choice.
    unmount();
    renderWithProviders(<HomePage />, { trpc: fixtures() });
    const restored = await findCategoryGroup();
    expect(within(restored).getByRole('button', { name: 'Shopping' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('tapping the selected chip again, or All, clears the stored category', async () => {
    const { user } = renderWithProviders(<HomePage />, { trpc: fixtures() });
    const group = await findCategoryGroup();

    await user.click(within(group).getByRole('button', { name: 'Food & Drinks' }));
    expect(sessionStorage.getItem('selectedCategory')).toBe(JSON.stringify('food-drinks'));
    await user.click(within(group).getByRole('button', { name: 'Food & Drinks' }));
    expect(sessionStorage.getItem('selectedCategory')).toBe('null');
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'Salon & Spa' }));
    await user.click(within(group).getByRole('button', { name: 'All' }));
    expect(sessionStorage.getItem('selectedCategory')).toBe('null');
  });

  it('offers the cities from cities.list and persists the choice (selectedCity)', async () => {
    const { user } = renderWithProviders(<HomePage />, { trpc: fixtures() });
    const picker = screen.getByRole('combobox', { name: 'City' });

    await waitFor(() => expect(picker).toBeEnabled());
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All cities', 'Bengaluru, Karnataka', 'Mumbai, Maharashtra']);

    await user.selectOptions(picker, 'Mumbai, Maharashtra');

    expect(picker).toHaveValue('mumbai');
    expect(sessionStorage.getItem('selectedCity')).toBe(JSON.stringify('mumbai'));
  });

  it('starts with the city stored earlier in the session', async () => {
    sessionStorage.setItem('selectedCity', JSON.stringify('bengaluru'));
    renderWithProviders(<HomePage />, { trpc: fixtures() });

    const picker = screen.getByRole('combobox', { name: 'City' });
    await waitFor(() => expect(picker).toHaveValue('bengaluru'));
  });

  it('shows a retry when cities fail to load', async () => {
    const list = vi
      .fn<() => typeof cities>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue(cities);
    const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'cities.list': list }) });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load cities.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    const picker = await screen.findByRole('combobox', { name: 'City' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(list).toHaveBeenCalledTimes(2);
  });
});
