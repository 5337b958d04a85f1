import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { trpc } from '@client/lib/trpc';
import { renderWithProviders } from '@client/testing/render';
import { QueryState, combineQueries } from './query-state';

const categories = [{ id: 1, name: 'Cafés', slug: 'cafes', icon: '☕', sortOrder: 1 }];

function Categories({ empty = false }: { empty?: boolean }) {
  const query = trpc.categories.list.useQuery();
  return (
    <QueryState
      query={query}
      loadingLabel="Loading categories"
      errorMessage={(error) => `We couldn't load categories (${error.message}).`}
      isEmpty={(list) => list.length === 0}
      empty={empty ? <p>No categories yet.</p> : undefined}
    >
      {(list) => (
        <ul aria-label="Categories">
          {list.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the spinner, then the data', async () => {
    renderWithProviders(<Categories />, { trpc: { 'categories.list': () => categories } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading categories');
    expect(await screen.findByRole('list', { name: 'Categories' })).toHaveTextContent('Cafés');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry that refetches', async () => {
    const list = vi
      .fn()
      .mockImplementationOnce(() => {
        throw new Error('boom');
      })
      .mockImplementation(() => categories);
    const { user } = renderWithProviders(<Categories />, { trpc: { 'categories.list': list } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load categories (boom).");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('list', { name: 'Categories' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('shows the empty state when given one and the data is empty', async () => {
    renderWithProviders(<Categories empty />, { trpc: { 'categories.list': () => [] } });
    expect(await screen.findByText('No categories yet.')).toBeInTheDocument();
  });

  it('combines queries: loading until both answer, data as a tuple, Retry refetches the failed one', async () => {
    const cities = vi
      .fn()
      .mockImplementationOnce(() => {
        throw new Error('down');
      })
      .mockImplementation(() => [{ id: 1, name: 'Bengaluru', slug: 'bengaluru', state: 'Karnataka' }]);
    const list = vi.fn(() => categories);
    function Both() {
      const a = trpc.categories.list.useQuery();
      const b = trpc.cities.list.useQuery();
      return (
        <QueryState query={combineQueries(a, b)} errorMessage="We couldn't load the filters.">
          {([cats, places]) => <p>{`${cats[0]?.name} in ${places[0]?.name}`}</p>}
        </QueryState>
      );
    }
    const { user } = renderWithProviders(<Both />, { trpc: { 'categories.list': list, 'cities.list': cities } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the filters.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cafés in Bengaluru')).toBeInTheDocument();
    await waitFor(() => expect(cities).toHaveBeenCalledTimes(2));
    expect(list).toHaveBeenCalledTimes(1);
  });
});
