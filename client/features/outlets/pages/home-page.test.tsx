import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testLiveOffer, testOutletCard } from '@client/testing/fixtures';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { HomePage } from './home-page';

const categories = [
  { id: 1, name: 'Food & Drinks', nameHi: 'खाना-पीना', slug: 'food-drinks', icon: 'utensils' },
  { id: 2, name: 'Shopping', nameHi: null, slug: 'shopping', icon: 'shopping-bag' },
  { id: 3, name: 'Salon & Spa', nameHi: 'सैलून और स्पा', slug: 'salon-spa', icon: 'scissors' },
];

const cities = [
  { id: 1, name: 'Bengaluru', nameHi: 'बेंगलुरु', slug: 'bengaluru', state: 'Karnataka', latitude: 12.97, longitude: 77.59 },
  { id: 2, name: 'Mumbai', nameHi: 'मुंबई', slug: 'mumbai', state: 'Maharashtra', latitude: 19.07, longitude: 72.87 },
];

const card = testOutletCard;

type NearbyInput = { offSet: number; limit: number; category?: string; city?: string; noLocation: boolean };

/** 40 outlets, served 16 a page by the 1-based offSet (as the server does). */
function nearbyFixture(total = 40) {
  return vi.fn((raw: unknown) => {
    const input = raw as NearbyInput;
    const start = (Math.max(input.offSet, 1) - 1) * input.limit;
    const items = Array.from({ length: Math.max(0, Math.min(input.limit, total - start)) }, (_, i) => card(start + i + 1));
    return { items, totalCount: total, offSet: Math.max(input.offSet, 1), limit: input.limit, hasMore: start + items.length < total };
  });
}

function fixtures(overrides: TrpcFixtures = {}): TrpcFixtures {
  return {
    'categories.list': () => categories,
    'cities.list': () => cities,
    'outlets.nearby': nearbyFixture(),
    ...overrides,
  };
}

async function findCategoryGroup() {
  return screen.findByRole('group', { name: 'Categories' });
}

