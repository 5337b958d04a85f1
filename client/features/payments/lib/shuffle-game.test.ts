import { describe, expect, it } from 'vitest';
import { initialShuffleGame, shuffleGameReducer as step, type ShuffleGameAction, type ShuffleGameState } from './shuffle-game';

const run = (actions: ShuffleGameAction[], from: ShuffleGameState = initialShuffleGame) => actions.reduce(step, from);

describe('the Shuffle Cards state machine', () => {
  it('deals, shuffles, lets the shopper pick, then reveals the server’s value', () => {
    let s = run([{ type: 'deal' }]);
    expect(s).toEqual({ phase: 'dealing' });
    s = step(s, { type: 'dealt', cards: 3, animate: true });
    expect(s).toEqual({ phase: 'shuffling', cards: 3 });
    // No pick and no reveal mid-shuffle.
    expect(step(s, { type: 'select', index: 1 })).toBe(s);
    expect(step(s, { type: 'reveal' })).toBe(s);
    s = step(s, { type: 'shuffled' });
    expect(s).toEqual({ phase: 'picking', cards: 3, selected: null, error: null });
    // Reveal needs a pick.
    expect(step(s, { type: 'reveal' })).toBe(s);
    s = run([{ type: 'select', index: 0 }, { type: 'select', index: 2 }], s);
    expect(s).toMatchObject({ phase: 'picking', selected: 2 });
    s = step(s, { type: 'reveal' });
    expect(s).toEqual({ phase: 'revealing', cards: 3, selected: 2 });
    // Picking another card while the server answers is ignored.
    expect(step(s, { type: 'select', index: 0 })).toBe(s);
    s = step(s, {
      type: 'revealed',
      percent: 7.5,
      others: [
        { card: 0, percent: 4 },
        { card: 1, percent: 11 },
        { card: 2, percent: 99 },
      ],
    });
    // The picked card's value is the one the server returned for it; it cannot be overwritten.
    expect(s).toEqual({ phase: 'revealed', cards: 3, selected: 2, percent: 7.5, others: { 0: 4, 1: 11 } });
    expect(step(s, { type: 'revealed', percent: 12 })).toBe(s);
    expect(step(s, { type: 'select', index: 0 })).toBe(s);
  });

  it('skips the shuffle animation when motion is reduced', () => {
    expect(run([{ type: 'deal' }, { type: 'dealt', cards: 3, animate: false }])).toEqual({
      phase: 'picking',
      cards: 3,
      selected: null,
      error: null,
    });
  });

  it('ignores picks outside the deck', () => {
    const picking = run([{ type: 'deal' }, { type: 'dealt', cards: 3, animate: false }]);
    expect(step(picking, { type: 'select', index: 3 })).toBe(picking);
    expect(step(picking, { type: 'select', index: -1 })).toBe(picking);
  });

  it('a failed deal goes back to the start with the message; a failed reveal keeps the pick', () => {
    expect(run([{ type: 'deal' }, { type: 'failed', message: 'No keys' }])).toEqual({ phase: 'ready', error: 'No keys' });
    const failed = run([
      { type: 'deal' },
      { type: 'dealt', cards: 3, animate: false },
      { type: 'select', index: 1 },
      { type: 'reveal' },
      { type: 'failed', message: 'Network' },
    ]);
    expect(failed).toEqual({ phase: 'picking', cards: 3, selected: 1, error: 'Network' });
    // Picking again clears the error.
    expect(step(failed, { type: 'select', index: 0 })).toMatchObject({ selected: 0, error: null });
  });

  it('starts over on reset', () => {
    expect(run([{ type: 'deal' }, { type: 'reset' }])).toBe(initialShuffleGame);
  });
});
