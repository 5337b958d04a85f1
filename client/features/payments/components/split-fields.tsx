import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { GROUP_MAX_PEOPLE, GROUP_MIN_PEOPLE, type GroupShareView } from '@server/modules/group-bills/schema';
import { checkBillAmount, cleanAmountInput, displayAmountInput, paiseToAmountParam } from '../lib/money';

export type SplitMode = 'equal' | 'custom';

/** How a bill is split, as the host sets it: equal shares among `people`, or each person's part of the bill. */
export interface Split {
  mode: SplitMode;
  people: number;
  /** Each person's part of the bill (rupees as typed), "You" first; as many as `people`. */
  parts: string[];
  setMode: (mode: SplitMode) => void;
  setCount: (people: number) => void;
  setPart: (index: number, value: string) => void;
  /** What the server is sent with the bill: `{ people }` or `{ shares }`, or null while a part is not a valid amount. */
  request: () => { people: number } | { shares: string[] } | null;
}

/**
 * The split's state, for the host's first split (/group/new) and their change to it (the group page's
 * Edit): from `shares` when changing one, "custom" when its parts differ by more than rounding.
 */
export function useSplit(shares?: readonly Pick<GroupShareView, 'billPaise'>[]): Split {
  const [mode, setMode] = useState<SplitMode>(() => {
    if (!shares?.length) return 'equal';
    const bills = shares.map((s) => s.billPaise);
    // An equal split's parts differ by the rounding's paise at most (the host's carries them).
    return Math.max(...bills) - Math.min(...bills) < shares.length ? 'equal' : 'custom';
  });
  const [people, setPeople] = useState(shares?.length || GROUP_MIN_PEOPLE);
  const [parts, setParts] = useState<string[]>(() => (shares?.length ? shares.map((s) => paiseToAmountParam(s.billPaise)) : Array<string>(GROUP_MIN_PEOPLE).fill('')));
  return {
    mode,
    people,
    parts,
    setMode,
    setCount(n) {
      const next = Math.min(GROUP_MAX_PEOPLE, Math.max(GROUP_MIN_PEOPLE, n));
      setPeople(next);
      setParts((current) => (next > current.length ? [...current, ...Array<string>(next - current.length).fill('')] : current.slice(0, next)));
    },
    setPart: (index, value) => setParts((current) => current.map((p, j) => (j === index ? value : p))),
    request() {
      if (mode === 'equal') return { people };
      return parts.every((p) => checkBillAmount(p).ok) ? { shares: parts } : null;
    },
  };
}

/** The split's controls: equal or custom, the people stepper, and one amount per person when custom. */
export function SplitFields({ split }: { split: Split }) {
  const { t } = useLingui();
  const ids = { people: useId(), mode: useId() };
  return (
    <>
      <fieldset className="group-mode">
        <legend className="amount-field__label">
          <Trans>How to split</Trans>
        </legend>
        <label className="group-mode__option">
          <input type="radio" name={ids.mode} checked={split.mode === 'equal'} onChange={() => split.setMode('equal')} />
          <Trans>Split equally</Trans>
        </label>
        <label className="group-mode__option">
          <input type="radio" name={ids.mode} checked={split.mode === 'custom'} onChange={() => split.setMode('custom')} />
          <Trans>Custom amounts</Trans>
        </label>
      </fieldset>

      <div className="group-stepper" role="group" aria-labelledby={ids.people}>
        <span id={ids.people} className="group-stepper__label">
          <Trans>People</Trans>
        </span>
        <button type="button" className="group-stepper__btn" aria-label={t`One person fewer`} disabled={split.people <= GROUP_MIN_PEOPLE} onClick={() => split.setCount(split.people - 1)}>
          −
        </button>
        <output className="group-stepper__value" aria-live="polite" data-testid="people-count">
          {split.people}
        </output>
        <button type="button" className="group-stepper__btn" aria-label={t`One person more`} disabled={split.people >= GROUP_MAX_PEOPLE} onClick={() => split.setCount(split.people + 1)}>
          +
        </button>
      </div>

      {split.mode === 'custom' ? (
        <ol className="group-parts">
          {split.parts.map((part, i) => (
            <PartInput key={i} index={i} value={part} onChange={(v) => split.setPart(i, v)} />
          ))}
        </ol>
      ) : null}
    </>
  );
}

function PartInput({ index, value, onChange }: { index: number; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const n = index + 1;
  const label = index === 0 ? t`You` : t`Person ${n}`;
  return (
    <li className="group-parts__row">
      <label htmlFor={id} className="group-parts__label">
        {label}
      </label>
      <span className="group-parts__box">
        <span aria-hidden="true">₹</span>
        <input
          id={id}
          className="group-parts__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={displayAmountInput(value)}
          onChange={(e) => onChange(cleanAmountInput(e.target.value))}
        />
      </span>
    </li>
  );
}
