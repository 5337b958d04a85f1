import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState, combineQueries } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { PromotionEvent } from '@server/modules/promotions/schema';
import { AD_LIST_LIMIT } from '../lib/constants';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { formatLongWeekdayDate, formatWeekdayDate } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { istNow, slotsToSave } from '../lib/slots';
import { SlotEditor } from '../components/slot-editor';
import { TextField } from '../components/text-field';
import { FormNotes } from '../components/form-notes';

/** SPEC §4: an event's default name (stored as it is: the shoppers' offers show it). */
export const DEFAULT_EVENT_NAME = 'EVENT OFFERS';
const COLOURS = ['#FF6600', '#E11D48', '#7C3AED', '#0891B2', '#16A34A', '#CA8A04'] as const;

/** promotion-organizer/event-offers: dated events with their own time slots (ad type E). */
export function EventOffersPage({ outletId }: BusinessPageProps) {
  const { t } = useLingui();
  const id = outletId ?? 0;
  const now = istNow();
  const utils = trpc.useUtils();
  const events = trpc.promotions.events.useQuery({ outletId: id });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [date, setDate] = useState(now.date);
  const [colour, setColour] = useState<string>(COLOURS[0]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refresh = () => {
    void utils.promotions.events.invalidate({ outletId: id });
    void utils.promotions.liveAndScheduled.invalidate({ outletId: id });
  };
  const create = trpc.promotions.createEvent.useMutation({ onSuccess: refresh });
  const update = trpc.promotions.updateEvent.useMutation({ onSuccess: refresh });
  const remove = trpc.promotions.deleteEvent.useMutation({ onSuccess: refresh });

  const list = events.data ?? [];
  // SPEC §4: the first event gives the current date, colour and name.
  const selected = list.find((event) => event.id === selectedId) ?? list[0] ?? null;

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    if (!date) {
      setErrors({ date: t`Choose a date` });
      return;
    }
    create.mutate(
      { outletId: id, name: name.trim() || DEFAULT_EVENT_NAME, date, colorHash: colour, isEnabled: true },
      {
        onSuccess: (created) => {
          setSelectedId(created.id);
          setName('');
        },
        onError: (error) => setErrors({ ...fieldErrorsOf(error), form: messageOf(error, t`Could not create the event.`) }),
      },
    );
  };

  return (
    <BizPage
      title={t`Event offers · Promotion organizer · Bachat for Business`}
      description={t`Plan event nights with their own offers: they win over every other offer while they run.`}
      heading={t`Event offers`}
      lead={t`A match screening, a festival night, a live gig: an event has a date and its own time slots, and wins over every other offer while it runs.`}
    >
      <div className="biz-columns">
        <div className="biz-stack">
          <form className="biz-card biz-form" noValidate onSubmit={onCreate} aria-label={t`New event`}>
            <h2 className="biz-card__title">
              <Trans>New event</Trans>
            </h2>
            <TextField id="event-name" label={t`Name`} value={name} onChange={setName} placeholder={DEFAULT_EVENT_NAME} error={errors.name} />
            <TextField id="event-date" label={t`Date`} type="date" value={date} onChange={setDate} error={errors.date} />
            <fieldset className="colour-picker">
              <legend className="field__label">
                <Trans>Colour</Trans>
              </legend>
              {COLOURS.map((value) => (
                <label key={value} className="colour-picker__swatch" style={{ background: value }}>
                  <input type="radio" name="event-colour" value={value} checked={colour === value} onChange={() => setColour(value)} />
                  <span className="visually-hidden">{value}</span>
                </label>
              ))}
            </fieldset>
            <FormNotes error={errors.form} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Trans>Creating…</Trans> : <Trans>Create event</Trans>}
            </Button>
          </form>

          <QueryState
            query={events}
            loadingLabel={t`Loading events`}
            errorMessage={t`We couldn't load your events.`}
            isEmpty={() => list.length === 0}
            empty={
              <p className="biz-empty">
                <Trans>No events yet.</Trans>
              </p>
            }
          >
            {() => (
              <ul className="event-list" aria-label={t`Your events`}>
                {list.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="event-item"
                      aria-pressed={selected?.id === item.id}
                      onClick={() => setSelectedId(item.id)}
                      style={{ borderLeftColor: item.colorHash }}
                    >
                      <span className="event-item__name">{item.name}</span>
                      <span className="event-item__date muted">
                        {formatWeekdayDate(item.date)}
                        {item.isEnabled ? '' : ` · ${t`off`}`}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>

        {selected ? (
          <EventSlots
            key={selected.id}
            outletId={id}
            event={selected}
            nowMinutes={selected.date === now.date ? now.minutes : null}
            onToggle={() => update.mutate({ outletId: id, eventId: selected.id, isEnabled: !selected.isEnabled })}
            onDelete={() => {
              const eventName = selected.name;
              if (window.confirm(t`Delete "${eventName}" and its slots?`)) {
                remove.mutate({ outletId: id, eventId: selected.id }, { onSuccess: () => setSelectedId(null) });
              }
            }}
            busy={update.isPending || remove.isPending}
          />
        ) : null}
      </div>
    </BizPage>
  );
}

type EventSlotsProps = {
  outletId: number;
  event: PromotionEvent;
  nowMinutes: number | null;
  onToggle: () => void;
  onDelete: () => void;
  busy: boolean;
};

function EventSlots({ outletId, event, nowMinutes, onToggle, onDelete, busy }: EventSlotsProps) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const ads = trpc.promotions.ads.useQuery({ outletId, adType: 'E', offset: 0, limit: AD_LIST_LIMIT });
  const slots = trpc.promotions.timeSlots.useQuery({ outletId, adType: 'E', date: event.date });
  const save = trpc.promotions.setTimeSlots.useMutation({
    onSuccess: (result) => {
      utils.promotions.timeSlots.setData({ outletId, adType: 'E', date: event.date }, result);
      void utils.promotions.liveAndScheduled.invalidate({ outletId });
    },
  });
  const eventAds = (ads.data ?? []).filter((ad) => ad.eventId === event.id);
  const eventName = event.name;

  return (
    <section className="biz-stack" aria-label={t`${eventName} slots`}>
      <div className="event-head" style={{ borderTopColor: event.colorHash }}>
        <div>
          <h2 className="biz-card__title">{event.name}</h2>
          <p className="muted">{formatWeekdayDate(event.date)}</p>
        </div>
        <div className="biz-row-actions">
          <Button variant="secondary" size="sm" onClick={onToggle} disabled={busy}>
            {event.isEnabled ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} disabled={busy}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
      {eventAds.length === 0 ? (
        <p className="muted biz-hint">
          <Trans>An event's slots run its event offers: first create an event offer for {eventName} in the ad library.</Trans>
        </p>
      ) : null}
      <QueryState query={combineQueries(slots, ads)} loadingLabel={t`Loading time slots`} errorMessage={t`We couldn't load the time slots.`}>
        {([daySlots]) => (
          <SlotEditor
            key={`${outletId}-${event.id}`}
            saved={daySlots.timeSlots}
            ads={eventAds}
            dayLabel={formatLongWeekdayDate(event.date)}
            nowMinutes={nowMinutes}
            saving={save.isPending}
            requireAd
            onSave={(drafts) =>
              save.mutateAsync({
                outletId,
                adType: 'E',
                date: event.date,
                timeSlots: slotsToSave(drafts),
              })
            }
          />
        )}
      </QueryState>
    </section>
  );
}
