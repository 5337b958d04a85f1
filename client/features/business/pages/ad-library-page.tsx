import { msg, ph, t as tNow } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { Ad } from '@server/modules/promotions/schema';
import { AD_LIST_LIMIT, AD_TYPE_LABELS } from '../lib/constants';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import { formatDayMonth, formatPercent } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DeleteButton } from '../components/delete-button';
import { TextField } from '../components/text-field';
import { uploadForm } from '../lib/upload';
import { FormNotes } from '../components/form-notes';

type AdType = 'R' | 'D' | 'E';

/** Where an ad of each type is scheduled, for the "it is in your library" note. */
const SCHEDULE_PAGE: Record<Ad['adType'], MessageDescriptor> = {
  R: msg`Regular offers`,
  D: msg`Daily offers`,
  E: msg`Event offers`,
  Highlight: msg({ message: 'Highlights', context: 'featured ads' }),
};

type Draft = { adType: AdType; title: string; description: string; discountPercent: string; startsOn: string; endsOn: string; eventId: string };
const EMPTY: Draft = { adType: 'R', title: '', description: '', discountPercent: '', startsOn: '', endsOn: '', eventId: '' };

/** Sends an ad's picture through the documented multipart edit (the server checks and resizes it). */
function uploadAdPicture(outletId: number, advId: number, image: File): Promise<unknown> {
  const form = new FormData();
  form.set('outletId', String(outletId));
  form.set('advId', String(advId));
  form.set('image', image);
  return uploadForm('/adv/edit', form, tNow`Failed to upload the picture`);
}