describe('HomePage', () => {
  it('lists the categories from categories.list with a drawn icon (no emoji) and name, after a loading state', async () => {
    renderWithProviders(<HomePage />, { trpc: fixtures() });

    expect(screen.getByRole('status', { name: 'Loading categories' })).toBeInTheDocument();

    const group = await findCategoryGroup();
    const chips = within(group).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['All', 'Food & Drinks', 'Shopping', 'Salon & Spa']);
    // Issue 17: SVG icons, never emoji (which render as empty boxes without an emoji font).
    // The drawings load in a chunk of their own (category-icon.tsx).
    await waitFor(() => {
      for (const chip of chips) expect(chip.querySelector('svg')).not.toBeNull();
    });
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

    const alert = await screen.findByText("We couldn't load categories.").then((el) => el.closest('[role=alert]') as HTMLElement);
    expect(alert).toHaveTextContent("We couldn't load categories.");
    expect(screen.queryByRole('group', { name: 'Categories' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    const group = await findCategoryGroup();
    expect(within(group).getByRole('button', { name: 'Shopping' })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't load categories.")).not.toBeInTheDocument();
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
    ).toEqual(['Bengaluru', 'Mumbai']);
    // No choice yet and no location: the default (first) city, which is what the list shows.
    expect(picker).toHaveValue('bengaluru');
    expect(await screen.findByRole('heading', { name: 'Outlets in Bengaluru' })).toBeInTheDocument();

    await user.selectOptions(picker, 'Mumbai');

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

    const alert = await screen.findByText("We couldn't load cities.").then((el) => el.closest('[role=alert]') as HTMLElement);
    expect(alert).toHaveTextContent("We couldn't load cities.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    const picker = await screen.findByRole('combobox', { name: 'City' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(list).toHaveBeenCalledTimes(2);
  });

  describe('outlet list', () => {
    const liveOffer = testLiveOffer;

    const cardsShown = () => within(screen.getByRole('list', { name: 'Outlets' })).getAllByRole('article');

    it('shows the first 16 outlets, then appends a page at a time with offSet 1, 2, 3 (SPEC §4)', async () => {
      const nearby = nearbyFixture(40);
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });

      await screen.findByRole('list', { name: 'Outlets' });
      expect(cardsShown()).toHaveLength(16);
      expect(screen.getByText('40 outlets')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show more outlets' }));
      await waitFor(() => expect(cardsShown()).toHaveLength(32));
      await user.click(screen.getByRole('button', { name: 'Show more outlets' }));
      await waitFor(() => expect(cardsShown()).toHaveLength(40));

      expect(screen.queryByRole('button', { name: 'Show more outlets' })).not.toBeInTheDocument();
      expect(screen.getByText(/seen all 40 outlets/)).toBeInTheDocument();
      expect(nearby.mock.calls.map(([input]) => (input as NearbyInput).offSet)).toEqual([1, 2, 3]);
      // No city chosen: the server's default city (the first, named in the heading), asked for at once.
      expect(nearby.mock.calls[0]![0]).toMatchObject({ noLocation: true, limit: 16 });
      expect(nearby.mock.calls[0]![0]).not.toHaveProperty('city', expect.anything());
    });

    it('a category change starts a new query from offSet 1 and replaces the cards', async () => {
      const nearby = nearbyFixture(40);
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });
      await screen.findByRole('list', { name: 'Outlets' });
      await user.click(screen.getByRole('button', { name: 'Show more outlets' }));
      await waitFor(() => expect(cardsShown()).toHaveLength(32));

      await user.click(within(await findCategoryGroup()).getByRole('button', { name: 'Shopping' }));

      await waitFor(() => expect(nearby).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'shopping', offSet: 1 })));
      await waitFor(() => expect(cardsShown()).toHaveLength(16));
    });

    it("lists the selected city's outlets with noLocation", async () => {
      const nearby = nearbyFixture(10);
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });
      const picker = screen.getByRole('combobox', { name: 'City' });
      await waitFor(() => expect(picker).toBeEnabled());

      await user.selectOptions(picker, 'Mumbai');

      expect(await screen.findByRole('heading', { name: 'Outlets in Mumbai' })).toBeInTheDocument();
      await waitFor(() =>
        expect(nearby).toHaveBeenLastCalledWith(expect.objectContaining({ noLocation: true, city: 'mumbai', offSet: 1 })),
      );
    });

    it('uses a location chosen earlier in the session (kept without the permission)', async () => {
      sessionStorage.setItem(
        'location',
        JSON.stringify({
          latitude: 12.9352,
          longitude: 77.6245,
          landmark: null,
          state: 'Karnataka',
          locality: 'Koramangala',
          division: 'Bengaluru',
          citySlug: 'bengaluru',
          isSelectedLocation: true,
          fetchedLocation: false,
        }),
      );
      const nearby = nearbyFixture(5);
      renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });

      // Issue 17: an area chosen by hand is named, not "near you"; and no count (the list runs into other cities).
      expect(await screen.findByRole('heading', { name: 'Outlets near Koramangala, Bengaluru' })).toBeInTheDocument();
      expect(screen.queryByText(/\d+ outlets$/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Koramangala, Bengaluru/ })).toBeInTheDocument();
      await waitFor(() =>
        expect(nearby).toHaveBeenCalledWith(expect.objectContaining({ latitude: 12.9352, longitude: 77.6245, noLocation: false })),
      );
      expect(sessionStorage.getItem('location')).toContain('Koramangala');
    });

    it('drops a device location stored earlier when the permission is not granted', async () => {
      sessionStorage.setItem(
        'location',
        JSON.stringify({ latitude: 12.9, longitude: 77.6, landmark: null, state: null, locality: null, division: null, isSelectedLocation: false, fetchedLocation: true }),
      );
      renderWithProviders(<HomePage />, { trpc: fixtures() });

      await screen.findByRole('list', { name: 'Outlets' });
      expect(sessionStorage.getItem('location')).toBeNull();
    });

    it('shows a card with its photo, live discount, offer and distance, linking to the in-store page', async () => {
      const nearby = vi.fn(() => ({
        items: [card(7, { name: 'Kaapi Katte', slug: 'kaapi-katte', distanceKm: 1.24, liveOffer, photoUrl: '/uploads/seed/cafes-1.svg', category: { id: 2, name: 'Cafés', nameHi: null, slug: 'cafes' } })],
        totalCount: 1,
        offSet: 1,
        limit: 16,
        hasMore: false,
      }));
      renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });

      const article = await screen.findByRole('article', { name: 'Kaapi Katte' });
      expect(within(article).getByRole('link')).toHaveAttribute('href', '/cafes/kaapi-katte/instore-offers/7');
      expect(article).toHaveTextContent('20% OFF');
      expect(article).toHaveTextContent('Happy Hours: 20% off · Until 6 pm');
      expect(article).toHaveTextContent('1.2 km');
      const img = article.querySelector('img')!;
      expect(img).toHaveAttribute('loading', 'eager');
      expect(img).toHaveAttribute('width', '400');
      expect(img).toHaveAttribute('height', '300');
    });

    it('says "Unable to fetch outlets." when the list fails, and retries', async () => {
      const nearby = vi
        .fn()
        .mockImplementationOnce(() => {
          throw new Error('The operation was aborted due to timeout');
        })
        .mockImplementation(nearbyFixture(3));
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });

      const message = await screen.findByText('Unable to fetch outlets.');
      await user.click(within(message.closest('[role=alert]') as HTMLElement).getByRole('button', { name: 'Retry' }));

      await waitFor(() => expect(cardsShown()).toHaveLength(3));
    });
  });

  describe('search', () => {
    const searchResult = {
      outletResult: [card(11, { name: 'Kaapi Katte Koramangala', slug: 'kaapi-katte-koramangala', category: { id: 2, name: 'Cafés', nameHi: null, slug: 'cafes' } })],
      advertisementResult: [
        {
          id: 5,
          adType: 'D' as const,
          title: 'Happy Hours: 25% off',
          description: null,
          discountPercent: 25,
          imageUrl: null,
          outlet: { id: 11, name: 'Kaapi Katte Koramangala', slug: 'kaapi-katte-koramangala', locality: 'Koramangala', category: { id: 2, name: 'Cafés', nameHi: null, slug: 'cafes' }, city: { id: 1, name: 'Bengaluru', nameHi: null, slug: 'bengaluru' } },
          distanceKm: null,
        },
      ],
      businessResult: [{ type: 'category' as const, id: 2, name: 'Cafés', slug: 'cafes', icon: '☕' }],
    };

    it('says "Nothing to search" for empty text', async () => {
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures() });
      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText('Nothing to search')).toBeInTheDocument();
    });

    it('suggests outlets, offers and categories while typing, and Enter shows the matching outlets', async () => {
      const search = vi.fn(() => searchResult);
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.search': search }) });
      await screen.findByRole('list', { name: 'Outlets' });

      await user.type(screen.getByRole('searchbox', { name: 'Search outlets, offers and categories' }), 'kapi');

      const panel = await screen.findByRole('region', { name: 'Search suggestions' });
      const outlets = await within(panel).findByRole('region', { name: 'Outlets' });
      expect(within(outlets).getByRole('link', { name: /Kaapi Katte Koramangala/ })).toHaveAttribute(
        'href',
        '/cafes/kaapi-katte-koramangala/instore-offers/11',
      );
      expect(within(panel).getByRole('region', { name: 'Offers' })).toHaveTextContent('Happy Hours: 25% off');
      expect(within(panel).getByRole('region', { name: 'Categories and brands' })).toHaveTextContent('Cafés');
      expect(search).toHaveBeenCalledWith(expect.objectContaining({ searchString: 'kapi' }));

      // Arrow keys move into the suggestions and back to the box.
      await user.keyboard('{ArrowDown}');
      expect(within(outlets).getByRole('link', { name: /Kaapi Katte Koramangala/ })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(within(panel).getByRole('link', { name: /Happy Hours: 25% off/ })).toHaveFocus();
      await user.keyboard('{ArrowUp}{ArrowUp}');
      expect(screen.getByRole('searchbox', { name: 'Search outlets, offers and categories' })).toHaveFocus();

      await user.keyboard('{Enter}');

      expect(await screen.findByRole('heading', { name: 'Results for "kapi"' })).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Outlets' })).getAllByRole('article')).toHaveLength(1);

      // A category change resets the list: the search goes, the category's outlets come back.
      await user.click(within(await findCategoryGroup()).getByRole('button', { name: 'Shopping' }));
      expect(await screen.findByRole('heading', { name: 'Outlets in Bengaluru' })).toBeInTheDocument();
      await waitFor(() => expect(within(screen.getByRole('list', { name: 'Outlets' })).getAllByRole('article')).toHaveLength(16));
      expect(screen.getByRole('searchbox', { name: 'Search outlets, offers and categories' })).toHaveValue('');
    });
  });

  describe('the sort without a place (issue 28)', () => {
    it('never says "Nearest" when the shopper has given no location: A to Z, or near the city centre once filtered', async () => {
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures() });
      const sort = await screen.findByRole('combobox', { name: 'Sort by' });
      await screen.findByRole('list', { name: 'Outlets' });
      expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['A to Z', 'Highest discount now', 'Newest offers']);
      await user.click(screen.getByRole('button', { name: 'Veg only' }));
      expect(within(screen.getByRole('combobox', { name: 'Sort by' })).getAllByRole('option')[0]).toHaveTextContent('Near the city centre');
    });
  });

  describe('search across cities (issue 28)', () => {
    afterEach(() => {
      delete (Element.prototype as unknown as Record<string, unknown>).scrollIntoView;
    });

    it('names the city of a result outside the chosen one, and brings the results into view', async () => {
      const scrolled = vi.fn();
      Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: scrolled });
      const mumbai = { id: 2, name: 'Mumbai', nameHi: 'मुंबई', slug: 'mumbai' };
      const search = vi.fn(() => ({
        outletResult: [card(1, { name: 'Meghana Foods', locality: 'Jayanagar' }), card(2, { name: 'Biryani Blues', locality: 'Bandra', city: mumbai })],
        advertisementResult: [],
        businessResult: [],
        didYouMean: null,
        hiddenByFilters: false,
        chosenCity: { id: 1, name: 'Bengaluru', nameHi: 'बेंगलुरु', slug: 'bengaluru' },
      }));
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.search': search }) });
      await screen.findByRole('list', { name: 'Outlets' });
      await user.type(screen.getByRole('searchbox', { name: 'Search outlets, offers and categories' }), 'biryni{Enter}');

      const heading = await screen.findByRole('heading', { name: 'Results for "biryni"' });
      const [home, away] = await within(screen.getByRole('list', { name: 'Outlets' })).findAllByRole('article');
      expect(home).toHaveTextContent('Jayanagar');
      expect(home).not.toHaveTextContent('Bengaluru');
      expect(away).toHaveTextContent('Bandra, Mumbai');
      expect(scrolled.mock.contexts).toContain(heading);
    });
  });

  describe('filters, sort and view in the URL (issue 16)', () => {
    const cardsShown = () => within(screen.getByRole('list', { name: 'Outlets' })).getAllByRole('article');

    it('a filter or sort change is a new URL and a new query from offSet 1; the filters in the URL are applied on load', async () => {
      const nearby = nearbyFixture(40);
      const { user, location } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });
      await screen.findByRole('list', { name: 'Outlets' });

      await user.click(screen.getByRole('button', { name: 'Veg only' }));
      await waitFor(() => expect(nearby).toHaveBeenLastCalledWith(expect.objectContaining({ veg: true, offSet: 1 })));
      expect(location.history.at(-1)).toBe('/?veg=1');
      expect(screen.getByRole('button', { name: 'Veg only' })).toHaveAttribute('aria-pressed', 'true');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Cost for two' }), '₹300–₹600');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Highest discount now');
      await waitFor(() =>
        expect(nearby).toHaveBeenLastCalledWith(
          expect.objectContaining({ veg: true, costForTwoMinPaise: 30_000, costForTwoMaxPaise: 60_000, sort: 'discount', offSet: 1 }),
        ),
      );
      expect(location.history.at(-1)).toBe('/?veg=1&cost=300-600&sort=discount');
      // Each change was its own history entry: the back button undoes them one by one.
      expect(location.history.slice(-3)).toEqual(['/?veg=1', '/?veg=1&cost=300-600', '/?veg=1&cost=300-600&sort=discount']);

      await user.click(screen.getByRole('button', { name: 'Clear filters (2)' }));
      expect(location.history.at(-1)).toBe('/?sort=discount');
      await waitFor(() => expect(cardsShown()).toHaveLength(16));
    });

    it('starts from the URL: open now, a minimum discount, and an empty list offers to clear them', async () => {
      const nearby = vi.fn(() => ({ items: [], totalCount: 0, offSet: 1, limit: 16, hasMore: false }));
      const { user, location } = renderWithProviders(<HomePage />, { path: '/?open=1&off=30', trpc: fixtures({ 'outlets.nearby': nearby }) });
      await waitFor(() => expect(nearby).toHaveBeenCalledWith(expect.objectContaining({ openNow: true, minDiscountPercent: 30, offSet: 1 })));
      expect(await screen.findByText('No outlets here match these filters.')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Discount now' })).toHaveValue('30');
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(location.history.at(-1)).toBe('/');
    });

    it('search results take the filters too, offer a spelling, or say the filters hid the matches', async () => {
      const search = vi.fn((raw: unknown) => {
        const input = raw as { searchString: string; veg?: boolean };
        if (input.searchString === 'bryani') return { outletResult: [], advertisementResult: [], businessResult: [], didYouMean: 'biryani', hiddenByFilters: false };
        if (input.veg) return { outletResult: [], advertisementResult: [], businessResult: [], didYouMean: null, hiddenByFilters: true };
        return { outletResult: [card(5, { name: 'Swastik Biryani House' })], advertisementResult: [], businessResult: [], didYouMean: null, hiddenByFilters: false };
      });
      const { user, location } = renderWithProviders(<HomePage />, { path: '/?q=bryani', trpc: fixtures({ 'outlets.search': search }) });
      expect(await screen.findByRole('heading', { name: 'Results for "bryani"' })).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'biryani' }));
      expect(location.history.at(-1)).toBe('/?q=biryani');
      expect(await screen.findByRole('link', { name: /Swastik Biryani House/ })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');

      await user.click(screen.getByRole('button', { name: 'Veg only' }));
      expect(await screen.findByText('Outlets match "biryani", but none with these filters.')).toBeInTheDocument();
      expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ searchString: 'biryani', veg: true, city: 'bengaluru', limit: 48 }));
    });

    it('the map view is its own chunk: the toggle writes view=map and shows the pins of the same list', async () => {
      const mapPins = vi.fn(() => ({ centre: { latitude: 12.97, longitude: 77.59 }, pins: [] }));
      const { user, location } = renderWithProviders(<HomePage />, {
        trpc: fixtures({ 'outlets.mapPins': mapPins, 'outlets.mapTiles': () => ({ url: 'http://tiles.test/{z}/{x}/{y}.png', attribution: 'Test tiles' }) }),
      });
      await screen.findByRole('list', { name: 'Outlets' });
      await user.click(screen.getByRole('button', { name: 'Veg only' }));
      await user.click(screen.getByRole('button', { name: 'Map' }));
      expect(location.history.at(-1)).toBe('/?veg=1&view=map');
      expect(await screen.findByText('No outlets to show on the map.', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(mapPins).toHaveBeenCalledWith(expect.objectContaining({ noLocation: true, city: 'bengaluru', veg: true }));
      expect(screen.queryByRole('list', { name: 'Outlets' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'List' }));
      expect(await screen.findByRole('list', { name: 'Outlets' })).toBeInTheDocument();
    });
  });

  describe('location', () => {
    const koramangala = {
      locality: 'Koramangala',
      type: 'locality' as const,
      city: { id: 1, name: 'Bengaluru', nameHi: null, slug: 'bengaluru' },
      state: 'Karnataka',
      landmark: null,
      latitude: 12.9328,
      longitude: 77.6272,
      outletCount: 2,
      distanceKm: null,
    };

    function stubGeolocation(result: 'denied' | { latitude: number; longitude: number }, state: PermissionState = 'prompt') {
      const permissionStatus = { state, onchange: null as null | (() => void) };
      Object.defineProperty(navigator, 'permissions', {
        configurable: true,
        value: { query: vi.fn().mockResolvedValue(permissionStatus) },
      });
      Object.defineProperty(navigator, 'geolocation', {
        configurable: true,
        value: {
          getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
            result === 'denied'
              ? fail({ code: 1, message: 'denied' } as GeolocationPositionError)
              : ok({ coords: { latitude: result.latitude, longitude: result.longitude } } as GeolocationPosition),
        },
      });
      return permissionStatus;
    }

    afterEach(() => {
      delete (navigator as unknown as Record<string, unknown>).geolocation;
      delete (navigator as unknown as Record<string, unknown>).permissions;
    });

    it('a place chosen by hand is stored (isSelectedLocation) and lists outlets around it; the default location removes it', async () => {
      const nearby = nearbyFixture(5);
      const search = vi.fn(() => ({ locations: [koramangala], totalCount: 1, offSet: 1, limit: 8, recorded: false }));
      const { user } = renderWithProviders(<HomePage />, {
        trpc: fixtures({ 'outlets.nearby': nearby, 'locations.search': search }),
      });

      await user.click(await screen.findByRole('button', { name: 'Choose location' }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose your location' });
      await user.type(within(dialog).getByRole('searchbox', { name: 'Search an area or city' }), 'kora');
      await user.click(await within(dialog).findByRole('button', { name: /Koramangala/ }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(JSON.parse(sessionStorage.getItem('location')!)).toMatchObject({
        locality: 'Koramangala',
        latitude: 12.9328,
        isSelectedLocation: true,
        fetchedLocation: false,
      });
      expect(sessionStorage.getItem('selectedCity')).toBe(JSON.stringify('bengaluru'));
      await waitFor(() =>
        expect(nearby).toHaveBeenLastCalledWith(expect.objectContaining({ latitude: 12.9328, longitude: 77.6272, noLocation: false })),
      );
      expect(await screen.findByRole('heading', { name: 'Outlets near Koramangala, Bengaluru' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /Koramangala, Bengaluru/ }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Use my current location' }));

      await waitFor(() => expect(sessionStorage.getItem('location')).toBeNull());
    });

    it('uses the device position when the permission is granted', async () => {
      stubGeolocation({ latitude: 19.07, longitude: 72.87 }, 'granted');
      const nearby = nearbyFixture(5);
      renderWithProviders(<HomePage />, { trpc: fixtures({ 'outlets.nearby': nearby }) });

      expect(await screen.findByRole('heading', { name: 'Outlets near you' })).toBeInTheDocument();
      await waitFor(() =>
        expect(nearby).toHaveBeenCalledWith(expect.objectContaining({ latitude: 19.07, longitude: 72.87, noLocation: false })),
      );
      expect(nearby.mock.calls.every(([input]) => !(input as NearbyInput).noLocation)).toBe(true);
      expect(JSON.parse(sessionStorage.getItem('location')!)).toMatchObject({ fetchedLocation: true, isSelectedLocation: false });
    });

    it('says "Geolocation permission denied" when the shopper refuses', async () => {
      stubGeolocation('denied');
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures() });

      await user.click(await screen.findByRole('button', { name: 'Use my location' }));

      expect(await screen.findByText('Geolocation permission denied')).toBeInTheDocument();
      expect(sessionStorage.getItem('location')).toBeNull();
    });

    it('after "Geolocation permission denied" says how to go on, and the message goes once an area is chosen by hand (issue 28)', async () => {
      stubGeolocation('denied');
      const search = vi.fn(() => ({ locations: [koramangala], totalCount: 1, offSet: 1, limit: 8, recorded: false }));
      const { user } = renderWithProviders(<HomePage />, { trpc: fixtures({ 'locations.search': search }) });

      await user.click(await screen.findByRole('button', { name: 'Use my location' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Geolocation permission denied');
      expect(alert).toHaveTextContent("allow it for this site in your browser's settings");
      await user.click(within(alert).getByRole('button', { name: 'Choose an area' }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose your location' });
      await user.type(within(dialog).getByRole('searchbox', { name: 'Search an area or city' }), 'koramang');
      await user.click(await within(dialog).findByRole('button', { name: /Koramangala/ }));

      expect(await screen.findByRole('heading', { name: 'Outlets near Koramangala, Bengaluru' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Geolocation permission denied')).not.toBeInTheDocument());
    }, 40_000);
  });
});
