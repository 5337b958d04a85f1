import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { FaqPage } from './faq-page';

const MOBILE_NOT_FOUND =
  "Sorry, we couldn't find what you were looking for. Need help? Just tap 'Contact Us' on the top.";
const DESKTOP_NOT_FOUND =
  "Sorry, we couldn't find what you were looking for. Need help? Just tap 'Contact Us' on the left.";

function stubViewport(desktop: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: desktop && query.includes('min-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

const questionButtons = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded'));

describe('FaqPage', () => {
  it("has User's FAQ and Business's FAQ tabs and a Contact us link to /support", async () => {
    const { user } = renderWithProviders(<FaqPage />, { path: '/faqs' });

    const tablist = screen.getByRole('tablist', { name: 'FAQ sections' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(["User's FAQ", "Business's FAQ"]);
    expect(within(tablist).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/support');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'How does Bachat work?' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: "Business's FAQ" }));
    expect(screen.getByRole('tab', { name: "Business's FAQ" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'How does Bachat work?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What does it cost?' })).toBeInTheDocument();
  });

  it('filters questions by a case-insensitive substring', async () => {
    const { user } = renderWithProviders(<FaqPage />, { path: '/faqs' });
    const all = questionButtons().length;

    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'GOLDEN key');

    const shown = questionButtons().map((b) => b.textContent);
    expect(shown).toEqual(['What are Golden Keys and how do I earn them?']);
    expect(all).toBeGreaterThan(shown.length);

    await user.clear(screen.getByRole('searchbox', { name: 'Search questions' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'ShUfFlE');
    expect(questionButtons().map((b) => b.textContent)).toEqual(['What are Shuffle Cards?']);
  });

  it('opens one item at a time and closes it on a second tap', async () => {
    const { user } = renderWithProviders(<FaqPage />, { path: '/faqs' });
    const first = screen.getByRole('button', { name: 'How does Bachat work?' });
    const second = screen.getByRole('button', { name: 'Is there a minimum bill amount?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How does Bachat work?' })).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Yes. Offers apply to bills of ₹50 or more.')).toBeVisible();
    expect(questionButtons().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(questionButtons().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(0);
  });

  it('shows the not-found text pointing to the top on mobile', async () => {
    stubViewport(false);
    const { user } = renderWithProviders(<FaqPage />, { path: '/faqs' });

    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'zzz no such question');

    expect(questionButtons()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent(MOBILE_NOT_FOUND);
  });

  it('shows the not-found text pointing to the left on desktop', async () => {
    stubViewport(true);
    const { user } = renderWithProviders(<FaqPage />, { path: '/faqs' });

    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'zzz no such question');

    expect(screen.getByRole('status').textContent).toBe(DESKTOP_NOT_FOUND);
  });

  it('hides the refer-and-earn link from a signed-out visitor', () => {
    renderWithProviders(<FaqPage />, { path: '/faqs' });
    expect(screen.queryByRole('link', { name: /Refer & Earn/ })).not.toBeInTheDocument();
  });

  it('shows the refer-and-earn link once the signed-in user (with a name) has loaded', async () => {
    document.cookie = 'signedIn=1; Path=/';
    renderWithProviders(<FaqPage />, {
      path: '/faqs',
      trpc: {
        'users.me': () => ({
          id: 1,
          name: 'Asha',
          email: 'asha@example.com',
          phoneNumber: '9876543210',
          profilePicUrl: null,
          goldKeys: 0,
          referralCode: 'MEABCD',
        }),
      },
    });

    expect(await screen.findByRole('link', { name: /Refer & Earn/ })).toHaveAttribute('href', '/refer-earn');
  });

  it('keeps the refer-and-earn link hidden when the user has no name yet', async () => {
    document.cookie = 'signedIn=1; Path=/';
    const me = vi.fn(() => ({
      id: 1,
      name: null,
      email: null,
      phoneNumber: '9876543210',
      profilePicUrl: null,
      goldKeys: 0,
      referralCode: 'MEABCD',
    }));
    renderWithProviders(<FaqPage />, { path: '/faqs', trpc: { 'users.me': me } });

    await vi.waitFor(() => expect(me).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: /Refer & Earn/ })).not.toBeInTheDocument();
  });
});