/** Adds or replaces the picture of an ad already in the library. */
function AdPictureButton({ outletId, ad, onUploaded }: { outletId: number; ad: Ad; onUploaded: () => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const adTitle = ad.title;
  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadAdPicture(outletId, ad.id, file);
      onUploaded();
    } catch (e) {
      setError(e instanceof Error ? e.message : t`Failed to upload the picture`);
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
        aria-label={t`Picture for ${adTitle}`}
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? <Trans>Uploading…</Trans> : ad.imageUrl ? <Trans>Change picture</Trans> : <Trans>Add picture</Trans>}
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
  const { t, i18n } = useLingui();
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
    if (!draft.title.trim()) local.title = t`Title is required`;
    const percent = draft.discountPercent.trim();
    if (percent !== '' && !(Number(percent) >= 0 && Number(percent) <= 100)) local.discountPercent = t`The discount must be between 0 and 100`;
    if (draft.adType === 'E' && !draft.eventId) local.eventId = t`Choose the event of this offer`;
    if (draft.startsOn && draft.endsOn && draft.startsOn > draft.endsOn) local.endsOn = t`The end date must be on or after the start date`;
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
          const title = ad.title;
          const page = i18n._(SCHEDULE_PAGE[ad.adType]);
          setNote(t`"${title}" is in your library. Schedule it from ${page}.`);
          if (image) {
            try {
              await uploadAdPicture(id, ad.id, image);
              invalidate();
            } catch (e) {
              const reason = e instanceof Error ? e.message : t`please try again`;
              setErrors({ form: t`The ad is saved, but its picture was not: ${reason}` });
            }
            setImage(null);
            setFileKey((key) => key + 1);
          }
        },
        onError: (error) => setErrors({ ...fieldErrorsOf(error), form: messageOf(error, t`Could not save the ad.`) }),
      },
    );
  };

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const list = (ads.data ?? []).filter((ad) => ad.adType !== 'Highlight' && (filter === 'all' || ad.adType === filter));

  return (
    <BizPage
      title={t`Ad library · Promotion organizer · Bachat for Business`}
      description={t`Create the offers your time slots run: regular, daily and event offers.`}
      heading={t`Ad library`}
      lead={t`Your offers, ready to schedule. An ad carries a title and a discount; the regular, daily and event pages put it into time slots.`}
    >
      <div className="biz-columns">
        <form className="biz-card biz-form" noValidate onSubmit={onSubmit} aria-label={t`New ad`}>
          <h2 className="biz-card__title">
            <Trans>New ad</Trans>
          </h2>
          <div className="field">
            <label className="field__label" htmlFor="ad-type">
              <Trans>Type</Trans>
            </label>
            <select id="ad-type" className="field__select" value={draft.adType} onChange={(e) => set({ adType: e.target.value as AdType })}>
              <option value="R">{t`Regular offer`}</option>
              <option value="D">{t`Daily offer`}</option>
              <option value="E">{t`Event offer`}</option>
            </select>
          </div>
          <TextField
            id="ad-title"
            label={t`Title`}
            value={draft.title}
            error={errors.title}
            onChange={(title) => set({ title })}
            placeholder={t`Lunch combo hour`}
          />
          <TextField
            id="ad-percent"
            label={t`Discount %`}
            value={draft.discountPercent}
            error={errors.discountPercent}
            inputMode="decimal"
            onChange={(discountPercent) => set({ discountPercent: discountPercent.replace(/[^\d.]/g, '') })}
            placeholder="15"
          />
          {draft.adType === 'E' ? (
            <div className="field">
              <label className="field__label" htmlFor="ad-event">
                <Trans>Event</Trans>
              </label>
              <select
                id="ad-event"
                className="field__select"
                value={draft.eventId}
                aria-invalid={errors.eventId ? true : undefined}
                onChange={(e) => set({ eventId: e.target.value })}
              >
                <option value="">{t`Choose an event`}</option>
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
              <Trans>Description</Trans>{' '}
              <span className="field__optional">
                <Trans>(optional)</Trans>
              </span>
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
              <Trans>Picture</Trans>{' '}
              <span className="field__optional">
                <Trans>(optional)</Trans>
              </span>
            </label>
            <input key={fileKey} id="ad-image" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
          </div>
          <div className="biz-form__row">
            <TextField id="ad-starts" label={t`Runs from`} type="date" value={draft.startsOn} error={errors.startsOn} onChange={(startsOn) => set({ startsOn })} optional />
            <TextField id="ad-ends" label={t`Runs until`} type="date" value={draft.endsOn} error={errors.endsOn} onChange={(endsOn) => set({ endsOn })} optional />
          </div>
          <FormNotes error={errors.form} ok={note} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Trans>Saving…</Trans> : <Trans>Add to library</Trans>}
          </Button>
        </form>

        <section className="biz-stack" aria-label={t`Your ads`}>
          <div className="chip-row" role="group" aria-label={t`Show`}>
            {(['all', 'R', 'D', 'E'] as const).map((value) => (
              <button key={value} type="button" className="chip" aria-pressed={filter === value} onClick={() => setFilter(value)}>
                {value === 'all' ? t`All` : i18n._(AD_TYPE_LABELS[value])}
              </button>
            ))}
          </div>
          <QueryState
            query={ads}
            loadingLabel={t`Loading ads`}
            errorMessage={t`We couldn't load your ads.`}
            isEmpty={() => list.length === 0}
            empty={
              <p className="biz-empty">
                <Trans>No ads here yet. Create one with the form.</Trans>
              </p>
            }
          >
            {() => (
              <ul className="ad-list">
                {list.map((ad) => (
                  <li key={ad.id} className={`ad-item${ad.isEnabled ? '' : ' ad-item--off'}${ad.imageUrl ? ' ad-item--image' : ''}`}>
                    {ad.imageUrl ? <img className="ad-item__image" src={ad.imageUrl} alt="" loading="lazy" /> : null}
                    <div className="ad-item__main">
                      <span className={`ad-type ad-type--${ad.adType}`}>{i18n._(AD_TYPE_LABELS[ad.adType])}</span>
                      <h3 className="ad-item__title">{ad.title}</h3>
                      {ad.description ? <p className="ad-item__text muted">{ad.description}</p> : null}
                      <p className="ad-item__meta muted">
                        <AdMeta ad={ad} />
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
                        {ad.isEnabled ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
                      </Button>
                      <DeleteButton
                        aria-label={t`Delete ${ph({ title: ad.title })}`}
                        disabled={remove.isPending}
                        confirm={t`Delete "${ph({ title: ad.title })}"? Its time slots stop running it.`}
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


/** "15.0% off · 1 Dec – no end", or "Discount set per slot". */
function AdMeta({ ad }: { ad: Ad }) {
  const { t } = useLingui();
  const percent = ad.discountPercent != null ? formatPercent(ad.discountPercent, { decimals: 1, trim: false }) : null;
  const from = ad.startsOn ? formatDayMonth(ad.startsOn) : t`now`;
  const to = ad.endsOn ? formatDayMonth(ad.endsOn) : t`no end`;
  return (
    <>
      {percent !== null ? <Trans>{percent} off</Trans> : <Trans>Discount set per slot</Trans>}
      {ad.startsOn || ad.endsOn ? ` · ${from} – ${to}` : ''}
    </>
  );
}
