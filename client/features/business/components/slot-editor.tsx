import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Button } from '@client/components/ui/button';
import type { Ad, TimeSlot } from '@server/modules/promotions/schema';
import { DayTimeline } from './day-timeline';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { validationMessage } from '@client/lib/validation';
import {
  hasErrors,
  nextFreeSlot,
  serverSlotErrors,
  validateSlots,
  type SlotDraft,
  type SlotErrors,
} from '../lib/slots';
import { FormNotes } from './form-notes';

type SlotEditorProps = {
  /** The saved slots of the day (the editor starts from them). */
  saved: readonly TimeSlot[];
  ads: readonly Ad[];
  /** The day, as a heading reads it ("Monday", "Monday, 23 November"). */
  dayLabel: string;
  /** Minutes since IST midnight when the day shown is today (a "now" marker and the first free slot). */
  nowMinutes: number | null;
  saving: boolean;
  /** Every slot must run an ad (event slots run the event's offer). */
  requireAd?: boolean;
  /** Saves the whole day; resolves with the day as stored, which the editor then shows. */
  onSave: (slots: SlotDraft[]) => Promise<{ timeSlots: TimeSlot[] }>;
};

let localKey = 0;
const newKey = () => {
  localKey += 1;
  return `new-${localKey}`;
};

export const draftsOf = (slots: readonly TimeSlot[]): SlotDraft[] =>
  slots.map((slot) => ({
    key: `slot-${slot.id}`,
    startTime: slot.startTime,
    endTime: slot.endTime,
    advId: slot.advId,
    discountPercent: slot.discountPercent === null ? '' : String(slot.discountPercent),
    isEnabled: slot.isEnabled,
  }));

/**
 * One day's time slots: add, change and remove rows, then save the whole day at once (PUT
 * timeSlots). Inverted and overlapping slots are flagged before saving; the server checks again.
 */
