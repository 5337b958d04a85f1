import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { OffersList } from './offers-list';

describe('OffersList', () => {
  it('lists an interrupted offer with the times it really applies, not as scheduled', () => {
    renderWithProviders(
      <OffersList
        offers={[
          {
            id: 1,
            promotionId: 10,
            adType: 'R',
            source: 'regular',
            title: 'Lunch to dinner: 30% off',
            description: null,
            discountPercent: 30,
            startsAt: '12:00',
            endsAt: '23:00',
            slotStartsAt: '12:00',
            slotEndsAt: '23:00',
            windows: [
              { startsAt: '12:00', endsAt: '18:00' },
              { startsAt: '21:00', endsAt: '23:00' },
            ],
            status: 'upcoming',
            event: null,
          },
        ]}
      />,
    );
    expect(screen.getByText(/Regular offer · 12 pm – 6 pm, 9 pm – 11 pm/)).toBeInTheDocument();
    expect(screen.getByText('Later')).toBeInTheDocument();
  });
});
