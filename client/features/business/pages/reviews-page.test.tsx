import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnerReview } from '@server/modules/reviews/schema';
import { testReview } from '@client/testing/fixtures';
import { renderWithProviders } from '@client/testing/render';
import { getBusinessSession, saveBusinessSession } from '../lib/session';
import { OWNER_DETAILS } from '../test-fixtures';
import { AboutPage } from './about-page';
import { ReviewsPage } from './reviews-page';

afterEach(() => {
  for (const name of ['businessUserDetails']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

const review = (over: Partial<OwnerReview> = {}): OwnerReview => ({
  ...testReview({ outletId: 11, rating: 2, body: 'Cold food' }),
  status: 'published',
  reportCount: 0,
  ...over,
});

describe('dashboard/reviews', () => {
  it('lists the reviews and posts one reply; the filter asks for the unanswered ones', async () => {
    saveBusinessSession(OWNER_DETAILS);
    let replied = false;
    const forOutlet = vi.fn(() => ({
      summary: { average: 2, count: 1, histogram: [0, 1, 0, 0, 0] },
      items: [review(replied ? { ownerReply: { text: 'Sorry, come back on us', repliedAt: new Date('2026-11-21T10:00:00Z') } } : {})],
      totalCount: 1,
      offSet: 1,
      limit: 10,
      hasMore: false,
    }));
    const reply = vi.fn(() => {
      replied = true;
      return review();
    });
    const { user } = renderWithProviders(<ReviewsPage outletId={11} session={getBusinessSession()!} />, {
      trpc: { 'reviews.forOutlet': forOutlet, 'reviews.reply': reply },
    });
    const item = await screen.findByRole('article', { name: 'Review by Asha R.' });
    expect(within(item).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    expect(within(item).getByText('Write your reply')).toBeInTheDocument();
    await user.type(within(item).getByRole('textbox', { name: 'Your reply' }), 'Sorry, come back on us');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(reply).toHaveBeenCalledWith({ outletId: 11, reviewId: 7, reply: 'Sorry, come back on us' }));
    expect(await screen.findByText('Your reply')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post reply' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Only reviews waiting for a reply' }));
    await waitFor(() => expect(forOutlet).toHaveBeenLastCalledWith(expect.objectContaining({ outletId: 11, unanswered: true, offSet: 1 })));
  });
});

describe('account/about: what shoppers filter and search on', () => {
  it('sends pure veg, cuisines and dishes with the overview', async () => {
    saveBusinessSession(OWNER_DETAILS);
    const overview = { outletId: 11, about: '', costForTwoPaise: null, highlights: [], isVeg: false, cuisines: ['Cafe'], dishes: [], updatedAt: null };
    const update = vi.fn((input: unknown) => ({ ...overview, ...(input as object) }));
    const { user } = renderWithProviders(<AboutPage outletId={11} session={getBusinessSession()!} />, {
      trpc: { 'businessAccount.overview': () => overview, 'businessAccount.updateOverview': update },
    });
    const cuisines = await screen.findByRole('textbox', { name: /Cuisines/ });
    expect(cuisines).toHaveValue('Cafe');
    await user.click(screen.getByRole('checkbox', { name: /Pure vegetarian outlet/ }));
    await user.clear(cuisines);
    await user.type(cuisines, 'South Indian, Udupi, ');
    await user.type(screen.getByRole('textbox', { name: /Dishes/ }), 'Masala Dosa, Rava Idli');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(expect.objectContaining({ outletId: 11, isVeg: true, cuisines: ['South Indian', 'Udupi'], dishes: ['Masala Dosa', 'Rava Idli'] })),
    );
  });
});
