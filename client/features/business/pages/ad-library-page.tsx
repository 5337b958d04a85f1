import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { Ad } from '@server/modules/promotions/schema';
import { AD_LIST_LIMIT } from '../lib/constants';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { formatDayMonth, formatPercent } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DeleteButton } from '../components/delete-button';
import { TextField } from '../components/text-field';
import { uploadForm } from '../lib/upload';
import { FormNotes } from '../components/form-notes';

type AdType = 'R' | 'D' | 'E';

const TYPE_LABELS: Record<Ad['adType'], string> = { R: 'Regular', D: 'Daily', E: 'Event', Highlight: 'Highlight' };

type Draft = { adType: AdType; title: string; description: string; discountPercent: string; startsOn: string; endsOn: string; eventId: string };
const EMPTY: Draft = { adType: 'R', title: '', description: '', discountPercent: '', startsOn: '', endsOn: '', eventId: '' };

/** Sends an ad's picture through the documented multipart edit (the server checks and resizes it). */
function uploadAdPicture(outletId: number, advId: number, image: File): Promise<unknown> {
  const form = new FormData();
  form.set('outletId', String(outletId));
  form.set('advId', String(advId));
  form.set('image', image);
  return uploadForm('/adv/edit', form, 'Failed to upload the picture');
}

