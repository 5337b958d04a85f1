import { act, screen } from '@testing-library/react';
import { renderWithI18n as render } from '@client/testing/render';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHUFFLE_ANIMATION_MS, ShuffleCards } from './shuffle-cards';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ShuffleCards', () => {
  it('shows the range before the pick, shuffles, then reveals the picked card', async () => {
    mockReducedMotion(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const reveal = vi.fn(async (card: number) => ({
      percent: 7,
      others: [
        { card: 0, percent: 3 },
        { card: 2, percent: 10 },
      ].filter((o) => o.card !== card),
    }));
    const onRevealed = vi.fn();
    render(
      <ShuffleCards minPercent={2} maxPercent={10} deal={async () => ({ cards: 3 })} reveal={reveal} onRevealed={onRevealed} />,
    );

    // The range is on screen before anything is dealt; the cards are face down and not pickable yet.
    expect(screen.getByText(/Every card hides/)).toHaveTextContent('Every card hides 2% to 10% off');
    const cards = screen.getAllByRole('button', { name: /face down/ });
    expect(cards).toHaveLength(3);
    cards.forEach((card) => expect(card).toBeDisabled());

    await user.click(screen.getByRole('button', { name: 'Shuffle the cards' }));
    expect(await screen.findByText('Shuffling the cards…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal my discount' })).toBeDisabled();

    await act(async () => {
      vi.advanceTimersByTime(SHUFFLE_ANIMATION_MS);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Pick a card, then reveal it.');
    // Reveal is disabled until a card is picked.
    expect(screen.getByRole('button', { name: 'Reveal my discount' })).toBeDisabled();

    const second = screen.getByRole('button', { name: 'Card 2 of 3, face down' });
    await user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Card 2 picked. Press Reveal to turn it over.');

    await user.click(screen.getByRole('button', { name: 'Reveal my discount' }));
    expect(reveal).toHaveBeenCalledWith(1);
    expect(await screen.findByRole('button', { name: 'Card 2: 7% off, your pick' })).toHaveClass('shuffle-card--flipped');
    expect(screen.getByRole('status')).toHaveTextContent('You unlocked an additional 7% off.');
    // The other cards turn over too: no blank cards.
    expect(screen.getByRole('button', { name: 'Card 1: 3% off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Card 3: 10% off' })).toBeInTheDocument();
    expect(onRevealed).toHaveBeenCalledWith(7);
    expect(screen.queryByRole('button', { name: 'Reveal my discount' })).not.toBeInTheDocument();
  });

  it('with reduced motion there is no shuffle: the cards can be picked at once and nothing animates', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const { container } = render(
      <ShuffleCards minPercent={5} maxPercent={15} deal={async () => ({ cards: 3 })} reveal={async () => ({ percent: 5 })} />,
    );
    expect(container.querySelector('.shuffle')).toHaveClass('shuffle--still');
    await user.click(screen.getByRole('button', { name: 'Shuffle the cards' }));
    expect(await screen.findByText('Pick a card, then reveal it.')).toBeInTheDocument();
    expect(screen.queryByText('Shuffling the cards…')).not.toBeInTheDocument();
    expect(container.querySelector('.shuffle__deck--shuffling')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Card 1 of 3, face down' }));
    await user.click(screen.getByRole('button', { name: 'Reveal my discount' }));
    expect(await screen.findByRole('button', { name: 'Card 1: 5% off, your pick' })).toBeInTheDocument();
  });

  it('works from the keyboard alone', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const reveal = vi.fn(async () => ({ percent: 9 }));
    render(<ShuffleCards minPercent={2} maxPercent={10} deal={async () => ({ cards: 3 })} reveal={reveal} />);
    screen.getByRole('button', { name: 'Shuffle the cards' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Pick a card, then reveal it.');
    screen.getByRole('button', { name: 'Card 3 of 3, face down' }).focus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reveal my discount' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(reveal).toHaveBeenCalledWith(2);
    expect(await screen.findByText('You unlocked an additional 9% off.')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the pick so the shopper can try again', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const reveal = vi
      .fn<(card: number) => Promise<{ percent: number }>>()
      .mockRejectedValueOnce(new Error("You have used today's free shuffle at this outlet. Use a Golden Key to shuffle again."))
      .mockResolvedValueOnce({ percent: 4 });
    render(<ShuffleCards minPercent={2} maxPercent={10} deal={async () => ({ cards: 3 })} reveal={reveal} />);
    await user.click(screen.getByRole('button', { name: 'Shuffle the cards' }));
    await user.click(await screen.findByRole('button', { name: 'Card 2 of 3, face down' }));
    await user.click(screen.getByRole('button', { name: 'Reveal my discount' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You have used today's free shuffle at this outlet.");
    expect(screen.getByRole('button', { name: 'Card 2 of 3, face down' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Reveal my discount' }));
    expect(await screen.findByText('You unlocked an additional 4% off.')).toBeInTheDocument();
  });

  it('a failed deal says why and offers the button again', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const deal = vi.fn<() => Promise<{ cards: number }>>().mockRejectedValueOnce(new Error('No network'));
    render(<ShuffleCards minPercent={2} maxPercent={10} deal={deal} reveal={async () => ({ percent: 2 })} />);
    await user.click(screen.getByRole('button', { name: 'Shuffle the cards' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No network');
    expect(screen.getByRole('button', { name: 'Shuffle the cards' })).toBeEnabled();
  });
});
