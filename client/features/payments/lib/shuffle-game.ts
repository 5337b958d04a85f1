/**
 * The Shuffle Cards game as a small state machine, kept apart from the UI so every transition is
 * tested. The card's value is never known here before the pick: the server draws it (CSPRNG) when
 * the shopper reveals a card, and the client only shows what came back.
 *
 *   ready ──deal──▶ dealing ──dealt──▶ shuffling ──shuffled──▶ picking ──select──▶ picking(selected)
 *     ▲                │                                             │
 *     └──── failed ◀───┘          revealing ◀──reveal────────────────┘
 *                                     │ revealed → revealed (face up, value shown)
 *                                     └ failed   → picking again (same deal), with the error
 */

export type ShuffleGameState =
  | { phase: 'ready'; error: string | null }
  | { phase: 'dealing' }
  | { phase: 'shuffling'; cards: number }
  | { phase: 'picking'; cards: number; selected: number | null; error: string | null }
  | { phase: 'revealing'; cards: number; selected: number }
  | {
      phase: 'revealed';
      cards: number;
      selected: number;
      percent: number;
      /** What the other cards would have shown (card index → percent), turned over after the pick. */
      others: Record<number, number>;
    };

export type ShuffleGameAction =
  | { type: 'deal' }
  | { type: 'dealt'; cards: number; animate: boolean }
  | { type: 'shuffled' }
  | { type: 'select'; index: number }
  | { type: 'reveal' }
  | { type: 'revealed'; percent: number; others?: { card: number; percent: number }[] }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const initialShuffleGame: ShuffleGameState = { phase: 'ready', error: null };

export function shuffleGameReducer(state: ShuffleGameState, action: ShuffleGameAction): ShuffleGameState {
  switch (action.type) {
    case 'deal':
      return state.phase === 'ready' ? { phase: 'dealing' } : state;
    case 'dealt':
      if (state.phase !== 'dealing') return state;
      return action.animate
        ? { phase: 'shuffling', cards: action.cards }
        : { phase: 'picking', cards: action.cards, selected: null, error: null };
    case 'shuffled':
      return state.phase === 'shuffling'
        ? { phase: 'picking', cards: state.cards, selected: null, error: null }
        : state;
    case 'select':
      if (state.phase !== 'picking' || action.index < 0 || action.index >= state.cards) return state;
      return { ...state, selected: action.index, error: null };
    case 'reveal':
      if (state.phase !== 'picking' || state.selected === null) return state;
      return { phase: 'revealing', cards: state.cards, selected: state.selected };
    case 'revealed':
      if (state.phase !== 'revealing') return state;
      return {
        phase: 'revealed',
        cards: state.cards,
        selected: state.selected,
        percent: action.percent,
        others: Object.fromEntries(
          (action.others ?? [])
            .filter((o) => o.card !== state.selected && o.card >= 0 && o.card < state.cards)
            .map((o) => [o.card, o.percent]),
        ),
      };
    case 'failed':
      if (state.phase === 'dealing') return { phase: 'ready', error: action.message };
      if (state.phase === 'revealing')
        return { phase: 'picking', cards: state.cards, selected: state.selected, error: action.message };
      return state;
    case 'reset':
      return initialShuffleGame;
  }
}
