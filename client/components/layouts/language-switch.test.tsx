import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n, renderWithProviders } from '@client/testing/render';
import { testShopper } from '@client/testing/fixtures';
import { readCookie } from '@client/lib/cookies';
import { currentLocale, setLocale } from '@client/lib/i18n';
import { useAccountLanguageSync } from '@client/lib/language';
import { HydrationMark, startHydration } from '@client/lib/hydration';
import { formatDate, formatRupeesExact } from '@client/lib/format';
import { RevenueChart } from '@client/features/business/components/revenue-chart';
import { MainLayout } from './main-layout';

/** The language switch (issue 17): the top bar's toggle, the account's choice, and Hindi formats. */

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
  for (const name of ['lang', 'signedIn']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

const layout = () => (
  <MainLayout>
    <p>page</p>
  </MainLayout>
);

describe('the top bar language toggle', () => {
  it('signed out: switches the screen to Hindi, sets lang on the document and remembers it in the cookie', async () => {
    const setLanguage = vi.fn();
    const { user } = renderWithProviders(layout(), { trpc: { 'users.setLanguage': setLanguage } });
    expect(document.documentElement.lang).toBe('en-IN');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Help' })).toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Change language to हिन्दी' }));
    expect(await within(header).findByRole('link', { name: 'मदद' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(readCookie('lang')).toBe('hi');
    // The toggle now offers English, named in its own script.
    expect(within(header).getByRole('button', { name: /English/ })).toHaveTextContent('English');
    expect(setLanguage).not.toHaveBeenCalled();

    await user.click(within(header).getByRole('button', { name: /English/ }));
    expect(await within(header).findByRole('link', { name: 'Help' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-IN');
    expect(readCookie('lang')).toBe('en');
  });

  it('signed in: the choice is also saved on the account', async () => {
    document.cookie = 'signedIn=1; Path=/';
    document.cookie = 'lang=en; Path=/';
    const setLanguage = vi.fn((input: unknown) => ({ ...testShopper(), ...(input as object) }));
    const { user } = renderWithProviders(layout(), { trpc: { 'users.me': () => testShopper(), 'users.setLanguage': setLanguage } });
    const header = screen.getByRole('banner');
    await within(header).findByRole('link', { name: /Profile/ });
    await user.click(within(header).getByRole('button', { name: 'Change language to हिन्दी' }));
    await waitFor(() => expect(setLanguage).toHaveBeenCalledWith({ language: 'hi' }));
    expect(currentLocale()).toBe('hi');
  });
});

describe('a switch while the server-rendered page is still hydrating', () => {
  it('fetches the words but activates the language only once the page has hydrated', async () => {
    startHydration();
    const switched = setLocale('hi', { remember: false });
    // Its catalogs load; the language stays until the page's last part is hydrated.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(currentLocale()).toBe('en');
    renderWithI18n(<HydrationMark />);
    await act(() => switched);
    expect(currentLocale()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi-IN');
  });
});

function Sync() {
  useAccountLanguageSync();
  return null;
}

describe("the account's language", () => {
  it('a device with no choice of its own takes the signed-in shopper\'s (Hindi)', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const setLanguage = vi.fn();
    renderWithProviders(<Sync />, { trpc: { 'users.me': () => testShopper({ language: 'hi' }), 'users.setLanguage': setLanguage } });
    await waitFor(() => expect(currentLocale()).toBe('hi'));
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it("a device that chose tells the account instead of following it", async () => {
    document.cookie = 'signedIn=1; Path=/';
    document.cookie = 'lang=en; Path=/';
    const setLanguage = vi.fn((input: unknown) => ({ ...testShopper(), ...(input as object) }));
    renderWithProviders(<Sync />, { trpc: { 'users.me': () => testShopper({ language: 'hi' }), 'users.setLanguage': setLanguage } });
    await waitFor(() => expect(setLanguage).toHaveBeenCalledWith({ language: 'en' }));
    expect(currentLocale()).toBe('en');
  });
});

describe('formats follow the language (en-IN / hi-IN)', () => {
  const day = { day: '2026-11-20', ordersCount: 3, couponsCount: 0, billPaise: 207500, discountPaise: 20750, feePaise: 0, netPaise: 186750, feeGstPaise: 0, payoutPaise: 186750, refundsCount: 0, refundPaise: 0 };

  it('a component re-renders its figures and words in Hindi after a switch', async () => {
    renderWithI18n(<RevenueChart days={[day]} start="2026-11-20" end="2026-11-20" />);
    expect(screen.getByText(/Best day:/).closest('figcaption')).toHaveTextContent('Best day: 20 Nov with ₹2,075.00 in bills from 3 orders.');

    await act(() => setLocale('hi', { remember: false }));
    const caption = screen.getByText(/सबसे अच्छा दिन/).closest('figcaption')!;
    expect(caption).toHaveTextContent(`सबसे अच्छा दिन: ${formatDate('2026-11-20T00:00:00+05:30').replace(/ 2026$/, '')}`);
    expect(caption).toHaveTextContent('3 ऑर्डर से ₹2,075.00 के बिल');
    expect(formatRupeesExact(1000000000)).toBe('₹1,00,00,000.00');
    expect(caption.textContent).toMatch(/नव/);
  });
});

describe('a screen that arrives during a switch', () => {
  it('gets its words in the new language (its catalog registers while the switch is fetching)', async () => {
    const { registerCatalog, i18n } = await import('@client/lib/i18n');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    registerCatalog('slow-shell', { en: { a1: 'Shell' }, hi: () => held.then(() => ({ messages: { a1: 'शेल' } })) });
    const switching = setLocale('hi', { remember: false });
    // A lazy page lands now, while 'slow-shell' is still fetching its Hindi.
    registerCatalog('late-page', { en: { b2: 'Page' }, hi: async () => ({ messages: { b2: 'पेज' } }) });
    release();
    await act(() => switching);
    expect(currentLocale()).toBe('hi');
    expect(i18n._('a1')).toBe('शेल');
    expect(i18n._('b2')).toBe('पेज');
  });
});