/** Adds or replaces the picture of an ad already in the library. */
function AdPictureButton({ outletId, ad, onUploaded }: { outletId: number; ad: Ad; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadAdPicture(outletId, ad.id, file);
      onUploaded();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to upload the picture');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png,image/webp"
        aria-label={`Picture for ${ad.title}`}
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Uploading…' : ad.imageUrl ? 'Change picture' : 'Add picture'}
      </Button>
      {error ? (
        <p className="field__error ad-item__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** promotion-organizer/ad-library: the offers (R, D, E) that time slots run. */
export function AdLibraryPage({ outletId }: BusinessPageProps) {
  const id = outletId ?? 0;
  const utils = trpc.useUtils();
  const ads = trpc.promotions.ads.useQuery({ outletId: id, offset: 0, limit: AD_LIST_LIMIT });
  const events = trpc.promotions.events.useQuery({ outletId: id });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [filter, setFilter] = useState<'all' | AdType>('all');
  const [image, setImage] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const invalidate = () => {
    void utils.promotions.ads.invalidate({ outletId: id });
    void utils.promotions.liveAndScheduled.invalidate({ outletId: id });
  };
  const create = trpc.promotions.createAd.useMutation({ onSuccess: invalidate });
  const update = trpc.promotions.updateAd.useMutation({ onSuccess: invalidate });
  const remove = trpc.promotions.deleteAd.useMutation({ onSuccess: invalidate });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = 'Title is required';
    const percent = draft.discountPercent.trim();
    if (percent !== '' && !(Number(percent) >= 0 && Number(percent) <= 100)) local.discountPercent = 'The discount must be between 0 and 100';
    if (draft.adType === 'E' && !draft.eventId) local.eventId = 'Choose the event of this offer';
    if (draft.startsOn && draft.endsOn && draft.startsOn > draft.endsOn) local.endsOn = 'The end date must be on or after the start date';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    create.mutate(
      {
        outletId: id,
        adType: draft.adType,
        title: draft.title.trim(),
        description: draft.description.trim() || null,
        discountPercent: percent === '' ? null : Number(percent),
        startsOn: draft.startsOn || null,
        endsOn: draft.endsOn || null,
        eventId: draft.adType === 'E' ? Number(draft.eventId) : null,
      },
      {
        onSuccess: async (ad) => {
          setDraft({ ...EMPTY, adType: draft.adType });
          setNote(`“${ad.title}” is in your library. Schedule it from ${TYPE_LABELS[ad.adType].toLowerCase()} offers.`);
          if (image) {
            try {
              await uploadAdPicture(id, ad.id, image);
              invalidate();
            } catch (e) {
              setErrors({ form: `The ad is saved, but its picture was not: ${e instanceof Error ? e.message : 'please try again'}` });
            }
            setImage(null);
            setFileKey((key) => key + 1);
          }
        },
        onError: (error) => setErrors({ ...fieldErrorsOf(error), form: messageOf(error, 'Could not save the ad.') }),
      },
    );
  };

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const list = (ads.data ?? []).filter((ad) => ad.adType !== 'Highlight' && (filter === 'all' || ad.adType === filter));

  return (
    <BizPage
      title="Ad library · Promotion organizer · Bachat for Business"
      description="Create the offers your time slots run: regular, daily and event offers."
      heading="Ad library"
      lead="Your offers, ready to schedule. An ad carries a title and a discount; the regular, daily and event pages put it into time slots."
    >

      <div className="biz-columns">
        <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label="New ad">
          <h2 className="biz-card__title">New ad</h2>
          <div className="field">
            <label className="field__label" htmlFor="ad-type">
              Type
            </label>
            <select id="ad-type" className="field__select" value={draft.adType} onChange={(e) => set({ adType: e.target.value as AdType })}>
              <option value="R">Regular offer</option>
              <option value="D">Daily offer</option>
              <option value="E">Event offer</option>
            </select>
          </div>
          <TextField id="ad-title" label="Title" value={draft.title} error={errors.title} onChange={(title) => set({ title })} placeholder="Lunch combo hour" />
          <TextField
            id="ad-percent"
            label="Discount %"
            value={draft.discountPercent}
            error={errors.discountPercent}
            inputMode="decimal"
            onChange={(discountPercent) => set({ discountPercent: discountPercent.replace(/[^\d.]/g, '') })}
            placeholder="15"
          />
          {draft.adType === 'E' ? (
            <div className="field">
              <label className="field__label" htmlFor="ad-event">
                Event
              </label>
              <select
                id="ad-event"
                className="field__select"
                value={draft.eventId}
                aria-invalid={errors.eventId ? true : undefined}
                onChange={(e) => set({ eventId: e.target.value })}
              >
                <option value="">Choose an event</option>
                {(events.data ?? []).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name} · {formatDayMonth(item.date)}
                  </option>
                ))}
              </select>
              {errors.eventId ? <p className="field__error">{errors.eventId}</p> : null}
            </div>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor="ad-description">
              Description <span className="field__optional">(optional)</span>
            </label>
            <textarea
              id="ad-description"
              className="field__textarea"
              rows={3}
              maxLength={500}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="ad-image">
              Picture <span className="field__optional">(optional)</span>
            </label>
            <input key={fileKey} id="ad-image" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
          </div>
          <div className="biz-form__row">
            <TextField id="ad-starts" label="Runs from" type="date" value={draft.startsOn} error={errors.startsOn} onChange={(startsOn) => set({ startsOn })} optional />
            <TextField id="ad-ends" label="Runs until" type="date" value={draft.endsOn} error={errors.endsOn} onChange={(endsOn) => set({ endsOn })} optional />
          </div>
          <FormNotes error={errors.form} ok={note} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Add to library'}
          </Button>
        </form>

        <section className="biz-stack" aria-label="Your ads">
          <div className="chip-row" role="group" aria-label="Show">
            {(['all', 'R', 'D', 'E'] as const).map((value) => (
              <button key={value} type="button" className="chip" aria-pressed={filter === value} onClick={() => setFilter(value)}>
                {value === 'all' ? 'All' : TYPE_LABELS[value]}
              </button>
            ))}
          </div>
          <QueryState
            query={ads}
            loadingLabel="Loading ads"
            errorMessage="We couldn't load your ads."
            isEmpty={() => list.length === 0}
            empty={<p className="biz-empty">No ads here yet. Create one with the form.</p>}
          >
            {() => (
              <ul className="ad-list">
                {list.map((ad) => (
                  <li key={ad.id} className={`ad-item${ad.isEnabled ? '' : ' ad-item--off'}${ad.imageUrl ? ' ad-item--image' : ''}`}>
                    {ad.imageUrl ? <img className="ad-item__image" src={ad.imageUrl} alt="" loading="lazy" /> : null}
                    <div className="ad-item__main">
                      <span className={`ad-type ad-type--${ad.adType}`}>{TYPE_LABELS[ad.adType]}</span>
                      <h3 className="ad-item__title">{ad.title}</h3>
                      {ad.description ? <p className="ad-item__text muted">{ad.description}</p> : null}
                      <p className="ad-item__meta muted">
                        {ad.discountPercent != null ? `${formatPercent(ad.discountPercent, { decimals: 1, trim: false })} off` : 'Discount set per slot'}
                        {ad.startsOn || ad.endsOn
                          ? ` · ${ad.startsOn ? formatDayMonth(ad.startsOn) : 'now'} – ${ad.endsOn ? formatDayMonth(ad.endsOn) : 'no end'}`
                          : ''}
                      </p>
                    </div>
                    <div className="biz-row-actions">
                      <AdPictureButton outletId={id} ad={ad} onUploaded={invalidate} />
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={update.isPending}
                        onClick={() => update.mutate({ outletId: id, advId: ad.id, isEnabled: !ad.isEnabled })}
                      >
                        {ad.isEnabled ? 'Pause' : 'Resume'}
                      </Button>
                      <DeleteButton
                        aria-label={`Delete ${ad.title}`}
                        disabled={remove.isPending}
                        confirm={`Delete “${ad.title}”? Its time slots stop running it.`}
                        onConfirm={() => remove.mutate({ outletId: id, advId: ad.id, adType: ad.adType })}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>
    </BizPage>
  );
}
