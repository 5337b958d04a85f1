import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { testOutletDetails, trpcError } from '@client/testing/fixtures';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { paths } from '@client/app/paths';
import { OutletPage } from './outlet-page';

const outlet: OutletDetails = testOutletDetails();

const offer = (id: number, title: string, status: 'live' | 'upcoming') => ({
  id,
  promotionId: id + 100,
  adType: 'D' as const,
  source: 'daily' as const,
  title,
  description: null,
  discountPercent: 22,
  startsAt: '15:00',
  endsAt: '18:00',
  slotStartsAt: '15:00',
  slotEndsAt: '18:00',
  windows: [{ startsAt: '15:00', endsAt: '18:00' }],
  status,
  event: null,
});

function fixtures(overrides: TrpcFixtures = {}): TrpcFixtures {
  return {
    'outlets.byId': () => outlet,
    'reviews.list': () => ({ summary: { average: null, count: 0, histogram: [0, 0, 0, 0, 0] }, items: [], totalCount: 0, offSet: 1, limit: 5, hasMore: false }),
    'outlets.upcomingOffers': (input) => {
      const day = (input as { day: 'today' | 'tomorrow' }).day;
      return {
        outletId: 2,
        day,
        date: day === 'today' ? '2026-11-21' : '2026-11-22',
        dayOfWeek: day === 'today' ? 6 : 7,
        offers: day === 'today' ? [offer(31, 'Happy Hours: 22% off', 'live')] : [offer(32, 'Weekend Brunch: 18% off', 'upcoming')],
        dayDiscountPercent: day === 'tomorrow' ? 15 : null,
        baseDiscountPercent: 10,
      };
    },
    'outlets.menu': () => ({
      outletId: 2,
      menus: [{ id: 1, outletId: 2, titleSeq: 1, title: 'Coffee & Brews', photos: [{ position: 0, url: '/uploads/seed/menu-cafe.svg', width: 800, height: 600 }] }],
    }),
    'outlets.photos': () => ({
      outletId: 2,
      photos: [
        { id: 1, key: 'IMG1', subCategory: 'storefront', position: 0, url: '/uploads/a.svg', width: 800, height: 600 },
        { id: 2, key: 'IMG2', subCategory: 'ambience', position: 0, url: '/uploads/b.svg', width: 800, height: 600 },
      ],
    }),
    'outlets.overview': () => ({
      outletId: 2,
      name: outlet.name,
      about: 'Filter coffee roasted in-house since 2009.',
      costForTwoPaise: 45000,
      highlights: ['Wi-Fi', 'Pet friendly'],
      address: '12, 80 Feet Road, Koramangala, Bengaluru 560034',
      phoneNumber: '9845012345',
      opensAt: '08:00',
      closesAt: '23:00',
      latitude: 12.93,
      longitude: 77.62,
    }),
    ...overrides,
  };
}

const render = (path: string, trpc = fixtures()) =>
  renderWithProviders(<Route path={paths.outlet.pattern} component={OutletPage} />, { path, trpc });

