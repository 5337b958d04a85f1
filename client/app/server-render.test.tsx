// @vitest-environment node
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { testLiveOffer, testOutletCard, testOutletDetails } from '@client/testing/fixtures';
import { cspViolations } from '../vite-plugins/prerender-shells';
import { renderFirstScreen } from './server-render';

const categories = [{ id: 1, name: 'Cafés', nameHi: 'कैफ़े', slug: 'cafes', icon: 'coffee', sortOrder: 1 }];
const cities = [{ id: 1, name: 'Bengaluru', nameHi: 'बेंगलुरु', slug: 'bengaluru', state: 'Karnataka', latitude: 12.97, longitude: 77.59 }];
const outlet = (id: number, name: string) =>
  testOutletCard(id, {
    name,
    category: { id: 1, name: 'Cafés', nameHi: 'कैफ़े', slug: 'cafes' },
    city: { id: 1, name: 'Bengaluru', nameHi: 'बेंगलुरु', slug: 'bengaluru' },
    liveOffer: testLiveOffer,
    photoUrl: `/uploads/seed/cafes-${id}.svg`,
    costForTwoPaise: 50_000,
  });
/** What the server sends in the home page (server/modules/outlets/first-screen.ts), as the page carries it. */
const calls = JSON.parse(
  JSON.stringify([
    { path: 'cities.list', result: superjson.serialize(cities) },
    { path: 'categories.list', result: superjson.serialize(categories) },
    {
      path: 'outlets.nearby',
      input: { noLocation: true, openNow: false, veg: false, offSet: 1, limit: 16 },
      result: superjson.serialize({ items: [outlet(1, 'Adrak Chai Adda'), outlet(2, 'Kaapi Katte')], totalCount: 2, offSet: 1, limit: 16, hasMore: false }),
    },
  ]),
) as Parameters<typeof renderFirstScreen>[0]['calls'];

describe('renderFirstScreen (the home page rendered on the server, issue 18)', () => {
  it('renders the first visit’s home page with its outlets, their offers and photos, as the page’s CSP allows', async () => {
    const html = (await renderFirstScreen({ pathname: '/', search: '', locale: 'en', calls, signedIn: false }))!;
    expect(html).toContain('Adrak Chai Adda');
    expect(html).toContain('Kaapi Katte');
    expect(html).toContain('src="/uploads/seed/cafes-1.svg"');
    expect(html).toContain('Happy Hours: 20% off');
    expect(html).not.toContain('outlet-card--skeleton');
    // React hoists the page's <title>; the shell has its own.
    expect(html).not.toMatch(/^<title>/);
    expect(cspViolations(html)).toEqual([]);
    // No Suspense boundary left for the browser to render (the category drawings were loaded first).
    expect(html).not.toContain('<!--$!-->');
  });

  it('renders it in Hindi for a Hindi reader, and in English again after', async () => {
    const hi = (await renderFirstScreen({ pathname: '/', search: '', locale: 'hi', calls, signedIn: false }))!;
    expect(hi).toContain('बेंगलुरु');
    expect(hi).toContain('साइन इन');
    const en = (await renderFirstScreen({ pathname: '/', search: '', locale: 'en', calls, signedIn: false }))!;
    expect(en).toContain('Sign In');
    expect(en).not.toContain('साइन इन');
  });

  it('renders an outlet page with its details, from the answer for its path', async () => {
    const details = testOutletDetails({ liveOffer: testLiveOffer });
    const sent = JSON.parse(
      JSON.stringify([{ path: 'outlets.bySlug', input: { first: 'bengaluru', slug: 'kaapi-katte-koramangala' }, result: superjson.serialize(details) }]),
    ) as typeof calls;
    const html = (await renderFirstScreen({ pathname: '/bengaluru/kaapi-katte-koramangala', search: '', locale: 'en', calls: sent, signedIn: false }))!;
    expect(html).toContain('<h1 class="outlet-hero__name">Kaapi Katte Koramangala</h1>');
    expect(html).toContain('Happy Hours: 20% off');
    expect(cspViolations(html)).toEqual([]);
  });

  it('renders a signed-out shopper’s enter-amount page (its sign-in prompt), and not a signed-in one’s', async () => {
    const html = (await renderFirstScreen({ pathname: '/enter-amount/45', search: '', locale: 'en', calls: [], signedIn: false }))!;
    expect(html).toContain('class="pay-page"');
    expect(cspViolations(html)).toEqual([]);
    expect(await renderFirstScreen({ pathname: '/enter-amount/45', search: '', locale: 'en', calls: [], signedIn: true })).toBeNull();
  });

  it('renders nothing for a page it does not render: another path, or filters in the URL', async () => {
    expect(await renderFirstScreen({ pathname: '/profile', search: '', locale: 'en', calls, signedIn: false })).toBeNull();
    expect(await renderFirstScreen({ pathname: '/', search: '?veg=1', locale: 'en', calls, signedIn: false })).toBeNull();
    expect(await renderFirstScreen({ pathname: '/login', search: '', locale: 'en', calls, signedIn: false })).toBeNull();
  });
});
