import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useReducer, useRef, type CSSProperties } from 'react';
import { Button } from '@client/components/ui/button';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { formatPercent } from '@client/lib/format';
import { initialShuffleGame, shuffleGameReducer } from '../lib/shuffle-game';

/** How long the shuffle plays before the cards can be picked (skipped with reduced motion). */
export const SHUFFLE_ANIMATION_MS = 1100;

type ShuffleCardsProps = {
  minPercent: number;
  maxPercent: number;
  /** Asks the server to deal; resolves with how many face-down cards it dealt. */
  deal: () => Promise<{ cards: number }>;
  /** Reveals the picked card: the server draws its value and keeps it as a coupon. */
  reveal: (cardIndex: number) => Promise<{ percent: number; others?: { card: number; percent: number }[] }>;
  /** Called once the value is on screen. */
  onRevealed?: (percent: number) => void;
  /** The label of the button that starts a round (e.g. "Use 1 Golden Key to shuffle"). */
  dealLabel?: string;
  errorMessage?: (error: unknown) => string;
};

const defaultError = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t`Something went wrong. Please try again.`;

/**
 * Shuffle Cards: the outlet's range is shown first, the cards are dealt face down and shuffled, the
 * shopper picks one and presses Reveal; the card flips to show the discount the server drew.
 * Every card is a button (keyboard and screen readers), the outcome is announced in a live region,
 * and with `prefers-reduced-motion` the shuffle is skipped and the flip is instant.
 */
export function ShuffleCards({
  minPercent,
  maxPercent,
  deal,
  reveal,
  onRevealed,
  dealLabel,
  errorMessage = defaultError,
}: ShuffleCardsProps) {
  const { t } = useLingui();
  const reducedMotion = useReducedMotion();
  const [state, dispatch] = useReducer(shuffleGameReducer, initialShuffleGame);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The shuffle animation ends on a timer (the cards cannot be picked mid-shuffle).
  useEffect(() => {
    if (state.phase !== 'shuffling') return;
    const id = setTimeout(() => dispatch({ type: 'shuffled' }), SHUFFLE_ANIMATION_MS);
    return () => clearTimeout(id);
  }, [state.phase]);

  const startDeal = useCallback(async () => {
    dispatch({ type: 'deal' });
    try {
      const result = await deal();
      if (mounted.current) dispatch({ type: 'dealt', cards: result.cards, animate: !reducedMotion });
    } catch (error) {
      if (mounted.current) dispatch({ type: 'failed', message: errorMessage(error) });
    }
  }, [deal, errorMessage, reducedMotion]);

  const selected = 'selected' in state ? state.selected : null;
  const startReveal = useCallback(async () => {
    if (selected === null) return;
    dispatch({ type: 'reveal' });
    try {
      const result = await reveal(selected);
      if (!mounted.current) return;
      dispatch({ type: 'revealed', percent: result.percent, others: result.others });
      onRevealed?.(result.percent);
    } catch (error) {
      if (mounted.current) dispatch({ type: 'failed', message: errorMessage(error) });
    }
  }, [selected, reveal, onRevealed, errorMessage]);

  const cards = 'cards' in state ? state.cards : 3;
  const phase = state.phase;
  const canPick = phase === 'picking';

  const picked = selected === null ? 0 : selected + 1;
  const won = phase === 'revealed' ? formatPercent(state.percent) : '';
  const status =
    phase === 'dealing'
      ? t`Dealing the cards…`
      : phase === 'shuffling'
        ? t`Shuffling the cards…`
        : phase === 'picking'
          ? selected === null
            ? t`Pick a card, then reveal it.`
            : t`Card ${picked} picked. Press Reveal to turn it over.`
          : phase === 'revealing'
            ? t`Turning your card over…`
            : phase === 'revealed'
              ? t`You unlocked an additional ${won} off.`
              : '';
  const min = formatPercent(minPercent);
  const max = formatPercent(maxPercent);

  const error = (phase === 'ready' || phase === 'picking') && state.error ? state.error : null;

  return (
    <section className={`shuffle${reducedMotion ? ' shuffle--still' : ''}`} aria-label={t`Shuffle Cards`}>
      <p className="shuffle__range">
        <Trans>
          Every card hides <strong>{min}</strong> to <strong>{max}</strong> off, on top of your instant discount. No blank
          cards.
        </Trans>
      </p>

      <div
        className={`shuffle__deck shuffle__deck--${phase}`}
        role="group"
        aria-label={canPick ? t`Pick a card` : t`Cards`}
      >
        {Array.from({ length: cards }, (_, index) => {
          const isSelected = selected === index;
          const value =
            phase === 'revealed' ? (isSelected ? state.percent : (state.others[index] ?? null)) : null;
          const flipped = value !== null;
          const faded = phase === 'revealed' && !isSelected;
          const number = index + 1;
          const percent = value !== null ? formatPercent(value) : '';
          const classes = [
            'shuffle-card',
            isSelected ? 'shuffle-card--selected' : '',
            flipped ? 'shuffle-card--flipped' : '',
            faded ? 'shuffle-card--faded' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <button
              key={index}
              type="button"
              className={classes}
              style={{ '--card-index': index, '--card-count': cards } as CSSProperties}
              aria-pressed={phase === 'picking' || phase === 'revealing' || phase === 'revealed' ? isSelected : undefined}
              aria-label={
                value !== null
                  ? isSelected
                    ? t`Card ${number}: ${percent} off, your pick`
                    : t`Card ${number}: ${percent} off`
                  : t`Card ${number} of ${cards}, face down`
              }
              disabled={!canPick}
              onClick={() => dispatch({ type: 'select', index })}
            >
              <span className="shuffle-card__inner" aria-hidden="true">
                <span className="shuffle-card__face shuffle-card__back">
                  <span className="shuffle-card__mark">?</span>
                </span>
                <span className="shuffle-card__face shuffle-card__front">
                  {value !== null ? (
                    <>
                      <span className="shuffle-card__pct">{percent}</span>
                      <span className="shuffle-card__off">{isSelected ? t`extra off` : t`was here`}</span>
                    </>
                  ) : null}
                </span>
              </span>
            </button>
          );
        })}
      </div>

      <p className="shuffle__status" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p className="shuffle__error" role="alert">
          {error}
        </p>
      ) : null}

      <div className="shuffle__actions">
        {phase === 'ready' || phase === 'dealing' ? (
          <Button onClick={() => void startDeal()} disabled={phase === 'dealing'}>
            {phase === 'dealing' ? t`Dealing…` : (dealLabel ?? t`Shuffle the cards`)}
          </Button>
        ) : null}
        {phase === 'shuffling' || phase === 'picking' || phase === 'revealing' ? (
          <Button onClick={() => void startReveal()} disabled={phase !== 'picking' || selected === null}>
            {phase === 'revealing' ? t`Revealing…` : t`Reveal my discount`}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