export function SlotEditor({ saved, ads, dayLabel, nowMinutes, saving, requireAd = false, onSave }: SlotEditorProps) {
  const { t } = useLingui();
  const [drafts, setDrafts] = useState<SlotDraft[]>(() => draftsOf(saved));
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<SlotErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  const adPercent = useMemo(() => {
    const byId = new Map(ads.map((ad) => [ad.id, ad.discountPercent]));
    return (advId: number) => byId.get(advId) ?? null;
  }, [ads]);
  const localErrors = validateSlots(drafts, adPercent);
  if (requireAd) {
    for (const draft of drafts) {
      if (draft.advId === null) (localErrors[draft.key] ??= {}).discountPercent ??= t`Pick an event offer for this slot`;
    }
  }
  const shownErrors: SlotErrors = submitted ? { ...serverErrors, ...localErrors } : serverErrors;

  const update = (key: string, patch: Partial<SlotDraft>) => {
    setTouched(true);
    setSavedNote(null);
    setServerErrors({});
    setDrafts((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };

  const add = () => {
    const free = nextFreeSlot(drafts, nowMinutes ?? 9 * 60);
    if (!free) {
      setFormError(t`This day is fully booked: change or remove a slot first.`);
      return;
    }
    setFormError(null);
    setTouched(true);
    setSavedNote(null);
    const firstWithPercent = ads.find((ad) => ad.isEnabled && (ad.discountPercent ?? 0) > 0) ?? (requireAd ? ads[0] : undefined);
    setDrafts((rows) => [
      ...rows,
      {
        key: newKey(),
        ...free,
        advId: firstWithPercent?.id ?? null,
        discountPercent: firstWithPercent && (firstWithPercent.discountPercent ?? 0) > 0 ? '' : '10',
        isEnabled: true,
      },
    ]);
  };

  const remove = (key: string) => {
    setTouched(true);
    setSavedNote(null);
    setServerErrors({});
    setDrafts((rows) => rows.filter((row) => row.key !== key));
  };

  const save = async () => {
    setSubmitted(true);
    setFormError(null);
    if (hasErrors(localErrors)) {
      setFormError(t`Fix the highlighted slots, then save.`);
      return;
    }
    try {
      const stored = await onSave(drafts);
      setDrafts(draftsOf(stored.timeSlots));
      setTouched(false);
      setSubmitted(false);
      // Issue 17: never "Mon, 23 Nov, 2026's slots are saved."
      setSavedNote(t`Saved the slots for ${dayLabel}.`);
    } catch (error) {
      setServerErrors(serverSlotErrors(fieldErrorsOf(error), drafts));
      setFormError(messageOf(error, t`Could not save the slots. Please try again.`));
    }
  };

  return (
    <section className="slot-editor biz-card" aria-label={t`${dayLabel} time slots`}>
      <div className="slot-editor__head">
        <h2 className="biz-card__title">{dayLabel}</h2>
        <span className="muted slot-editor__count">
          <SlotCount count={drafts.length} />
        </span>
      </div>
      <DayTimeline slots={drafts} nowMinutes={nowMinutes} label={t`${dayLabel} at a glance`} />

      {drafts.length === 0 ? (
        <p className="biz-empty">
          <Trans>No offers on {dayLabel} yet. Add a time slot to start one.</Trans>
        </p>
      ) : (
        <ol className="slot-list">
          {drafts.map((slot, index) => {
            const errors = shownErrors[slot.key] ?? {};
            const n = index + 1;
            const rowErrors = [errors.startTime, errors.endTime, errors.discountPercent]
              .filter((message): message is string => Boolean(message))
              .map((message) => validationMessage(message));
            const ad = slot.advId === null ? undefined : ads.find((item) => item.id === slot.advId);
            return (
              <li key={slot.key} className={`slot-row${slot.isEnabled ? '' : ' slot-row--off'}`}>
                <div className="slot-row__times">
                  <label className="slot-field slot-field--start">
                    <span className="slot-field__label">
                      <Trans>From</Trans>
                    </span>
                    <input
                      type="time"
                      className="field__input slot-field__input"
                      aria-label={t`Slot ${n} start`}
                      value={slot.startTime}
                      step={300}
                      aria-invalid={errors.startTime ? true : undefined}
                      onChange={(event) => update(slot.key, { startTime: event.target.value })}
                    />
                  </label>
                  <label className="slot-field slot-field--end">
                    <span className="slot-field__label">
                      <Trans>To</Trans>
                    </span>
                    <input
                      type="time"
                      className="field__input slot-field__input"
                      aria-label={t`Slot ${n} end`}
                      value={slot.endTime === '24:00' ? '23:59' : slot.endTime}
                      step={300}
                      aria-invalid={errors.endTime ? true : undefined}
                      onChange={(event) => update(slot.key, { endTime: event.target.value === '23:59' ? '24:00' : event.target.value })}
                    />
                  </label>
                  <label className="slot-field slot-field--percent">
                    <span className="slot-field__label">
                      <Trans>Discount %</Trans>
                    </span>
                    <input
                      inputMode="decimal"
                      className="field__input slot-field__input"
                      aria-label={t`Slot ${n} discount percent`}
                      placeholder={ad?.discountPercent != null ? String(ad.discountPercent) : '—'}
                      value={slot.discountPercent}
                      aria-invalid={errors.discountPercent ? true : undefined}
                      onChange={(event) => update(slot.key, { discountPercent: event.target.value.replace(/[^\d.]/g, '') })}
                    />
                  </label>
                </div>
                <div className="slot-row__meta">
                  <label className="slot-field slot-field--ad">
                    <span className="slot-field__label">
                      <Trans comment="The advertisement a time slot runs">Ad</Trans>
                    </span>
                    <select
                      className="field__select slot-field__input"
                      aria-label={t`Slot ${n} ad`}
                      value={slot.advId === null ? '' : String(slot.advId)}
                      onChange={(event) => update(slot.key, { advId: event.target.value === '' ? null : Number(event.target.value) })}
                    >
                      {requireAd && slot.advId !== null ? null : (
                        <option value="">{requireAd ? t`Choose an offer` : t`Discount only`}</option>
                      )}
                      {ads.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.discountPercent != null ? `${item.title} (${item.discountPercent}%)` : item.title}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="slot-toggle">
                    <input
                      type="checkbox"
                      checked={slot.isEnabled}
                      onChange={(event) => update(slot.key, { isEnabled: event.target.checked })}
                    />
                    <span>
                      <Trans comment="A time slot is switched on">On</Trans>
                    </span>
                  </label>
                  <button type="button" className="slot-row__remove" aria-label={t`Remove slot ${n}`} onClick={() => remove(slot.key)}>
                    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                    </svg>
                  </button>
                </div>
                {rowErrors.length > 0 ? (
                  <p className="slot-row__error" role="alert">
                    {rowErrors.join(' · ')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}

      <FormNotes error={formError} ok={savedNote} />

      <div className="slot-editor__actions">
        <Button variant="secondary" size="sm" onClick={add}>
          + <Trans>Add time slot</Trans>
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={saving || (!touched && !submitted)}>
          {saving ? <Trans>Saving…</Trans> : <Trans>Save slots</Trans>}
        </Button>
      </div>
    </section>
  );
}

/** "No slots", "1 slot", "3 slots". */
function SlotCount({ count }: { count: number }) {
  return <Plural value={count} _0="No slots" one="# slot" other="# slots" />;
}