describe('OutletPage', () => {
  const base = '/cafes/kaapi-katte-koramangala';

  it('shows the outlet, its live discount, Pay Bill and today’s offers; remembers the page', async () => {
    render(`${base}/instore-offers/2`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Kaapi Katte Koramangala' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Offer live now' })).toHaveTextContent('22% OFF');
    for (const link of screen.getAllByRole('link', { name: 'Pay Bill' })) {
      expect(link).toHaveAttribute('href', '/enter-amount/2');
    }
    expect(await screen.findByText('Happy Hours: 22% off', { selector: '.offer-row__title' })).toBeInTheDocument();
    expect(screen.getByText('Live now')).toBeInTheDocument();
    expect(sessionStorage.getItem('outletPageRedirect')).toBe(`${base}/instore-offers/2`);
    const tabs = screen.getByRole('navigation', { name: 'Outlet sections' });
    expect(within(tabs).getByRole('link', { name: 'In-store' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Menu' })).toHaveAttribute('href', `${base}/menu/2`);
  });

  it('shows upcoming offers for today and tomorrow', async () => {
    const { user } = render(`${base}/upcoming-offers/2`);
    expect(await screen.findByText('Happy Hours: 22% off', { selector: '.offer-row__title' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));

    expect(await screen.findByText('Weekend Brunch: 18% off')).toBeInTheDocument();
    expect(screen.getByText(/15% off/)).toBeInTheDocument();
  });

  it('shows the menu, photos and about tabs', async () => {
    const menu = render(`${base}/menu/2`);
    expect(await screen.findByRole('heading', { name: 'Coffee & Brews' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Coffee & Brews, page 1' })).toHaveAttribute('loading', 'lazy');
    menu.unmount();

    const photos = render(`${base}/photos/2`);
    expect(await screen.findByRole('heading', { name: /Storefront/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Ambience/ })).toBeInTheDocument();
    photos.unmount();

    render(`${base}/about/2`);
    expect(await screen.findByText('Filter coffee roasted in-house since 2009.')).toBeInTheDocument();
    expect(screen.getByText('₹450 (approx.)')).toBeInTheDocument();
    // Issue 17: one way of writing a phone number, everywhere.
    expect(screen.getByRole('link', { name: '+91 98450 12345' })).toHaveAttribute('href', 'tel:9845012345');
  });

  it('gives the page a human heading (not the API\'s "Error fetching outlet Details") when the outlet cannot be loaded', async () => {
    render(`${base}/instore-offers/999`, fixtures({
      'outlets.byId': () => {
        throw new Error('Error fetching outlet Details');
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't load this outlet" })).toBeInTheDocument();
    expect(screen.queryByText('Error fetching outlet Details')).not.toBeInTheDocument();
  });

  it('opens the overlays over the page and closes back to it', async () => {
    const { user, location } = render(`${base}/instore-offers/2/how-it-works`);
    const dialog = await screen.findByRole('dialog', { name: 'How it works' });
    expect(within(dialog).getByText('Tap Pay Bill at the outlet.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.history.at(-1)).toBe(`${base}/instore-offers/2`);
  });

  it('renders the instant-offer, shuffle-unlock and {offer} overlays', async () => {
    const a = render(`${base}/instore-offers/2/instant-offer`);
    expect(await screen.findByRole('dialog', { name: 'Instant offer' })).toHaveTextContent('22% off');
    a.unmount();
    const b = render(`${base}/instore-offers/2/shuffle-unlock`);
    expect(await screen.findByRole('dialog', { name: 'Shuffle unlock' })).toHaveTextContent('2%–10%');
    b.unmount();
    const c = render(`${base}/instore-offers/2/31`);
    const offerDialog = await screen.findByRole('dialog', { name: 'Offer' });
    await waitFor(() => expect(offerDialog).toHaveTextContent('Happy Hours: 22% off'));
    c.unmount();
    render(`${base}/about/2/31/how-it-works`);
    expect(await screen.findByRole('dialog', { name: 'How "Happy Hours: 22% off" works' })).toBeInTheDocument();
  });

  it('renders the outlet page under the login overlay path (the auth panel is the shell’s)', async () => {
    render(`${base}/instore-offers/2/login`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaapi Katte Koramangala' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finds the outlet for /{city}/{name} by its slug', async () => {
    const bySlug = vi.fn(() => outlet);
    const byId = vi.fn(() => outlet);
    render('/bengaluru/kaapi-katte-koramangala', fixtures({ 'outlets.byId': byId, 'outlets.bySlug': bySlug }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaapi Katte Koramangala' })).toBeInTheDocument();
    expect(bySlug).toHaveBeenCalledWith(expect.objectContaining({ first: 'bengaluru', slug: 'kaapi-katte-koramangala' }));
    expect(byId).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('outletPageRedirect')).toBe('/bengaluru/kaapi-katte-koramangala');
  });

  it('says it could not find the outlet, with no retry, when /{city}/{name} names no outlet', async () => {
    render('/bengaluru/no-such-place', fixtures({
      'outlets.bySlug': () => {
        throw trpcError('Error fetching outlet Details', 'NOT_FOUND', 404);
      },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find this outlet");
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('offers Try again when the outlet failed to load, and shows it once the retry works', async () => {
    const byId = vi
      .fn()
      .mockImplementationOnce(() => {
        throw new Error('Failed to fetch');
      })
      .mockImplementation(() => outlet);
    const { user } = render(`${base}/instore-offers/2`, fixtures({ 'outlets.byId': byId }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this outlet");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaapi Katte Koramangala' })).toBeInTheDocument();
  });

  it('shares with the Web Share API and falls back to the clipboard', async () => {
    // jsdom has no Web Share API; user-event provides the clipboard.
    const { user } = render(`${base}/instore-offers/2`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Copied to clipboard instead')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain('/cafes/kaapi-katte-koramangala/instore-offers/2');
  });
});
