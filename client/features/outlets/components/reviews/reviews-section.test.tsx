import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@server/modules/reviews/schema';
import { sidebarStateAtom } from '@client/lib/auth';
import { testReview } from '@client/testing/fixtures';
import { renderWithProviders, type TrpcFixtures } from '@client/testing/render';
import { ReviewsSection } from './reviews-section';

const review = (id: number, over: Partial<Review> = {}): Review => testReview({ id, body: `Crisp dosa ${id}`, ...over });

const list = (items: Review[]) => ({
  summary: { average: 4.3, count: items.length, histogram: [0, 0, 1, 1, 1] as [number, number, number, number, number] },
  items,
  totalCount: items.length,
  offSet: 1,
  limit: 5,
  hasMore: false,
});

function fixtures(over: TrpcFixtures = {}): TrpcFixtures {
  return {
    'reviews.list': () => list([review(1, { ownerReply: { text: 'Thank you!', repliedAt: new Date() } }), review(2, { author: 'Ravi K.', rating: 2 })]),
    'reviews.eligible': () => [],
    ...over,
  };
}

describe('ReviewsSection', () => {
  afterEach(() => {
    document.cookie = 'signedIn=; Max-Age=0; Path=/';
  });

  it('shows the average, the count and the newest reviews, each marked "Paid here", with the owner’s reply', async () => {
    renderWithProviders(<ReviewsSection outletId={2} outletName="Kaapi Katte" />, { trpc: fixtures() });
    expect(await screen.findByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('2 reviews · all paid here')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Newest reviews' })).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Paid here')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Visited 19 Nov')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Thank you!')).toBeInTheDocument();
    // Signed out: no form, no report buttons; an invitation to sign in.
    expect(screen.queryByRole('form', { name: /Rate your visit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('a signed-out shopper asks to sign in: the login panel opens', async () => {
    const { user, store } = renderWithProviders(<ReviewsSection outletId={2} outletName="Kaapi Katte" />, { trpc: fixtures() });
    await user.click(await screen.findByRole('button', { name: 'Sign in to rate your visit' }));
    expect(store.get(sidebarStateAtom)).toBe('login');
  });

  describe('signed in', () => {
    beforeEach(() => {
      document.cookie = 'signedIn=1; Path=/';
    });

    it('with a receipt here: rates the visit (stars and words required), and the list reloads', async () => {
      const create = vi.fn(() => review(9, { isMine: true }));
      const eligible = vi.fn(() => [{ orderId: '0b9d2c1e-0000-4000-8000-000000000001', paidAt: new Date('2026-11-19T08:00:00Z'), amountPaise: 86_500, receiptCode: 'BCH-1', reviewableUntil: new Date('2026-12-19T08:00:00Z') }]);
      const { user } = renderWithProviders(<ReviewsSection outletId={2} outletName="Kaapi Katte" />, {
        trpc: fixtures({ 'reviews.eligible': eligible, 'reviews.create': create }),
      });
      const form = await screen.findByRole('form', { name: 'Rate your visit to Kaapi Katte' });
      expect(within(form).getByText(/Your visit on 19 Nov 2026 \(₹865.00 paid with Bachat\)/)).toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Post review' }));
      expect(within(form).getByText('Rate your visit from 1 to 5 stars')).toBeInTheDocument();
      expect(within(form).getByText('Write a few words about your visit')).toBeInTheDocument();
      expect(create).not.toHaveBeenCalled();

      await user.click(within(form).getByRole('radio', { name: '4 stars' }));
      await user.type(within(form).getByRole('textbox', { name: 'Your review' }), ' Great filter coffee ');
      await user.click(within(form).getByRole('button', { name: 'Post review' }));
      await waitFor(() => expect(create).toHaveBeenCalledWith({ orderId: '0b9d2c1e-0000-4000-8000-000000000001', rating: 4, body: 'Great filter coffee' }));
      await waitFor(() => expect(eligible).toHaveBeenCalledTimes(2));
    });

    it('with two receipts the visit is a labelled select styled like the app’s other forms (issue 28)', async () => {
      const receipt = (n: number) => ({ orderId: `0b9d2c1e-0000-4000-8000-00000000000${n}`, paidAt: new Date(`2026-11-1${n}T08:00:00Z`), amountPaise: 86_500, receiptCode: `BCH-${n}`, reviewableUntil: new Date('2026-12-19T08:00:00Z') });
      renderWithProviders(<ReviewsSection outletId={2} outletName="Kaapi Katte" />, { trpc: fixtures({ 'reviews.eligible': () => [receipt(8), receipt(9)] }) });
      const form = await screen.findByRole('form', { name: 'Rate your visit to Kaapi Katte' });
      const visit = within(form).getByRole('combobox', { name: 'Visit' });
      expect(visit).toHaveClass('field__select');
      expect(visit.closest('.field')).not.toBeNull();
      expect(within(form).getByRole('textbox', { name: 'Your review' })).toHaveClass('field__textarea');
    });

    it('reports someone else’s review with a reason, once', async () => {
      const report = vi.fn(() => ({ reviewId: 2, reported: true }));
      const { user } = renderWithProviders(<ReviewsSection outletId={2} outletName="Kaapi Katte" />, { trpc: fixtures({ 'reviews.report': report }) });
      const items = await screen.findAllByRole('article');
      await user.click(within(items[1]!).getByRole('button', { name: 'Report' }));
      const dialog = screen.getByRole('dialog', { name: 'Report this review' });
      await user.click(within(dialog).getByRole('radio', { name: 'Not a real visit' }));
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      await waitFor(() => expect(report).toHaveBeenCalledWith({ reviewId: 2, reason: 'fake', note: undefined }));
      expect(await within(items[1]!).findByText("Reported. Thank you, we'll take a look.")).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
